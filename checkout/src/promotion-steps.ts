import type { createPromotionsRepository, Db, Tx } from '@qahwa/db';
import type { CheckoutToOrderInput } from '@qahwa/schema';
import { CHECKOUT_FAILURE, type CheckoutFailureDetails, CheckoutRefusal } from './errors';
import { type CheckoutPricing, priceCheckout } from './pricing';

/**
 * The order's promotion steps (place-order.ts runs them around the order's transaction): a
 * limited code's and the limited automatic promotions' uses reserved before it, each in a short
 * transaction of its own, and the uses redeemed inside it.
 */

type Promotions = ReturnType<typeof createPromotionsRepository>;
type Order = CheckoutToOrderInput['order'];

/**
 * Reserves one use of the shopper's code when it has a usage limit (status 'reserved', one per
 * checkout, under the promotion's row lock, committed at once). Returns the promotion's id, or
 * null when there is nothing to reserve (no code, an unknown code, no limit: the order's pricing
 * says what to do with those). A code already used up is refused here.
 */
export async function reserveLimitedCoupon(
  promotions: Promotions,
  db: Db,
  code: string | undefined,
  checkoutId: string,
): Promise<string | null> {
  if (!code?.trim()) return null;
  const promotion = await promotions.byCode(code);
  if (!promotion || promotion.maxUses === null) return null;
  const taken = await db.transaction((tx) =>
    promotions.redeem({ promotionId: promotion.id, checkoutId }, tx),
  );
  if (taken.ok) return promotion.id;
  if (taken.reason === 'usageLimit') {
    throw couponRefused({ status: 'refused', code: code.trim(), refusal: { code: 'coupon.usageLimit' } });
  }
  return null;
}

/**
 * Reserves one use of each automatic promotion with a usage limit that this checkout's price
 * receives, as a limited code is: each in a short transaction of its own, under the promotion's
 * row lock for milliseconds, committed at once. Without it, 200 shoppers priced with the last
 * uses queued their order transactions on the promotion's row, and those that lost failed with a
 * plain error that only a retry turned into an answer. A promotion whose uses are gone is not an
 * error here: the order's pricing then sees it used up and the order is refused with the new
 * total (PRICE_CHANGED for cash on delivery, PAYMENT_MISMATCH for a payment made with it), on
 * the first attempt. Returns the promotions reserved; the order's transaction uses them or gives
 * them back (redeemPromotions), a final failure gives them back (place-order.ts).
 */
export async function reserveLimitedAutomatic(
  promotions: Promotions,
  db: Db,
  input: { order: Order; checkoutId: string },
): Promise<string[]> {
  const { order, checkoutId } = input;
  const limited = await promotions.limitedAutomatic(new Date(), checkoutId);
  if (limited.length === 0) return [];
  // Whether this cart receives them is the pricing's one rule (scope, minimum, the largest
  // discount wins), read here without a lock; the order's transaction prices again.
  const priced = await priceCheckout(db, {
    items: order.items,
    city: order.shippingInfo.city,
    couponCode: order.appliedCoupon?.code ?? null,
    checkoutId,
  });
  // A use an earlier attempt of this checkout holds is this attempt's too, wanted or not: the
  // order's transaction then uses it or gives it back.
  const reserved = limited.filter((p) => p.held).map((p) => p.id);
  // In id order, so two checkouts wanting the same two promotions never wait on each other.
  const wanted = limited
    .map((p) => p.id)
    .filter((id) => priced.redeem.includes(id) && !reserved.includes(id))
    .sort();
  for (const promotionId of wanted) {
    const taken = await db.transaction((tx) => promotions.redeem({ promotionId, checkoutId }, tx));
    if (taken.ok) reserved.push(promotionId);
  }
  return reserved;
}

/**
 * Takes one use of every promotion the order received, in the order's transaction: a use the
 * checkout reserved before (a limited code, a limited automatic promotion) becomes `used`
 * without a lock; any other under the promotion's row lock (maxUses). A coupon that lost the race
 * for its last use is refused like any used-up code. An automatic promotion that did (one not
 * reserved: its use was given back between the reservation and this pricing) is a plain error:
 * the caller retries, and the retry reprices with the fresh count. A use reserved but not used
 * (an automatic promotion gave more than the code, the coupon gave more than it) goes back.
 */
export async function redeemPromotions(
  promotions: Promotions,
  tx: Tx,
  input: { priced: CheckoutPricing; checkoutId: string; orderId: string; reserved: readonly string[] },
): Promise<void> {
  const { priced, checkoutId, orderId, reserved } = input;
  for (const promotionId of priced.redeem) {
    const taken = await promotions.redeem({ promotionId, checkoutId, orderId }, tx);
    if (taken.ok) continue;
    const coupon = priced.coupon;
    if (coupon.status === 'applied' && coupon.promotionId === promotionId) {
      throw couponRefused({ status: 'refused', code: coupon.code, refusal: { code: 'coupon.usageLimit' } });
    }
    throw new Error(`Automatic promotion ${promotionId} ran out while ordering; repricing`);
  }
  await promotions.insertOrderDiscounts(orderId, priced.discounts, tx);
  for (const promotionId of reserved) {
    if (!priced.redeem.includes(promotionId)) await promotions.release(checkoutId, promotionId, tx);
  }
}

/** The shopper's code no longer holds: a refusal with the reason, for the gateway to word. */
export function couponRefused(coupon: Extract<CheckoutPricing['coupon'], { status: 'refused' }>) {
  return new CheckoutRefusal('Coupon refused', CHECKOUT_FAILURE.couponRefused, {
    couponCode: coupon.code,
    refusal: coupon.refusal,
  } satisfies CheckoutFailureDetails);
}
