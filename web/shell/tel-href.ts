/** A phone number as a `tel:` link: digits and the leading +, as dialers read it (spaces are for people). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
