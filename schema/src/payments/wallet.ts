/**
 * The wallets Stripe names on a card payment's charge (`payment_method_details.card.wallet.type`),
 * by the name the shopper knows them by — a brand, written the same in English and Arabic. A type
 * not listed here is shown as the card it pays with.
 */
const WALLET_NAMES: Readonly<Record<string, string>> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  samsung_pay: 'Samsung Pay',
  link: 'Link',
};

/** "Apple Pay" for `apple_pay`; null for no wallet or one we do not name. */
export function walletName(type: string | null | undefined): string | null {
  return (type && WALLET_NAMES[type]) || null;
}
