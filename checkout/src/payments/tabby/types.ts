import type { Fils } from '@qahwa/schema';

/**
 * The Tabby client's own vocabulary (docs/tabby.md, /work/shared/TABBY.md): what callers pass and
 * get back, camelCase and in integer fils. Tabby's wire format (snake_case, "100.00") lives in
 * wire.ts only, so no caller ever formats or parses a Tabby amount itself.
 */

export interface TabbyClientOptions {
  /** Tabby's API host (production) or the fake's (`http://127.0.0.1:4010`); no trailing path. */
  apiBase: string;
  /** `sk_test_…` / `sk_…`: sent as `Authorization: Bearer`. */
  secretKey: string;
  /** SPEC 7: 'GR' unless configured; sent in the session body and the webhook registration. */
  merchantCode: string;
  /** Per request; a slower answer is a retryable failure. Default 10 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type TabbyLang = 'en' | 'ar';
export type TabbySessionStatus = 'created' | 'rejected' | 'expired' | 'approved';
export type TabbyPaymentStatus = 'CREATED' | 'AUTHORIZED' | 'CLOSED' | 'REJECTED' | 'EXPIRED';
export type TabbyRejectionReason = 'not_available' | 'order_amount_too_high' | 'order_amount_too_low';

export interface TabbyItem {
  referenceId: string;
  title: string;
  quantity: number;
  unitPriceFils: Fils;
  category: string;
}

export interface TabbyHistoricalOrder {
  purchasedAt: string;
  amountFils: Fils;
  status: 'new' | 'processing' | 'complete' | 'refunded' | 'canceled' | 'unknown';
  paymentMethod?: 'card' | 'cod';
}

export interface TabbySessionRequest {
  amountFils: Fils;
  currency: 'AED';
  description: string;
  buyer: { name: string; email: string; phone: string };
  shippingAddress: { city: string; address: string; zip: string };
  order: {
    /** Our checkout id: Tabby shows it to staff and echoes it in webhooks and payments. */
    referenceId: string;
    taxFils?: Fils;
    shippingFils: Fils;
    discountFils: Fils;
    items: TabbyItem[];
  };
  buyerHistory?: { registeredSince: string; loyaltyLevel: number };
  orderHistory?: TabbyHistoricalOrder[];
  meta?: { orderId?: string | null; customer?: string | null };
  lang: TabbyLang;
  merchantUrls: { success: string; cancel: string; failure: string };
}

export interface TabbySession {
  id: string;
  status: TabbySessionStatus;
  paymentId: string;
  paymentStatus: TabbyPaymentStatus;
  /** The hosted page to send the shopper to; null when pre-scoring rejected the session. */
  webUrl: string | null;
  isAvailable: boolean;
  rejectionReason: TabbyRejectionReason | null;
}

export interface TabbyMovement {
  id: string;
  /** As Tabby wrote it ("100.00") … */
  amount: string;
  /** … and in fils, for sums and comparisons. */
  amountFils: Fils;
  referenceId: string | null;
}

export interface TabbyPayment {
  id: string;
  status: TabbyPaymentStatus;
  amount: string;
  amountFils: Fils;
  currency: string;
  orderReferenceId: string | null;
  captures: TabbyMovement[];
  refunds: TabbyMovement[];
  isTest: boolean;
  createdAt: string;
}

export interface TabbyCaptureRequest {
  amountFils: Fils;
  /** The idempotency key: the same reference replays the same capture (TABBY.md). */
  referenceId: string;
  taxFils?: Fils;
  shippingFils?: Fils;
  discountFils?: Fils;
  items?: TabbyItem[];
}

export interface TabbyRefundRequest {
  amountFils: Fils;
  referenceId: string;
  reason?: string;
  items?: TabbyItem[];
}

export interface TabbyWebhookRegistration {
  url: string;
  header: { title: string; value: string };
}

export interface TabbyClient {
  createSession(req: TabbySessionRequest): Promise<TabbySession>;
  getPayment(paymentId: string): Promise<TabbyPayment>;
  capture(paymentId: string, req: TabbyCaptureRequest): Promise<TabbyPayment>;
  close(paymentId: string): Promise<TabbyPayment>;
  refund(paymentId: string, req: TabbyRefundRequest): Promise<TabbyPayment>;
  /** `POST /api/v1/webhooks`: one URL and one static header per merchant (set up once, by hand or script). */
  registerWebhook(reg: TabbyWebhookRegistration): Promise<{ id: string; url: string }>;
}
