import type { PaymentIntent } from './objects';

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

/** A refusal the double answers with Stripe's status and error body. */
export class StripeHttpError extends Error {
  override readonly name = 'StripeHttpError';
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

/** Stripe's `invalid_request_error`, with its documented code and doc link when there is one. */
export const invalid = (message: string, param?: string, code?: string, status = 400) =>
  new StripeHttpError(status, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
  });
