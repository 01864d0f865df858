import {
  type CreateOrderRequest,
  CreateOrderResponse,
  type Fils,
  ORDER_ID_HEADER,
  ORDER_TOKEN_HEADER,
  ORDER_TOTAL_HEADER,
  toFils,
} from '@qahwa/schema';
import { api, refusalOf } from '@/lib/browser-api';

export type SubmitResult =
  | { ok: true; orderId: string; totalAmount: number | null; trackingToken: string | null }
  /**
   * `code`: the gateway's error code (COUPON_REFUSED lets the page drop the coupon and go on);
   * `totalFils`: with PRICE_CHANGED, the server's total the shopper may confirm.
   * `orderId`: with PAYMENT_DUPLICATE_REFUNDED, the order the cart was already paid for, and
   * `trackingToken` its signed token, which its confirmation loads it by.
   */
  | {
      ok: false;
      reason: 'server';
      message: string | null;
      code?: string;
      totalFils?: Fils;
      orderId?: string;
      trackingToken?: string;
    }
  | { ok: false; reason: 'network' };

/** POST /api/orders (same origin, rewritten to the gateway). Never throws. */
export async function submitOrder(order: CreateOrderRequest, idempotencyKey: string): Promise<SubmitResult> {
  const answer = await api('/api/orders', {
    method: 'POST',
    body: order,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if (!answer.ok && answer.reason === 'network') return { ok: false, reason: 'network' };
  const parsed = CreateOrderResponse.safeParse(answer.body);
  if (answer.ok && parsed.success && parsed.data.success && parsed.data.orderId) {
    return {
      ok: true,
      orderId: parsed.data.orderId,
      totalAmount: parsed.data.totalAmount ?? null,
      trackingToken: parsed.data.trackingToken ?? null,
    };
  }
  const refusal = refusalOf(answer.body);
  const message = (parsed.success ? parsed.data.error : undefined) ?? refusal.message;
  // The gateway's PRICE_CHANGED carries its total in a header (the error body has one shape).
  const total = refusal.code === 'PRICE_CHANGED' ? answer.headers.get(ORDER_TOTAL_HEADER) : null;
  // A second payment of a cart already ordered: the order it is (docs/payments.md).
  const orderId = refusal.code === 'PAYMENT_DUPLICATE_REFUNDED' ? answer.headers.get(ORDER_ID_HEADER) : null;
  const trackingToken = orderId ? answer.headers.get(ORDER_TOKEN_HEADER) : null;
  return {
    ok: false,
    reason: 'server',
    message: message || null,
    ...(refusal.code ? { code: refusal.code } : {}),
    ...(total && /^\d+\.\d{2}$/.test(total) ? { totalFils: toFils(total) } : {}),
    ...(orderId ? { orderId } : {}),
    ...(trackingToken ? { trackingToken } : {}),
  };
}
