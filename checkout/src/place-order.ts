import {
  createCheckoutsRepository,
  createCustomersRepository,
  createOrdersRepository,
  createPromotionsRepository,
  createStockRepository,
  type Db,
  type Tx,
} from '@qahwa/db';
import { type CheckoutToOrderInput, type CheckoutToOrderResult, contactOf, isCityOf } from '@qahwa/schema';
import type { Logger } from 'pino';
import { CHECKOUT_FAILURE, CheckoutRefusal, isFinalFailure } from './errors';
import {
  claimContact,
  orderPlacedEvent,
  parseCheckout,
  priceForOrder,
  recordOrder,
  takeStock,
} from './order-steps';
import { recordPaidOrder, type VerifiedPayment } from './payments/stripe';
import type { CheckoutPricing } from './pricing';
import { redeemPromotions, reserveLimitedAutomatic, reserveLimitedCoupon } from './promotion-steps';

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
/** The index that lets one cart (checkout key) have only one ordered checkout (db/src/schema/payments.ts). */
const ONE_ORDER_PER_CART = 'checkouts_key_ordered_uq';
const isSecondOrderOfCart = (err: unknown) => {
  const e = err as { constraint?: string; cause?: { constraint?: string } } | null;
  return isUniqueViolation(err) && (e?.cause?.constraint ?? e?.constraint) === ONE_ORDER_PER_CART;
};
/**
 * PostgreSQL's class 22 (data exception: a malformed uuid, a number out of range) means the input
 * itself is wrong: the same statement fails the same way on every retry.
 */
const isDataException = (err: unknown) => pgCode(err)?.startsWith('22') ?? false;

/**
 * THE order creation, for every way an order is made: the gateway's cash-on-delivery checkout
 * (in the request, docs/checkout.md "Cash on delivery without a workflow"), checkoutToOrder's card
 * path and payLaterReconciliation (as activities, workflows/src/checkout/activities.ts, which
 * heartbeat and turn refusals into ApplicationFailures). Its business failures are
 * `CheckoutRefusal`s typed with CHECKOUT_FAILURE; anything else is transient (retry it: the
 * creation is idempotent by checkout id). The steps are in order-steps.ts.
 */
export function createOrderPlacement({ db, logger }: { db: Db; logger: Logger }) {
  const orders = createOrdersRepository(db);
  const customers = createCustomersRepository(db);
  const stock = createStockRepository(db);
  const promotions = createPromotionsRepository(db);

  const checkouts = createCheckoutsRepository(db);
  const secondOrderRefusal = async (checkoutId: string): Promise<CheckoutRefusal> => {
    const key = (await checkouts.byId(checkoutId))?.checkoutKey;
    const other = key ? await checkouts.orderedWithKey(key) : null;
    return new CheckoutRefusal(
      `Checkout ${checkoutId}'s cart is already ordered; no second order is made`,
      CHECKOUT_FAILURE.duplicatePayment,
      other ? { existingOrderId: other.orderId, existingCheckoutId: other.checkoutId } : {},
    );
  };

  const placedAlready = async (checkoutId: string): Promise<CheckoutToOrderResult | null> => {
    const existing = await orders.findByCheckoutId(checkoutId);
    return existing
      ? {
          orderId: existing.id,
          customerId: existing.customerId,
          isNewCustomer: false,
          totalFils: existing.totalFils,
        }
      : null;
  };

  /**
   * Creates an order in ONE transaction: claim (the per-contact limit), price the items from the
   * database, find or create the customer, record the order and items, convert the lead, redeem
   * the promotions, append OrderPlaced to the outbox and, last, take the stock (only if enough is
   * left). Idempotent by checkout id: a retry after a crash (before or after the commit) returns
   * the order that exists instead of making another.
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
    const { checkoutId, requestId, order } = parseCheckout(raw);
    const contact = contactOf(order.customerInfo);
    const log = logger.child({ requestId, checkoutId });
    let reserved: string[] = [];
    try {
      const existing = options.fresh ? null : await placedAlready(checkoutId);
      if (existing) {
        log.info({ orderId: existing.orderId }, 'checkout already has an order');
        return existing;
      }
      if (!isCityOf(order.shippingInfo.emirate, order.shippingInfo.city)) {
        throw new CheckoutRefusal('City is not in the emirate', CHECKOUT_FAILURE.invalidAddress);
      }
      // A limited promotion's use is reserved first, in a short transaction of its own: the
      // promotion's row is held for milliseconds, so 200 shoppers racing for one single-use code, or
      // for an automatic promotion's last uses, are told at once, instead of 200 order transactions
      // (and their connections) queueing on one row. The code's first (a used-up code is refused),
      // then the automatic promotions this cart receives with it.
      const coupon = await reserveLimitedCoupon(promotions, db, order.appliedCoupon?.code, checkoutId);
      if (coupon) reserved = [coupon];
      reserved = [...reserved, ...(await reserveLimitedAutomatic(promotions, db, { order, checkoutId }))];
      let dbMs = 0;
      const result = await db.transaction(async (tx) => {
        const txBegan = performance.now();
        if (payment && !settle) {
          // The browser and Stripe's webhook place a paid order at the same moment: the second
          // waits here for the first to commit (the checkout's row lock, which marking it ordered
          // takes anyway) and answers its order, instead of pricing and recording it again only
          // to lose on the order's unique checkout id.
          const checkout = await checkouts.lockByPaymentId(payment.paymentIntentId, tx);
          if (checkout?.status === 'ordered') {
            const made = await orders.findByCheckoutId(checkoutId, tx);
            if (made)
              return {
                orderId: made.id,
                customerId: made.customerId,
                isNewCustomer: false,
                totalFils: made.totalFils,
              };
          }
        }
        await claimContact(orders, tx, contact, payment);
        const { claimedTotalFils } = options;
        const priced = await priceForOrder(tx, { order, checkoutId, payment, claimedTotalFils });
        const { orderId, customer } = await recordOrder({ orders, customers }, tx, {
          checkoutId,
          requestId,
          contact,
          order,
          priced,
          payment,
        });
        await redeemPromotions(promotions, tx, { priced, checkoutId, orderId, reserved });
        const event = orderPlacedEvent({ requestId, orderId, customer, contact, order, priced, payment });
        if (payment && !settle) await recordPaidOrder(tx, { checkoutId, orderId, requestId, payment });
        await takeStock(stock, tx, { checkoutId, priced, requestId, events: [event] });
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
    } catch (caught) {
      // The cart's other checkout was ordered by a writer that did not take the key's lock
      // (markOrdered takes it): still the duplicate refusal, final, never a retried raw error.
      const err = isSecondOrderOfCart(caught) ? await secondOrderRefusal(checkoutId) : caught;
      // The checkout failed for good (stock, address, the coupon itself): its reserved use goes
      // back. A transient failure keeps it: the caller retries (Temporal, or the gateway's
      // attempts) and the retry reuses it.
      if (reserved.length > 0 && isFinalFailure(err)) {
        await db
          .transaction((tx) => promotions.release(checkoutId, undefined, tx))
          .catch((e: unknown) =>
            log.error({ err: e }, 'could not release the promotion uses reserved by a failed checkout'),
          );
      }
      // Two attempts raced and the other one committed first: answer with its order.
      if (isUniqueViolation(err)) {
        const existing = await placedAlready(checkoutId);
        if (existing) return existing;
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

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
