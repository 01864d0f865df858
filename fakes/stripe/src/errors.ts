import type { StripeErrorBody } from './objects';

export type { StripeErrorBody };

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
