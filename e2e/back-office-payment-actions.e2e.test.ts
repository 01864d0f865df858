import { mkdirSync } from 'node:fs';
import { createDb, createStockRepository, type DbHandle, desc, eq, sql, tables } from '@qahwa/db';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, launchChromium, messages } from './support/browser';
import { root, type Stack, startStack } from './support/stack';
import { signIn, staffContext } from './support/staff';
import { waitUntil } from './support/wait';

/*
 * The payments screen's actions on a flagged card payment, in Chromium over the real stack: a
 * shopper paid, the last bag was sold meanwhile and Stripe refused the automatic refund, so the
 * payment is flagged and no order was made.
 * In English a member of staff refunds one (confirmation, then the result on screen; Stripe made
 * one refund); in Arabic, once the stock is back, another completes the order. Screenshots of the
 * payment page with its buttons, before and after, in both languages go to .data/screens/.
 */
type ActionText = { refund: string; complete: string; refunded: string; completed: string };
const text = (locale: 'en' | 'ar') =>
  (messages('admin', locale) as unknown as { Payments: { actions: ActionText } }).Payments.actions;
const ar = messages('admin', 'ar') as unknown as {
  Payments: { detail: { openOrder: string; attention: string } };
};
const screens = `${root}.data/screens`;

let stack: Stack;
let browser: Browser;
let db: DbHandle;

beforeAll(async () => {
  mkdirSync(screens, { recursive: true });
  stack = await startStack();
  db = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl);
  browser = await launchChromium();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await db?.close();
  await stack?.stop();
});

const checkoutOf = async (pi: string) =>
  (await db.db.select().from(tables.checkouts).where(eq(tables.checkouts.providerPaymentId, pi)))[0];

/** A paid card checkout left for staff: its one line's stock sold out between the intent and the payment. */
async function flaggedPayment() {
  const [variation] = await db.db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.isActive, true))
    .orderBy(desc(tables.productVariations.stockQuantity))
    .limit(1);
  const res = await fetch(`${stack.gatewayUrl}/api/create-payment-intent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customerInfo: { fullName: 'Mariam Saeed', email: 'mariam@example.ae', phone: '+971501234567' },
      shippingInfo: { emirate: 'dubai', city: 'deira', address: 'Al Rigga Street, Building 12' },
      items: [
        {
          id: `${variation!.id}-line`,
          productId: variation!.productId,
          variationId: variation!.id,
          name: 'Coffee',
          price: 1,
          quantity: 1,
          variation: { weight: '250g', beans: null, additions: null },
        },
      ],
      subtotal: 1,
      shippingCost: 0,
      discount: 0,
      tax: 0,
      amount: 1,
      currency: 'aed',
    }),
  });
  expect(res.status).toBe(200);
  const intent = (await res.json()) as { paymentIntentId: string; clientSecret: string };
  const [{ stock }] = (await db.db
    .select({ stock: tables.productVariations.stockQuantity })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.id, variation!.id))) as [{ stock: number }];
  const setStock = (n: number) =>
    db.db
      .update(tables.productVariations)
      .set({ stockQuantity: n })
      .where(eq(tables.productVariations.id, variation!.id));
  // The intent held the bag; the hold runs out (the page left open) and the workers' sweep gives
  // it back before it is sold elsewhere (docs/payments.md "Stock held for a card payment").
  const checkout = await checkoutOf(intent.paymentIntentId);
  await db.db.transaction(async (tx) => {
    await tx
      .update(tables.stockHolds)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(tables.stockHolds.checkoutId, checkout!.id));
    await createStockRepository(tx).releaseExpiredHolds(new Date(), 500, tx);
  });
  await setStock(0);
  // Stripe refuses refunds while the shopper pays: the automatic refund of a paid order that
  // cannot be made fails, and the payment is left for staff (docs/payments.md "Paid, but no order").
  const refusedBefore = stack.stripe.outages.refused;
  const endOutage = stack.stripe.outage({ method: 'POST', path: /^\/v1\/refunds$/ });
  const paid = await fetch(`${stack.stripe.url}/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key: 'pk_test_storefront',
      client_secret: intent.clientSecret,
      payment_method: 'pm_card_visa',
    }),
  });
  expect(paid.status).toBe(200);
  await waitUntil(
    async () =>
      (await db.db.select().from(tables.payments).where(eq(tables.payments.id, intent.paymentIntentId)))[0],
    (p) => p?.needsAttention === true,
    'the payment flagged for staff',
  );
  // The webhook's request is over once the double has its answer: the refund was tried and refused.
  await stack.stripe.idle();
  expect(stack.stripe.outages.refused).toBeGreaterThan(refusedBefore);
  endOutage();
  return { paymentIntentId: intent.paymentIntentId, restock: () => setStock(stock) };
}

/** The payment page's actions panel (the toast says the same; the panel keeps it). */
const actions = (page: Page) => page.locator('section[aria-labelledby="payment-actions"]');

async function openPayment(context: BrowserContext, pi: string): Promise<Page> {
  const page = await context.newPage();
  // Each action asks first (window.confirm): the member of staff says yes.
  page.on('dialog', (d) => void d.accept());
  await signIn(page, stack);
  await page.goto(`${stack.adminUrl}/backend/payments/${pi}`);
  return page;
}

describe('staff refund or complete a flagged card payment', () => {
  it('English: Refund gives the whole amount back once and says so', async () => {
    const { paymentIntentId: pi, restock } = await flaggedPayment();
    const t = text('en');
    const context = await staffContext(browser, stack, { locale: 'en' });
    try {
      const page = await openPayment(context, pi);
      const refund = page.getByRole('button', { name: /^Refund AED/ });
      await refund.waitFor({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: t.complete }).isVisible()).resolves.toBe(true);
      await page.screenshot({ path: `${screens}/payment-actions-en.png`, fullPage: true });

      await refund.click();
      await actions(page)
        .getByText(/^Refunded AED .* to the card\./)
        .waitFor({ timeout: 30_000 });
      expect(stack.stripe.refundsFor(pi)).toHaveLength(1);
      expect((await checkoutOf(pi))!.status).toBe('refunded');
      // Nothing more is offered; the page reloads with the payment as it is now: no longer flagged.
      await expect(refund.count()).resolves.toBe(0);
      await page.getByText('Checkout state').locator('..').getByText('Refunded').waitFor({ timeout: 30_000 });
      await page.getByRole('alert').filter({ hasText: 'Needs attention' }).waitFor({ state: 'detached' });
      await page.screenshot({ path: `${screens}/payment-actions-refunded-en.png`, fullPage: true });
    } finally {
      await restock();
      await context.close();
    }
  });

  it('Arabic: once the stock is back, Complete the order places it and links to it', async () => {
    const { paymentIntentId: pi, restock } = await flaggedPayment();
    const t = text('ar');
    const context = await staffContext(browser, stack, { locale: 'ar' });
    try {
      const page = await openPayment(context, pi);
      const complete = page.getByRole('button', { name: t.complete });
      await complete.waitFor({ timeout: 30_000 });
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await page.screenshot({ path: `${screens}/payment-actions-ar.png`, fullPage: true });

      await restock();
      await complete.click();
      const checkout = await waitUntil(
        () => checkoutOf(pi),
        (c) => c?.status === 'ordered',
        'the order',
      );
      await actions(page)
        .getByText(fill(t.completed, { orderId: checkout!.orderId! }))
        .waitFor({ timeout: 30_000 });
      expect(stack.stripe.refundsFor(pi)).toEqual([]);
      await expect(complete.count()).resolves.toBe(0);
      // The page reloads with the payment's order, no longer flagged.
      await page
        .locator('section[aria-labelledby="payment-order"]')
        .getByRole('link', { name: fill(ar.Payments.detail.openOrder, { id: checkout!.orderId! }) })
        .waitFor({ timeout: 30_000 });
      await page
        .getByRole('alert')
        .filter({ hasText: ar.Payments.detail.attention })
        .waitFor({ state: 'detached' });
      await page.screenshot({ path: `${screens}/payment-actions-completed-ar.png`, fullPage: true });
    } finally {
      await restock();
      await context.close();
    }
  });
});
