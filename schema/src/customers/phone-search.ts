import { normalizePhone } from '../validation/fields';

/**
 * What a staff search matches in stored phones, or null when the text is not a phone (fewer than
 * 4 digits, or letters in it). Phones are kept as the shopper typed them (+971 50 123 4567,
 * 050-123-4567), so the search compares digits, and the UAE national number: the international
 * prefix (+971, 00971) and the trunk 0 are dropped, so 050…, +971 50… and 00971 50… find each
 * other. Spaces, dashes and brackets go as at checkout (SPEC 5's normalizePhone).
 */
export function phoneSearchDigits(text: string): string | null {
  const cleaned = normalizePhone(text.trim());
  if (!/^\+?\d{4,}$/.test(cleaned)) return null;
  return cleaned.replace(/^\+/, '').replace(/^00/, '').replace(/^971/, '').replace(/^0/, '');
}
