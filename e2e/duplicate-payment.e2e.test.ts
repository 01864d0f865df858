import { mkdirSync } from 'node:fs';
import { createDb, eq, tables } from '@qahwa/db';
import { CART_STORAGE_KEY, localize, PAYMENT_MESSAGES } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { stripeJsDoubleScript } from '@qahwa/web/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { startStackAndBrowser } from './support/session';
import { openShopper } from './support/shopper';
import { root, type Stack } from './support/stack';

/**
 * One cart, one paid order, in Chromium (docs/payments.md "One checkout, one payment"): the tabs
 * of one browser share the cart and its checkout key. Two tabs paying at the same moment make one
 * order, and the other tab is told its payment went back; a tab reloaded after paying, whose order
 * the webhook made, gets no form to pay again with. In Arabic and in English, with screenshots.
 */
const screens = `${root}.data/screens/duplicate-payment`;
let stack: Stack;
let browser: Browser;
const db = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl, 2);

beforeAll(async () => {
  mkdirSync(screens, { recursive: true });
  ({ stack, browser } = await startStackAndBrowser());
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await db.close();
});

type Locale = 'en' | 'ar';
const SHOPPERS = {
  ar: {
    product: 'خلطة القهوة الإماراتية',
    weight: '500 غ',
    name: 'ريم المزروعي',
    city: ['dubai', 'dubai-marina'] as const,
    address: 'ممشى المارينا، برج 5، شقة 1203',
  },
  en: {
    product: 'Emirati Gahwa Blend',
    weight: '250g',
    name: 'Reem Al Mazrouei',
    city: ['abu-dhabi', 'al-ain'] as const,
    address: 'Al Jimi District, Street 12, Villa 4',
  },
};

function shopper(locale: Locale) {
  return openShopper(browser, locale, { width: 1280, height: 900 }, (context) =>
    context.addInitScript(stripeJsDoubleScript({ apiBase: '/payments/stripe-double', wallet: null })),
  );
}

async function addToCart(page: Page, locale: Locale) {
  const m = messages('web', locale);
  const s = SHOPPERS[locale];
  await page.goto(`${stack.webUrl}/shop`);
  await page
    .getByRole('button', { name: fill(m.ProductCard!.selectOptionsFor!, { name: s.product }) })
    .click();
  const dialog = page.getByRole('dialog', { name: m.OptionsModal!.title });
  await dialog.getByRole('button', { name: m.OptionsModal!.addToCart }).waitFor({ timeout: 30_000 });
  await dialog
    .getByRole('radiogroup', { name: m.OptionsModal!.weight })
    .getByRole('radio', { name: s.weight })
    .click();
  await dialog.getByRole('button', { name: m.OptionsModal!.addToCart }).click();
  await page.getByRole('link', { name: m.CartPanel!.orderNow }).click();
  await page.waitForURL('**/checkout');
}

/** The checkout's first two steps, to the payment step with the card field filled (4242…). */
async function toCard(page: Page, locale: Locale, email: string) {
  const m = messages('web', locale);
  const s = SHOPPERS[locale];
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: m.CustomerStep!.fullName, exact: true }).fill(s.name);
  await main.getByRole('textbox', { name: m.CustomerStep!.email, exact: true }).fill(email);
  await main.getByRole('textbox', { name: m.CustomerStep!.phone, exact: true }).fill('+971 50 222 3344');
  await page.getByRole('button', { name: m.CustomerStep!.submit }).click();
  await page.getByRole('combobox', { name: m.ShippingStep!.emirate }).selectOption(s.city[0]);
  await page.getByRole('combobox', { name: m.ShippingStep!.city }).selectOption(s.city[1]);
  await page.getByRole('textbox', { name: m.ShippingStep!.address }).fill(s.address);
  await page.getByRole('button', { name: m.ShippingStep!.submit }).click();
  // The payment step: its form, or (a cart already ordered) the notice that replaces it.
  await page
    .getByRole('radio', { name: m.PaymentStep!.card })
    .or(page.getByTestId('already-ordered'))
    .waitFor({ timeout: 30_000 });
}

async function fillCard(page: Page, locale: Locale) {
  const card = page.getByRole('group', { name: localize(PAYMENT_MESSAGES['payment.cardLabel'], locale) });
  await card.waitFor();
  const labels =
    locale === 'ar'
      ? ['رقم البطاقة', 'تاريخ الانتهاء شهر / سنة', 'رمز الأمان CVC']
      : ['Card number', 'Expiration date MM / YY', 'CVC'];
  await card.getByRole('textbox', { name: labels[0] }).fill('4242424242424242');
  await card.getByRole('textbox', { name: labels[1] }).fill('1234');
  await card.getByRole('textbox', { name: labels[2] }).fill('123');
}

/** The Pay button, once it can be pressed (the intent's client secret is in). */
async function payButton(page: Page, locale: Locale) {
  const template = localize(PAYMENT_MESSAGES['payment.submit.pay'], locale, { total: '{total}' });
  const [before, after] = template.split('{total}').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const button = page.getByRole('button', { name: new RegExp(`^${before}\\d+\\.\\d{2}${after}$`) });
  await expect.poll(() => button.isEnabled().catch(() => false), { timeout: 30_000 }).toBe(true);
  return button;
}

const ordersOf = (email: string) =>
  db.db.select().from(tables.orders).where(eq(tables.orders.customerEmail, email));
const storedCart = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), CART_STORAGE_KEY);
const storedKey = (page: Page) => page.evaluate(() => localStorage.getItem('qahwa-checkout-key'));

/** Where a tab ended: the confirmation page (its order number), or the notice of a cart already ordered. */
async function outcome(page: Page): Promise<{ kind: 'confirmed' | 'notice'; text: string }> {
  const confirmed = page.getByRole('status').filter({ hasText: /QH-\d{6}/ });
  const notice = page.getByTestId('already-ordered');
  await expect
    .poll(async () => (await confirmed.isVisible()) || (await notice.isVisible()), { timeout: 60_000 })
    .toBe(true);
  if (await confirmed.isVisible()) return { kind: 'confirmed', text: (await confirmed.textContent()) ?? '' };
  return { kind: 'notice', text: (await notice.getByRole('alert').textContent()) ?? '' };
}

describe('one cart, one paid order, in the browser', () => {
  for (const locale of ['ar', 'en'] as const) {
    it(`two tabs of one cart pay at the same moment: one order, the other tab told its payment went back (${locale})`, async () => {
      const m = messages('web', locale);
      const email = `two.tabs.${locale}.${Date.now()}@example.ae`;
      const { context, page: first, errors } = await shopper(locale);
      try {
        await addToCart(first, locale);
        const second = await context.newPage();
        second.on('pageerror', (e) => errors.push(e.message));
        // The other tab opens the same cart's checkout (the cart and its key are shared).
        await second.goto(`${stack.webUrl}/checkout`);
        for (const tab of [first, second]) {
          await toCard(tab, locale, email);
          await fillCard(tab, locale);
        }
        const buttons = [await payButton(first, locale), await payButton(second, locale)];
        // Pressed in both tabs at once (a DOM click: the tab in the background paints no frames,
        // so Playwright's wait for a stable button would never end there).
        await Promise.all(buttons.map((b) => b.evaluate((el) => (el as HTMLButtonElement).click())));

        const ends = [await outcome(first), await outcome(second)];
        expect(ends.map((e) => e.kind).sort()).toEqual(['confirmed', 'notice']);
        const orders = await ordersOf(email);
        expect(orders).toHaveLength(1);
        const orderId = orders[0]!.id;
        expect(ends.find((e) => e.kind === 'confirmed')!.text).toContain(orderId);
        const told = ends.find((e) => e.kind === 'notice')!.text;
        expect(told).toContain(orderId);
        expect(told).toContain(
          locale === 'ar' ? 'تم استرداد هذه الدفعة الثانية بالكامل' : 'refunded in full',
        );
        // Both tabs' payments succeeded at Stripe; the one that made no order went back, once.
        const paid = [...stack.stripe.intents.values()].filter(
          (i) => i.receipt_email === email && i.status === 'succeeded',
        );
        expect(paid).toHaveLength(2);
        const refunded = paid.find((i) => i.id !== orders[0]!.paymentIntentId)!;
        await expect.poll(() => stack.stripe.refundsFor(refunded.id).length, { timeout: 30_000 }).toBe(1);
        expect(stack.stripe.refundsFor(orders[0]!.paymentIntentId!)).toEqual([]);
        const loser = ends[0]!.kind === 'notice' ? first : second;
        // The way to the order that exists, and the cart emptied in both tabs.
        const link = loser.getByRole('link', { name: m.Payments!.alreadyOrderedLink });
        // Its confirmation, opened by the order's signed token alone, shows that order.
        const href = (await link.getAttribute('href')) ?? '';
        expect(href).toMatch(/^\/checkout\/confirmation\?t=[\w-]+\.[\w-]+$/);
        expect((await storedCart(loser))?.items ?? []).toHaveLength(0);
        await loser.screenshot({ path: `${screens}/second-payment-refunded-${locale}.png`, fullPage: true });
        await loser.goto(`${stack.webUrl}${href}`);
        await loser.getByRole('status').filter({ hasText: orderId }).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`a tab reloaded after paying, whose order the webhook made, gets no form to pay again (${locale})`, async () => {
      const m = messages('web', locale);
      const email = `reloaded.${locale}.${Date.now()}@example.ae`;
      const { context, page, errors } = await shopper(locale);
      try {
        await addToCart(page, locale);
        await toCard(page, locale, email);
        await fillCard(page, locale);
        const pay = await payButton(page, locale);
        // The intent was asked for with the cart's key.
        expect(await storedKey(page)).toMatch(/^[0-9a-f-]{36}$/);
        // The order call never arrives (the connection dropped): Stripe's webhook makes the order.
        await page.route('**/api/orders', (route) => route.abort());
        await pay.click();
        await page
          .getByRole('main')
          .getByRole('alert')
          .filter({ hasText: m.Payments!.paidButOrderFailed! })
          .waitFor({
            timeout: 30_000,
          });
        await expect.poll(async () => (await ordersOf(email)).length, { timeout: 30_000 }).toBe(1);
        const [order] = await ordersOf(email);
        await page.unroute('**/api/orders');

        // The page is reloaded: it no longer knows its paid intent, but the cart and its key remain.
        const intentsBefore = stack.stripe.intents.size;
        await page.reload();
        expect((await storedCart(page))?.items?.length).toBeGreaterThan(0);
        await toCard(page, locale, email);
        const notice = page.getByTestId('already-ordered');
        await notice.waitFor({ timeout: 30_000 });
        const text = (await notice.getByRole('alert').textContent()) ?? '';
        expect(text).toContain(order!.id);
        expect(text).toContain(
          locale === 'ar' ? 'لقد دفعت بالفعل ثمن هذه السلة' : 'You have already paid for this cart',
        );
        // No form to pay with, and no new intent at Stripe.
        expect(await page.getByRole('button', { name: m.PaymentStep!.back }).count()).toBe(0);
        expect(stack.stripe.intents.size).toBe(intentsBefore);
        expect((await storedCart(page))?.items ?? []).toHaveLength(0);
        expect(await storedKey(page)).toBeNull();
        await page.screenshot({ path: `${screens}/already-ordered-${locale}.png`, fullPage: true });

        await page.getByRole('link', { name: m.Payments!.alreadyOrderedLink }).click();
        await page.waitForURL('**/checkout/confirmation**');
        await page.getByRole('status').filter({ hasText: order!.id }).waitFor();
        expect((await ordersOf(email)).length).toBe(1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
