export interface StripeJsDoubleOptions {
  /** Where the Stripe double's REST API answers, as the page can reach it (same origin: a relay). */
  apiBase: string;
  /** The wallet the Express Checkout Element offers; null offers none (no button). */
  wallet: { type: 'google_pay' | 'apple_pay'; name: string; email: string } | null;
}
