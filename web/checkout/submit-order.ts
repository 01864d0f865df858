import {
  type CreateOrderRequest,
  CreateOrderResponse,
  type Fils,
  ORDER_TOTAL_HEADER,
  toFils,
} from '@qahwa/schema';
import { uuid } from './uuid';

export type SubmitResult =
  | { ok: true; orderId: string; totalAmount: number | null }
  /**
   * `code`: the gateway's error code (COUPON_REFUSED lets the page drop the coupon and go on);
   * `totalFils`: with PRICE_CHANGED, the server's total the shopper may confirm.
   */
  | { ok: false; reason: 'server'; message: string | null; code?: string; totalFils?: Fils }
  | { ok: false; reason: 'network' };

/** POST /api/orders (same origin, rewritten to the gateway). Never throws. */
export async function submitOrder(order: CreateOrderRequest, idempotencyKey: string): Promise<SubmitResult> {
  let res: Response;
  try {
    res = await fetch('/api/orders', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
        'x-request-id': uuid(),
      },
      body: JSON.stringify(order),
    });
  } catch {
    return { ok: false, reason: 'network' };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // A proxy error page or an empty body: fall through to the generic message.
  }
  const parsed = CreateOrderResponse.safeParse(body);
  if (res.ok && parsed.success && parsed.data.success && parsed.data.orderId) {
    return {
      ok: true,
      orderId: parsed.data.orderId,
      totalAmount: parsed.data.totalAmount ?? null,
    };
  }
  const message =
    (parsed.success ? parsed.data.error : undefined) ??
    (typeof (body as { error?: unknown } | null)?.error === 'string'
      ? (body as { error: string }).error
      : null);
  const code = (body as { code?: unknown } | null)?.code;
  // The gateway's PRICE_CHANGED carries its total in a header (the error body has one shape).
  const total = code === 'PRICE_CHANGED' ? res.headers.get(ORDER_TOTAL_HEADER) : null;
  return {
    ok: false,
    reason: 'server',
    message: message || null,
    ...(typeof code === 'string' ? { code } : {}),
    ...(total && /^\d+\.\d{2}$/.test(total) ? { totalFils: toFils(total) } : {}),
  };
}
