import { priceCheckout } from '@qahwa/checkout';
import type { Db } from '@qahwa/db';
import { toAed } from '@qahwa/schema';

interface OrderLike {
  totalAmount?: unknown;
  items?: unknown;
  shippingInfo?: { city?: unknown };
  appliedCoupon?: { code?: unknown } | null;
}

/**
 * The order as the checkout sends it: claiming the total its summary shows, which is the server's
 * own price (cash on delivery is placed only when the claim is the server's to the fils,
 * docs/checkout.md). For tests whose subject is not the claim: a payload with a `totalAmount` of
 * its own keeps it, and one that pricing cannot read (a malformed id, no lines) is returned as
 * it is, for the gateway to refuse.
 */
export async function claimingServerTotal<T extends OrderLike>(
  db: Db,
  payload: T,
): Promise<T & { totalAmount?: unknown }> {
  if (payload.totalAmount !== undefined) return payload;
  if (!Array.isArray(payload.items) || payload.items.length === 0) return payload;
  try {
    const priced = await priceCheckout(db, {
      items: payload.items as { productId?: string; variationId: string; quantity: number }[],
      city: typeof payload.shippingInfo?.city === 'string' ? payload.shippingInfo.city : null,
      couponCode: typeof payload.appliedCoupon?.code === 'string' ? payload.appliedCoupon.code : null,
    });
    return { ...payload, totalAmount: toAed(priced.totalFils) };
  } catch {
    return payload;
  }
}
