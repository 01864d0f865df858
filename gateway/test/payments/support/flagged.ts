import { createStockRepository, eq, sql, tables } from '@qahwa/db';
import { checkoutClaim, confirmInBrowser, type PaymentsStack, waitFor } from '../harness';

/** The payment step's POST /api/create-payment-intent, as the storefront sends it. */
export async function createIntent(stack: PaymentsStack, claim: Record<string, unknown>) {
  const res = await stack.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: claim });
  if (res.statusCode !== 200) throw new Error(`create-payment-intent: ${res.statusCode} ${res.body}`);
  return res.json() as { paymentIntentId: string; clientSecret: string; totalAmount: number };
}

/** The shopper's POST /api/orders after paying (or again later, from an old tab). */
export function orderWithPayment(
  stack: PaymentsStack,
  claim: Record<string, unknown>,
  paymentIntentId: string,
  locale: 'en' | 'ar' = 'en',
) {
  return stack.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'x-locale': locale },
    payload: { ...claim, locale, totalAmount: 10, paymentIntentId, paymentProvider: 'STRIPE' },
  });
}

export const checkoutOf = async (stack: PaymentsStack, paymentIntentId: string) =>
  (
    await stack.db
      .select()
      .from(tables.checkouts)
      .where(eq(tables.checkouts.providerPaymentId, paymentIntentId))
  )[0];

export const ordersOf = (stack: PaymentsStack, paymentIntentId: string) =>
  stack.db.select().from(tables.orders).where(eq(tables.orders.paymentIntentId, paymentIntentId));

export const paymentRow = async (stack: PaymentsStack, paymentIntentId: string) =>
  (await stack.db.select().from(tables.payments).where(eq(tables.payments.id, paymentIntentId)))[0];

async function setStock(stack: PaymentsStack, variationId: string, stockQuantity: number) {
  await stack.db
    .update(tables.productVariations)
    .set({ stockQuantity })
    .where(eq(tables.productVariations.id, variationId));
}

/**
 * The checkout's stock hold runs out before its payment (the shopper left the page open past
 * CARD_STOCK_HOLD_MINUTES) and the workers' sweep gives it back (docs/payments.md "Stock held for a
 * card payment"): from here its order takes free stock, as if it had never held any.
 */
export async function expireStockHold(stack: PaymentsStack, paymentIntentId: string) {
  const checkout = await checkoutOf(stack, paymentIntentId);
  await stack.db.transaction(async (tx) => {
    await tx
      .update(tables.stockHolds)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(tables.stockHolds.checkoutId, checkout!.id));
    await createStockRepository(tx).releaseExpiredHolds(new Date(), 500, tx);
  });
}

/**
 * A card checkout that will be short when it is paid: the intent is made, its stock hold runs
 * out, and the last bag of its first line is sold elsewhere before the shopper pays. Not paid
 * yet. `restock()` puts the stock back, as a delivery from the roastery would.
 */
export async function shortCheckout(stack: PaymentsStack) {
  const claim = await checkoutClaim(stack.db);
  const intent = await createIntent(stack, claim);
  const variationId = claim.items[0]!.variationId;
  const [before] = await stack.db
    .select({ stock: tables.productVariations.stockQuantity })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.id, variationId));
  await expireStockHold(stack, intent.paymentIntentId);
  await setStock(stack, variationId, 0);
  return {
    claim,
    productId: claim.items[0]!.productId as string,
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    totalFils: Math.round(intent.totalAmount * 100),
    restock: () => setStock(stack, variationId, before!.stock),
  };
}

/**
 * Stripe refuses the gateway's refunds (503, the double's outage on `POST /v1/refunds` for the
 * gateway's own key) until the function returned is called: a paid order refused for stock is
 * then flagged for staff instead of being given back at once. Needs a stack started with its own
 * `gatewayStripeKey`.
 */
export function gatewayRefundsDown(stack: PaymentsStack): () => void {
  if (!stack.gatewayStripeKey) throw new Error('start the payments stack with a gatewayStripeKey');
  return stack.double.outage({ method: 'POST', path: /^\/v1\/refunds$/, secretKey: stack.gatewayStripeKey });
}

/**
 * A paid card checkout that could not become an order and that staff must settle: short of
 * stock when paid (`shortCheckout`), the webhook's request finds the stock gone and flags the
 * payment, and its automatic refund fails because Stripe refuses the gateway's refunds at that
 * moment — so the checkout stays `needs_attention` (the payment flagged for staff). Stripe is back
 * for refunds when this returns.
 */
export async function flaggedCheckout(stack: PaymentsStack) {
  const short = await shortCheckout(stack);
  const refundsBack = gatewayRefundsDown(stack);
  const refusedBefore = stack.double.outages.refused;
  try {
    const paid = await confirmInBrowser(stack, short.clientSecret);
    if (paid.body.status !== 'succeeded') throw new Error(`payment did not succeed: ${JSON.stringify(paid)}`);
    // The webhook's request is over once the double has its answer: the refund was tried and refused.
    await stack.double.idle();
    if (stack.double.outages.refused === refusedBefore) throw new Error('no automatic refund was tried');
    await waitFor(
      async () => (await checkoutOf(stack, short.paymentIntentId))?.status === 'needs_attention',
      'the checkout left for staff',
    );
  } catch (err) {
    await short.restock();
    throw err;
  } finally {
    refundsBack();
  }
  return short;
}
