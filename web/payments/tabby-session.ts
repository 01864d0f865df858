import {
  type PayLaterSessionRequest,
  PayLaterSessionResponse,
  payLaterOutcomeFrom,
  payLaterOutcomeMessage,
} from '@qahwa/schema';
import { z } from 'zod';
import { api, refusalOf } from '@/lib/browser-api';

/**
 * The storefront's side of the pay-later round trip with the gateway (docs/web-pay-later.md). The
 * browser never talks to the provider's API: it sends the claim, gets the hosted page's address,
 * and on the way back asks the gateway what the provider says. Nothing here throws.
 */

export type StartResult =
  | { ok: true; checkoutUrl: string; paymentId: string }
  /** `code`: PAY_LATER_NOT_AVAILABLE / _AMOUNT_TOO_HIGH / _AMOUNT_TOO_LOW on a pre-scoring rejection. */
  | { ok: false; reason: 'server'; message: string | null; code?: string }
  | { ok: false; reason: 'network' };

/** POST /api/payments/tabby (same origin, forwarded to the gateway). */
export async function startPayLaterSession(
  request: PayLaterSessionRequest,
  idempotencyKey: string,
): Promise<StartResult> {
  const answer = await api('/api/payments/tabby', {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if (!answer.ok && answer.reason === 'network') return { ok: false, reason: 'network' };
  const parsed = PayLaterSessionResponse.safeParse(answer.body);
  if (
    answer.ok &&
    parsed.success &&
    parsed.data.success &&
    parsed.data.checkout_url &&
    parsed.data.payment_id
  ) {
    return { ok: true, checkoutUrl: parsed.data.checkout_url, paymentId: parsed.data.payment_id };
  }
  return { ok: false, reason: 'server', ...errorOf(answer.body) };
}

function errorOf(body: unknown): { message: string | null; code?: string } {
  const { message, code } = refusalOf(body);
  return { message, ...(code ? { code } : {}) };
}

/** The gateway's answer about a returning shopper's payment (the workflow's view of the provider's truth). */
export const PayLaterStatus = z.object({
  status: z.enum(['approved', 'pending', 'cancelled', 'rejected', 'expired', 'failed']),
  orderId: z.string().optional().nullable(),
  orderNumber: z.string().optional().nullable(),
  /** With `approved`: the order's signed tracking token, which the confirmation page loads it by. */
  trackingToken: z.string().optional().nullable(),
  reason: z.string().optional().nullable(),
  message: z.string().optional().nullable(),
});
export type PayLaterStatus = z.infer<typeof PayLaterStatus>;

export type StatusResult =
  | { ok: true; status: PayLaterStatus }
  | { ok: false; reason: 'not_found' | 'server' | 'network'; message: string | null };

/** Where the provider sent the shopper back: only these three are ours to pass on. */
export const RETURN_RESULTS = ['success', 'cancel', 'failure'] as const;
export type ReturnResult = (typeof RETURN_RESULTS)[number];

export function returnResultOf(value: string | null | undefined): ReturnResult | null {
  return (RETURN_RESULTS as readonly string[]).includes(value ?? '') ? (value as ReturnResult) : null;
}

/** Provider payment ids are opaque; outside the gateway's shape (8–100 of these) not worth a request. */
export function paymentIdOf(value: string | null | undefined): string | null {
  return value && /^[A-Za-z0-9_-]{8,100}$/.test(value) ? value : null;
}

/**
 * POST /api/payments/tabby/{id}/return (signals the workflow, waits a little for its outcome), or
 * with `result` null GET /api/payments/tabby/{id} (only reads it, for polling while pending).
 */
export async function payLaterStatus(paymentId: string, result: ReturnResult | null): Promise<StatusResult> {
  const path = `/api/payments/tabby/${encodeURIComponent(paymentId)}`;
  const answer = await api(
    result ? `${path}/return` : path,
    result ? { method: 'POST', body: { result } } : { cache: 'no-store' },
  );
  if (!answer.ok && answer.reason === 'network') return { ok: false, reason: 'network', message: null };
  // Unknown (404) or refused as no payment id at all (400): asking again would not change it.
  if (!answer.ok && (answer.status === 404 || answer.status === 400)) {
    return { ok: false, reason: 'not_found', ...errorOf(answer.body) };
  }
  const parsed = PayLaterStatus.safeParse(answer.body);
  if (answer.ok && parsed.success) return { ok: true, status: parsed.data };
  return { ok: false, reason: 'server', ...errorOf(answer.body) };
}

/**
 * How long the return page keeps asking while the answer is `pending`: the first answers come
 * quickly, then less often, as the workflow itself polls the provider at growing intervals.
 */
export function pollDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.min(attempt, 4), 10_000);
}

/** The shopper's words for a non-approved outcome: the gateway's sentence, or ours for its reason. */
export function outcomeMessage(status: PayLaterStatus, locale: 'en' | 'ar'): string {
  if (status.message) return status.message;
  return payLaterOutcomeMessage(
    payLaterOutcomeFrom({ reason: status.reason ?? null, status: status.status }),
    locale,
  );
}
