import { randomUUID } from 'node:crypto';
import type { createCustomersRepository, createOrdersRepository, createStockRepository, Tx } from '@qahwa/db';
import {
  CheckoutToOrderInput,
  type CustomerInfo,
  MAX_ORDERS_PER_CONTACT,
  makeEvent,
  ORDER_CONTACT_WINDOW_MS,
  type OrderPlaced,
} from '@qahwa/schema';
import { CHECKOUT_FAILURE, type CheckoutFailureDetails, CheckoutRefusal } from './errors';
import { paymentMismatch, type VerifiedPayment } from './payments/stripe';
import { type CheckoutPricing, priceCheckout } from './pricing';
import { couponRefused } from './promotion-steps';

/**
 * The steps of placing an order (place-order.ts runs them in this order, after promotion-steps.ts
 * reserved the limited promotions' uses): claim, price, record, redeem (promotion-steps.ts), the
 * event, take the stock. Each throws a
 * `CheckoutRefusal` for a business refusal; the caller's transaction rolls everything back.
 */

type Orders = ReturnType<typeof createOrdersRepository>;
type Customers = ReturnType<typeof createCustomersRepository>;
type Stock = ReturnType<typeof createStockRepository>;
type Order = CheckoutToOrderInput['order'];
type Contact = CustomerInfo;
type PricedLine = CheckoutPricing['lines'][number];

/**
 * The input, checked again: the gateway validated it already, but a workflow started by anything
 * else (an operator, an older gateway) must not turn a malformed id into an SQL error retried for
 * minutes.
 */
export function parseCheckout(raw: CheckoutToOrderInput): CheckoutToOrderInput {
  const parsed = CheckoutToOrderInput.safeParse(raw);
  if (parsed.success) return parsed.data;
  // An address the emirate does not have is the shopper's to fix, not a broken request.
  if (parsed.error.issues.every((i) => i.path[0] === 'order' && i.path[1] === 'shippingInfo')) {
    throw new CheckoutRefusal('City is not in the emirate', CHECKOUT_FAILURE.invalidAddress);
  }
  throw new CheckoutRefusal(
    `Invalid checkout input: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    CHECKOUT_FAILURE.invalidInput,
  );
}

/**
 * The claim: the per-contact limit. Checkouts of one phone or e-mail take turns here, so a burst
 * sent at once cannot all pass the count. A paid order is not a hoarding risk and is neither
 * counted nor made to wait (the money is taken, the order must follow: one office phone paying
 * for many orders must not queue them behind one lock).
 */
export async function claimContact(
  orders: Orders,
  tx: Tx,
  contact: Contact,
  payment: VerifiedPayment | null,
): Promise<void> {
  if (payment) return;
  await orders.lockContact(contact, tx);
  const recent = await orders.countRecentByContact(contact, ORDER_CONTACT_WINDOW_MS, tx);
  if (recent.byPhone >= MAX_ORDERS_PER_CONTACT || recent.byEmail >= MAX_ORDERS_PER_CONTACT) {
    throw new CheckoutRefusal('Too many orders for this contact', CHECKOUT_FAILURE.tooManyOrders, {
      retryAfterSeconds: Math.ceil(ORDER_CONTACT_WINDOW_MS / 1000),
    });
  }
}

const outOfStock = (line: PricedLine, available: number) =>
  new CheckoutRefusal('Not enough stock', CHECKOUT_FAILURE.outOfStock, {
    productName: line.name,
    productNameAr: line.nameAr,
    available,
  });

/**
 * The server's price: variations, promotions in force and the shopper's code, shipping rules —
 * read in the order's transaction. The browser's amounts are only a claim. Refuses what a new
 * total cannot fix first (the payment's amount, a gone code or item, stock), then a total that
 * is not the one the shopper was shown (cash on delivery's `claimedTotalFils`), all before
 * anything is written.
 */
export async function priceForOrder(
  tx: Tx,
  input: {
    order: Order;
    checkoutId: string;
    payment: VerifiedPayment | null;
    claimedTotalFils: number | undefined;
  },
): Promise<CheckoutPricing> {
  const { order, checkoutId, payment, claimedTotalFils } = input;
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
  // A first look, unlocked: most refusals end here. The decrement in takeStock is the guard.
  const short = priced.lines.find((l) => l.quantity > l.stock);
  if (short) throw outOfStock(short, short.stock);
  // After the refusals a new total cannot fix, before anything is written: nothing of this
  // attempt is kept, and its reserved coupon use goes back.
  if (claimedTotalFils !== undefined && claimedTotalFils !== priced.totalFils) {
    throw new CheckoutRefusal('The total changed', CHECKOUT_FAILURE.priceChanged, {
      totalFils: priced.totalFils,
    } satisfies CheckoutFailureDetails);
  }
  return priced;
}

/** The record: the customer (found or made), the order with its items, the lead converted. */
export async function recordOrder(
  repos: { orders: Orders; customers: Customers },
  tx: Tx,
  input: {
    checkoutId: string;
    requestId: string;
    contact: Contact;
    order: Order;
    priced: CheckoutPricing;
    payment: VerifiedPayment | null;
  },
): Promise<{ orderId: string; customer: { id: string; isNew: boolean } }> {
  const { checkoutId, requestId, contact, order, priced, payment } = input;
  const customer = await repos.customers.findOrCreate(contact, tx);
  const orderId = await repos.orders.insert(
    {
      checkoutId,
      customerId: customer.id,
      // The snapshot: the courier calls the phone given at this checkout.
      customer: contact,
      paymentProvider: providerOf(payment),
      paymentIntentId: payment?.paymentIntentId ?? null,
      paymentWallet: payment?.wallet ?? null,
      status: 'new',
      subtotalFils: priced.subtotalFils,
      shippingFils: priced.shippingFils,
      discountFils: priced.discountFils,
      taxFils: priced.taxFils,
      totalFils: priced.totalFils,
      // The rate read with the prices, in this transaction (pricingSettings).
      vatRateBp: priced.settings.vatRateBp,
      emirate: order.shippingInfo.emirate,
      city: order.shippingInfo.city,
      address: order.shippingInfo.address.trim(),
      locale: order.locale ?? 'en',
      requestId,
      items: priced.lines.map(({ stock: _s, isActive: _a, ...line }) => line),
    },
    tx,
  );
  await repos.customers.convertLead(contact.email, customer.id, { orderId, totalFils: priced.totalFils }, tx);
  return { orderId, customer };
}

/** The event: OrderPlaced, carrying what the dashboard's projections read (not `orders`). */
export function orderPlacedEvent(input: {
  requestId: string;
  orderId: string;
  customer: { id: string; isNew: boolean };
  contact: Contact;
  order: Order;
  priced: CheckoutPricing;
  payment: VerifiedPayment | null;
}): OrderPlaced {
  const { requestId, orderId, customer, contact, order, priced, payment } = input;
  const placedAt = new Date().toISOString();
  return makeEvent(
    'OrderPlaced',
    {
      orderId,
      customerId: customer.id,
      isNewCustomer: customer.isNew,
      status: 'new',
      paymentProvider: providerOf(payment),
      totalFils: priced.totalFils,
      placedAt,
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
    { id: randomUUID(), occurredAt: placedAt, requestId },
  );
}

/**
 * Takes the stock, last, so a best-seller's row is locked only from here to the commit; the
 * events go into the outbox in the same statement as the stock's CatalogueChanged. What the
 * checkout holds (a card payment's hold, docs/payments.md "Stock held for a card payment") is
 * consumed, not taken again; the rest comes from free stock. A line the stock no longer covers is
 * refused (the order's transaction rolls back, the hold with it).
 */
export async function takeStock(
  stock: Stock,
  tx: Tx,
  input: { checkoutId: string; priced: CheckoutPricing; requestId: string; events: OrderPlaced[] },
): Promise<void> {
  const { checkoutId, priced, requestId, events } = input;
  const [shortNow] = await stock.takeForCheckout(checkoutId, priced.lines, requestId, events, tx);
  if (shortNow) {
    const line = priced.lines.find((l) => l.variationId === shortNow.variationId)!;
    throw outOfStock(line, shortNow.available);
  }
}

const providerOf = (payment: VerifiedPayment | null) => (payment ? (payment.provider ?? 'STRIPE') : 'COD');
