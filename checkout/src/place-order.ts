import { randomUUID } from 'node:crypto';
import {
  createCustomersRepository,
  createOrdersRepository,
  createPromotionsRepository,
  createStockRepository,
  type Db,
  type Tx,
} from '@qahwa/db';
import {
  CheckoutToOrderInput,
  type CheckoutToOrderResult,
  contactOf,
  isCityOf,
  MAX_ORDERS_PER_CONTACT,
  ORDER_CONTACT_WINDOW_MS,
  type OrderPlaced,
} from '@qahwa/schema';
import type { Logger } from 'pino';
import { CHECKOUT_FAILURE, type CheckoutFailureDetails, CheckoutRefusal, isFinalFailure } from './errors';
import { paymentMismatch, recordPaidOrder, type VerifiedPayment } from './payments/stripe';
import { type CheckoutPricing, priceCheckout } from './pricing';

/** The order's transaction hands this to the pay-later settle step, after the stock is taken. */
export interface SettleContext {
  checkoutId: string;
  orderId: string;
  requestId: string;
  totalFils: number;
  priced: CheckoutPricing;
}
export type SettlePayment = (tx: Tx, order: SettleContext) => Promise<void>;

const UNIQUE_VIOLATION = '23505';

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.cause?.code ?? e?.code;
}
const isUniqueViolation = (err: unknown) => pgCode(err) === UNIQUE_VIOLATION;
/**
 * PostgreSQL's class 22 (data exception: a malformed uuid, a number out of range) means the input
 * itself is wrong: the same statement fails the same way on every retry.
 */
const isDataException = (err: unknown) => pgCode(err)?.startsWith('22') ?? false;

/**
 * THE order creation, for every way an order is made: the gateway's cash-on-delivery checkout
 * (in the request, docs/checkout.md "Cash on delivery without a workflow"), checkoutToOrder's card
 * path and payLaterReconciliation (as activities, workflows/src/activities/checkout.ts, which
 * heartbeat and turn refusals into ApplicationFailures). Its business failures are
 * `CheckoutRefusal`s typed with CHECKOUT_FAILURE; anything else is transient (retry it: the
 * creation is idempotent by checkout id).
 */
export function createOrderPlacement({ db, logger }: { db: Db; logger: Logger }) {
  const orders = createOrdersRepository(db);
  const customers = createCustomersRepository(db);
  const stock = createStockRepository(db);
  const promotions = createPromotionsRepository(db);

  /**
   * Creates a cash-on-delivery order in ONE transaction: check the per-contact limit, price the
   * items from the database, find or create the customer, insert the order and items, convert
   * the lead, append OrderPlaced to the outbox and, last, take the stock (only if enough is
   * left). Idempotent by checkout id: a retry after a crash (before or after the commit)
   * returns the order that exists instead of making another.
   *
   * With `payment` (card, wallet: Stripe said it succeeded), the same order is made only if the
   * payment is the server's total in AED, and the payment is recorded in the same transaction
   * (docs/payments.md); a mismatch is PAYMENT_MISMATCH and no order.
   */
  async function placeOrder(
    raw: CheckoutToOrderInput,
    payment: VerifiedPayment | null,
    /**
     * Pay later: takes the money (Tabby's capture) after the stock is taken and before the
     * commit, and records it; replaces `recordPaidOrder` (docs/pay-later.md).
     */
    settle?: SettlePayment,
    /**
     * `fresh`: the caller has just bound this checkout id to a new Idempotency-Key, so no order can
     * have it yet and the first look-up is skipped (a race is still caught by the unique key).
     * `claimedTotalFils`: cash on delivery's total as the shopper was shown it; when the server's
     * total differs by a fils, no order is made (PRICE_CHANGED with the server's total): the
     * shopper confirms the new total first. Card and pay later pass none: the provider charges the
     * server's total, which the shopper sees before paying.
     */
    options: { fresh?: boolean; claimedTotalFils?: number } = {},
  ): Promise<CheckoutToOrderResult> {
    const began = performance.now();
    // The gateway validated this already; a workflow started by anything else (an operator, an
    // older gateway) must not turn a malformed id into an SQL error retried for minutes.
    const parsed = CheckoutToOrderInput.safeParse(raw);
    if (!parsed.success) {
      // An address the emirate does not have is the shopper's to fix, not a broken request.
      if (parsed.error.issues.every((i) => i.path[0] === 'order' && i.path[1] === 'shippingInfo')) {
        throw new CheckoutRefusal('City is not in the emirate', CHECKOUT_FAILURE.invalidAddress);
      }
      throw new CheckoutRefusal(
        `Invalid checkout input: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        CHECKOUT_FAILURE.invalidInput,
      );
    }
    const { checkoutId, requestId, order } = parsed.data;
    const contact = contactOf(order.customerInfo);
    const log = logger.child({ requestId, checkoutId });
    let reserved: string | null = null;
    try {
      const existing = options.fresh ? null : await orders.findByCheckoutId(checkoutId);
      if (existing) {
        log.info({ orderId: existing.id }, 'checkout already has an order');
        return {
          orderId: existing.id,
          customerId: existing.customerId,
          isNewCustomer: false,
          totalFils: existing.totalFils,
        };
      }
      if (!isCityOf(order.shippingInfo.emirate, order.shippingInfo.city)) {
        throw new CheckoutRefusal('City is not in the emirate', CHECKOUT_FAILURE.invalidAddress);
      }
      // A limited coupon's use is reserved first, in a short transaction of its own: the promotion's
      // row is held for milliseconds, so 200 shoppers sending one single-use code at once are told
      // at once, instead of 200 order transactions (and their connections) queueing on one row.
      reserved = await reserveLimitedCoupon(promotions, db, order.appliedCoupon?.code, checkoutId);
      let dbMs = 0;
      const result = await db.transaction(async (tx) => {
        const txBegan = performance.now();
        // The per-contact limit (issue 6): checkouts of one phone or e-mail take turns here, so a
        // burst sent at once cannot all pass the count.
        // A paid order is not a hoarding risk and is neither counted nor made to wait here: the
        // money is taken, the order must follow (one office phone paying for many orders must
        // not queue them behind one lock).
        if (!payment) {
          await orders.lockContact(contact, tx);
          const recent = await orders.countRecentByContact(contact, ORDER_CONTACT_WINDOW_MS, tx);
          if (recent.byPhone >= MAX_ORDERS_PER_CONTACT || recent.byEmail >= MAX_ORDERS_PER_CONTACT) {
            throw new CheckoutRefusal('Too many orders for this contact', CHECKOUT_FAILURE.tooManyOrders, {
              retryAfterSeconds: Math.ceil(ORDER_CONTACT_WINDOW_MS / 1000),
            });
          }
        }
        // The server's price (issue 7): variations, promotions in force and the shopper's code,
        // shipping rules — read in this transaction. The browser's amounts are only a claim.
        const priced = await priceCheckout(tx, {
          items: order.items,
          city: order.shippingInfo.city,
          couponCode: order.appliedCoupon?.code ?? null,
          checkoutId,
        });
        const mismatch = payment ? paymentMismatch(payment, priced.totalFils) : null;
        if (mismatch) {
          throw new CheckoutRefusal(
            `Payment is not the order's total: ${mismatch}`,
            CHECKOUT_FAILURE.paymentMismatch,
          );
        }
        // A code the shopper applied that no longer holds (used up, expired) is refused with its
        // reason, so the browser can offer to place the order without it rather than silently
        // charging more than the summary showed. An outranked code is fine: the order gets more.
        if (priced.coupon.status === 'refused') throw couponRefused(priced.coupon);
        const unavailable = priced.lines.find((l) => !l.isActive);
        if (priced.missing.length > 0 || unavailable) {
          throw new CheckoutRefusal('An item is no longer available', CHECKOUT_FAILURE.itemUnavailable, {
            productName: unavailable?.name,
            productNameAr: unavailable?.nameAr,
          });
        }
        const outOfStock = (line: (typeof priced.lines)[number], available: number) =>
          new CheckoutRefusal('Not enough stock', CHECKOUT_FAILURE.outOfStock, {
            productName: line.name,
            productNameAr: line.nameAr,
            available,
          });
        // A first look, unlocked: most refusals end here. The decrement below is the guard.
        const short = priced.lines.find((l) => l.quantity > l.stock);
        if (short) throw outOfStock(short, short.stock);
        // After the refusals a new total cannot fix (stock, a gone item or code), before anything is
        // written: nothing of this attempt is kept, and its reserved coupon use goes back.
        if (options.claimedTotalFils !== undefined && options.claimedTotalFils !== priced.totalFils) {
          throw new CheckoutRefusal('The total changed', CHECKOUT_FAILURE.priceChanged, {
            totalFils: priced.totalFils,
          } satisfies CheckoutFailureDetails);
        }
        const customer = await customers.findOrCreate(contact, tx);
        const orderId = await orders.insert(
          {
            checkoutId,
            customerId: customer.id,
            // The snapshot: the courier calls the phone given at this checkout (issue 7).
            customer: contact,
            paymentProvider: payment ? (payment.provider ?? 'STRIPE') : 'COD',
            paymentIntentId: payment?.paymentIntentId ?? null,
            status: 'new',
            subtotalFils: priced.subtotalFils,
            shippingFils: priced.shippingFils,
            discountFils: priced.discountFils,
            taxFils: priced.taxFils,
            totalFils: priced.totalFils,
            emirate: order.shippingInfo.emirate,
            city: order.shippingInfo.city,
            address: order.shippingInfo.address.trim(),
            locale: order.locale ?? 'en',
            requestId,
            items: priced.lines.map(({ stock: _s, isActive: _a, ...line }) => line),
          },
          tx,
        );
        await customers.convertLead(contact.email, customer.id, { orderId, totalFils: priced.totalFils }, tx);
        await redeemWith(promotions, tx, priced, checkoutId, orderId);
        // Reserved but not used (an automatic promotion gave more): the use goes back.
        if (reserved && !priced.redeem.includes(reserved)) await promotions.release(tx, checkoutId, reserved);
        const placedAt = new Date().toISOString();
        const event: OrderPlaced = {
          id: randomUUID(),
          type: 'OrderPlaced',
          version: 1,
          occurredAt: placedAt,
          requestId,
          data: {
            orderId,
            customerId: customer.id,
            isNewCustomer: customer.isNew,
            status: 'new',
            paymentProvider: payment ? (payment.provider ?? 'STRIPE') : 'COD',
            totalFils: priced.totalFils,
            placedAt,
            // The dashboard's recent orders are read from the projection, not from `orders`.
            customer: { fullName: contact.fullName, email: contact.email, phone: contact.phone },
            emirate: order.shippingInfo.emirate,
            city: order.shippingInfo.city,
            items: priced.lines.map((l) => ({
              productId: l.productId,
              variationId: l.variationId,
              quantity: l.quantity,
              unitFils: l.unitFils,
            })),
          },
        };
        if (payment && !settle) await recordPaidOrder(tx, { checkoutId, orderId, requestId, payment });
        // Last, so a best-seller's row is locked only from here to the commit; OrderPlaced goes
        // into the outbox in the same statement as the stock's CatalogueChanged.
        const [shortNow] = await stock.take(tx, priced.lines, requestId, [event]);
        if (shortNow) {
          const line = priced.lines.find((l) => l.variationId === shortNow.variationId)!;
          throw outOfStock(line, shortNow.available);
        }
        if (settle) await settle(tx, { checkoutId, orderId, requestId, totalFils: priced.totalFils, priced });
        dbMs = performance.now() - txBegan;
        return {
          orderId,
          customerId: customer.id,
          isNewCustomer: customer.isNew,
          totalFils: priced.totalFils,
        };
      });
      log.info({ orderId: result.orderId, totalFils: result.totalFils }, 'order placed');
      return { ...result, timings: { activityMs: performance.now() - began, dbMs } };
    } catch (err) {
      // The checkout failed for good (stock, address, the coupon itself): its reserved use goes
      // back. A transient failure keeps it: the caller retries (Temporal, or the gateway's attempts) and the retry reuses it.
      if (reserved && isFinalFailure(err)) {
        await db
          .transaction((tx) => promotions.release(tx, checkoutId))
          .catch((e: unknown) =>
            log.error({ err: e }, 'could not release the coupon reserved by a failed checkout'),
          );
      }
      // Two attempts raced and the other one committed first: answer with its order.
      if (isUniqueViolation(err)) {
        const existing = await orders.findByCheckoutId(checkoutId);
        if (existing) {
          return {
            orderId: existing.id,
            customerId: existing.customerId,
            isNewCustomer: false,
            totalFils: existing.totalFils,
          };
        }
      }
      if (isDataException(err)) {
        log.warn({ err }, 'checkout input refused by the database');
        throw new CheckoutRefusal('Invalid checkout input', CHECKOUT_FAILURE.invalidInput);
      }
      throw err;
    }
  }

  return { placeOrder };
}

/**
 * Takes one use of every promotion the order received, in the order's transaction and under each
 * promotion's row lock (maxUses). A coupon that lost the race for its last use is refused like
 * any used-up code. An automatic promotion that did is a plain error: Temporal retries the
 * activity, which reprices with the fresh count (the promotion no longer applies then).
 */
async function redeemWith(
  promotions: ReturnType<typeof createPromotionsRepository>,
  tx: Parameters<ReturnType<typeof createPromotionsRepository>['redeem']>[0],
  priced: CheckoutPricing,
  checkoutId: string,
  orderId: string,
): Promise<void> {
  for (const promotionId of priced.redeem) {
    const taken = await promotions.redeem(tx, { promotionId, checkoutId, orderId });
    if (taken.ok) continue;
    const coupon = priced.coupon;
    if (coupon.status === 'applied' && coupon.promotionId === promotionId) {
      throw couponRefused({ status: 'refused', code: coupon.code, refusal: { code: 'coupon.usageLimit' } });
    }
    throw new Error(`Automatic promotion ${promotionId} ran out while ordering; repricing`);
  }
  await promotions.insertOrderDiscounts(tx, orderId, priced.discounts);
}

/**
 * Reserves one use of the shopper's code when it has a usage limit (status 'reserved', one per
 * checkout, under the promotion's row lock, committed at once). Returns the promotion's id, or
 * null when there is nothing to reserve (no code, an unknown code, no limit: the order's pricing
 * says what to do with those). A code already used up is refused here.
 */
async function reserveLimitedCoupon(
  promotions: ReturnType<typeof createPromotionsRepository>,
  db: Db,
  code: string | undefined,
  checkoutId: string,
): Promise<string | null> {
  if (!code?.trim()) return null;
  const promotion = await promotions.byCode(code);
  if (!promotion || promotion.maxUses === null) return null;
  const taken = await db.transaction((tx) =>
    promotions.redeem(tx, { promotionId: promotion.id, checkoutId }),
  );
  if (taken.ok) return promotion.id;
  if (taken.reason === 'usageLimit') {
    throw couponRefused({ status: 'refused', code: code.trim(), refusal: { code: 'coupon.usageLimit' } });
  }
  return null;
}

/** The shopper's code no longer holds: a business failure with the reason, for the gateway to word. */
function couponRefused(coupon: Extract<CheckoutPricing['coupon'], { status: 'refused' }>) {
  return new CheckoutRefusal('Coupon refused', CHECKOUT_FAILURE.couponRefused, {
    couponCode: coupon.code,
    refusal: coupon.refusal,
  } satisfies CheckoutFailureDetails);
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
