/** Stripe's objects as the double answers them: the fields Stripe documents that we use. */

export const API_VERSION = '2026-10-28.endive';

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  capture_method: 'automatic' | 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  /** The Customer it pays for (`cus_…`): a saved card is charged through it (customers.ts). */
  customer: string | null;
  description: string | null;
  last_payment_error: StripeErrorBody | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  /** `off_session`/`on_session`: on success the card is saved to `customer` for later payments. */
  setup_future_usage: 'off_session' | 'on_session' | null;
  shipping: null;
  status: IntentStatus;
}

/** A Customer: the owner of saved cards (docs.stripe.com/api/customers/object). */
export interface Customer {
  id: string;
  object: 'customer';
  created: number;
  description: string | null;
  email: string | null;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
  metadata: Record<string, string>;
  name: string | null;
  phone: string | null;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  /** What refunds gave back so far; `refunded` once it is the whole amount (charges.ts). */
  amount_refunded: number;
  refunded: boolean;
  /** A dispute (chargeback) was opened on it (charges.ts). */
  disputed: boolean;
  currency: string;
  paid: boolean;
  status: 'succeeded' | 'failed';
  payment_intent: string;
  payment_method: string;
  billing_details: Record<string, unknown>;
  outcome: { type: string; network_status: string; seller_message: string };
  payment_method_details: {
    type: 'card';
    card: { brand: string; last4: string; wallet: { type: string } | null };
  };
  created: number;
  livemode: false;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  /** The object at that moment: the intent (payment_intent.*), the charge (charge.refunded) or the dispute (charge.dispute.*). */
  data: { object: PaymentIntent | Charge | Dispute; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/**
 * A card PaymentMethod; `number` and `setUpForOffSession` stay inside the double (publicMethod
 * drops them): the latter is true once a PaymentIntent the shopper confirmed saved it with
 * `setup_future_usage` (Stripe's "set up for future off-session payments", off-session.ts).
 */
export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; wallet: { type: string } | null };
  billing_details: Record<string, unknown>;
  /** The Customer it is attached to, or null. */
  customer: string | null;
  created: number;
  livemode: false;
  number: string;
  setUpForOffSession: boolean;
}

/** The API call that caused a change: its request id and Idempotency-Key. */
export type ApiRequest = { id: string; idempotencyKey: string | null };

/** Stripe's error body (`{ error: … }`), as the API answers it. */
export interface StripeErrorBody {
  type: 'card_error' | 'invalid_request_error' | 'idempotency_error' | 'api_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  doc_url?: string;
  payment_intent?: PaymentIntent;
  payment_method?: { id: string; type: 'card' };
}

/** Stripe's dispute reasons (docs.stripe.com/api/disputes/object#dispute_object-reason), the common ones. */
export const DISPUTE_REASONS = [
  'fraudulent',
  'product_not_received',
  'duplicate',
  'subscription_canceled',
  'product_unacceptable',
  'credit_not_processed',
  'unrecognized',
  'general',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export interface Dispute {
  id: string;
  object: 'dispute';
  amount: number;
  balance_transactions: [];
  charge: string;
  created: number;
  currency: string;
  /** Stripe: whether the disputed payment can still be refunded; not once funds were withdrawn. */
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: DisputeReason;
  status: 'warning_needs_response' | 'needs_response';
}
