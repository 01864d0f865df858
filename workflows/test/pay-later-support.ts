import { randomUUID } from 'node:crypto';
import type { TabbyClient } from '@qahwa/checkout/payments';
import { createCheckoutsRepository, type Db, eq, tables } from '@qahwa/db';
import type { CheckoutToOrderInput } from '@qahwa/schema';
import type { PayLaterInput } from '../src/pay-later/workflow';

/**
 * A pay-later checkout as the gateway leaves it after `POST /api/payments/tabby` (the gateway's
 * own tests drive that route): a session at the Tabby fake for the server's total, the checkouts
 * row, and the workflow's input built from them.
 */
export async function payLaterCheckout(
  db: Db,
  tabby: TabbyClient,
  opts: { coupon?: string; totalFils: number; variation: { id: string; productId: string } },
): Promise<PayLaterInput> {
  const checkoutId = `tabby-${randomUUID()}`;
  const session = await tabby.createSession({
    amountFils: opts.totalFils,
    currency: 'AED',
    description: `qahwa order ${checkoutId}`,
    buyer: { name: 'Hessa Al Mansoori', email: 'hessa@example.ae', phone: '+971560002222' },
    shippingAddress: { city: 'jbr', address: 'The Walk, Building 3, Apt 1204', zip: '00000' },
    order: { referenceId: checkoutId, shippingFils: 0, discountFils: 0, items: [] },
    lang: 'en',
    merchantUrls: {
      success: 'http://shop.test/s',
      cancel: 'http://shop.test/c',
      failure: 'http://shop.test/f',
    },
  });
  const checkout: CheckoutToOrderInput = {
    checkoutId,
    requestId: `req-${checkoutId}`,
    order: {
      customerInfo: { fullName: 'Hessa Al Mansoori', email: 'hessa@example.ae', phone: '+971 56 000 2222' },
      shippingInfo: { emirate: 'dubai', city: 'jbr', address: 'The Walk, Building 3, Apt 1204' },
      items: [
        {
          id: `${opts.variation.productId}-${opts.variation.id}`,
          productId: opts.variation.productId,
          variationId: opts.variation.id,
          name: 'Brass Dallah',
          price: 1,
          quantity: 1,
          variation: { weight: 'One size', beans: null, additions: null },
        },
      ],
      totalAmount: opts.totalFils / 100,
      subtotal: 1,
      tax: 0,
      shippingCost: 0,
      discount: 0,
      appliedCoupon: opts.coupon ? { code: opts.coupon, discountAmount: 1 } : null,
      paymentProvider: 'TABBY',
    },
  };
  await createCheckoutsRepository(db).insert({
    id: checkoutId,
    provider: 'TABBY',
    providerPaymentId: session.paymentId,
    status: 'open',
    request: { ...checkout.order, session: { id: session.id, webUrl: session.webUrl } },
    pricing: {},
    totalFils: opts.totalFils,
    locale: 'en',
    requestId: checkout.requestId,
  });
  return { checkout, paymentId: session.paymentId, amountFils: opts.totalFils };
}

export async function brassDallah(db: Db) {
  const [v] = await db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .innerJoin(tables.products, eq(tables.products.id, tables.productVariations.productId))
    .where(eq(tables.products.slug, 'brass-dallah'));
  return v!;
}
