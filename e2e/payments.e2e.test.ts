import { mkdirSync } from 'node:fs';
import { createDb, eq, tables } from '@qahwa/db';
import { CART_STORAGE_KEY, localize, PAYMENT_MESSAGES } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from './support/browser';
import {
  type CheckoutInput,
  cardShopper,
  confirmationNumber,
  payButton,
  toPayment,
} from './support/card-checkout';
import {
  addShippingRule,
  detailsForgotten,
  paymentAddressInAnotherTab,
  stepsSurviveReloadAndBack,
  summaryPlacement,
  summaryTellsDeliveryAndPayment,
} from './support/checkout-view';
import { startStackAndBrowser } from './support/session';
import { root, type Stack } from './support/stack';

/**
 * Card and wallet payments in Chromium: a shopper pays by card with a coupon in Arabic, another by
 * wallet in English, and staff see both orders. Stripe.js cannot load here, so each page gets the
 * Stripe.js double before it loads (the same one `make dev` serves); it confirms at the stateful
 * Stripe double through the storefront's relay, and the gateway verifies the intent there.
 */
const screens = `${root}.data/screens/payments`;
let stack: Stack;
let browser: Browser;
const db = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl, 2);

beforeAll(async () => {
  mkdirSync(screens, { recursive: true });
  ({ stack, browser } = await startStackAndBrowser());
  await addShippingRule(stack, DELIVERY_DAYS);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await db.close();
});

const shopper = (locale: 'en' | 'ar', viewport: { width: number; height: number }, wallet: boolean) =>
  cardShopper(browser, locale, viewport, wallet);

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${screens}/${name}.png`, fullPage: true });
}

async function orderOf(orderNumber: string) {
  const [order] = await db.db.select().from(tables.orders).where(eq(tables.orders.id, orderNumber));
  return order;
}

const placed: string[] = [];
/** The shipping rule's days: the summary's estimated delivery. */
const DELIVERY_DAYS = '2-4';

describe('card and wallet payments in the browser', () => {
  it('pays by card with a coupon in Arabic: a declined card is told, the test Visa pays the server total', async () => {
    const ar = messages('web', 'ar');
    const { context, page, errors } = await shopper('ar', { width: 1280, height: 900 }, false);
    try {
      const input: CheckoutInput = {
        product: 'خلطة القهوة الإماراتية',
        weight: '500 غ',
        customer: ['مريم الهاشمي', 'mariam.card@example.ae', '+971 50 123 4567'],
        city: ['dubai', 'dubai-marina'],
        address: 'ممشى المارينا، برج 5، شقة 1203',
      };
      await toPayment(page, stack, 'ar', input);
      // SPEC 2.7's side summary, at the logical end: the left of the form in Arabic.
      await summaryTellsDeliveryAndPayment(page, 'ar', DELIVERY_DAYS);
      expect(await summaryPlacement(page)).toBe('end');
      // A reload, Back and Forward keep the steps and what was typed; another tab starts at step 1.
      await stepsSurviveReloadAndBack(page, 'ar', input);
      await paymentAddressInAnotherTab(context, stack, 'ar');
      // SPEC 4: card is the default; the card field is labelled 'Card Information*'.
      expect(await page.getByRole('radio', { name: ar.PaymentStep!.card }).isChecked()).toBe(true);
      const cardField = page.getByRole('group', {
        name: localize(PAYMENT_MESSAGES['payment.cardLabel'], 'ar'),
      });
      await cardField.waitFor();
      const before = await payButton(page, 'ar');
      await shot(page, 'card-empty-ar');

      // FREESHIP, a demo code in force (ANNIVERSARY_2025 works only while the sale runs).
      await applyCoupon(page, 'ar', 'freeship');
      // The coupon lowers the server's total, and the Pay button follows it.
      await expect
        .poll(async () => (await payButton(page, 'ar')).total, { timeout: 30_000 })
        .toBeLessThan(before.total);
      await shot(page, 'card-coupon-ar');
      // Cash on delivery chosen: its own label and note; back to card keeps what was there.
      await page.getByRole('radio', { name: ar.PaymentStep!.cod }).check();
      await page.getByRole('button', { name: ar.PaymentStep!.submit }).waitFor();
      await shot(page, 'cod-ar');
      await page.getByRole('radio', { name: ar.PaymentStep!.card }).check();

      // A declined card: Stripe's words (in Arabic, as Stripe.js words them for locale ar) in the red
      // box, nothing ordered, Back usable again.
      await cardField.getByRole('textbox', { name: 'رقم البطاقة' }).fill('4000000000000002');
      await cardField.getByRole('textbox', { name: 'تاريخ الانتهاء شهر / سنة' }).fill('1234');
      await cardField.getByRole('textbox', { name: 'رمز الأمان CVC' }).fill('123');
      await (await payButton(page, 'ar')).button.click();
      // (Next's route announcer is an alert too: the step's own box is in <main>.)
      const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'تم رفض بطاقتك.' });
      await alert.waitFor({ timeout: 30_000 });
      expect(await page.getByRole('button', { name: ar.PaymentStep!.back }).isEnabled()).toBe(true);
      await shot(page, 'card-declined-ar');

      await cardField.getByRole('textbox', { name: 'رقم البطاقة' }).fill('4242424242424242');
      const { button, total } = await payButton(page, 'ar');
      await shot(page, 'card-filled-ar');
      await button.click();
      await shot(page, 'card-processing-ar');
      const orderNumber = await confirmationNumber(page);
      await page.getByText(total.toFixed(2)).first().waitFor();
      await shot(page, 'card-confirmation-ar');
      // A card typed in is the card; a wallet's payment names the wallet (below).
      expect((await page.getByTestId('payment-method').textContent())?.trim()).toBe(
        (messages('web', 'ar').OrderView!.payment as unknown as Record<string, string>).STRIPE,
      );
      await detailsForgotten(page);

      const order = await orderOf(orderNumber);
      expect(order).toBeDefined();
      expect(order!.paymentProvider).toBe('STRIPE');
      const intent = stack.stripe.intents.get(order!.paymentIntentId ?? '');
      // The amount Stripe charged is the order's total × 100, in AED.
      expect(intent).toMatchObject({ status: 'succeeded', currency: 'aed', amount: Math.round(total * 100) });
      const lines = await db.db
        .select()
        .from(tables.orderDiscounts)
        .where(eq(tables.orderDiscounts.orderId, order!.id));
      expect(lines.length).toBeGreaterThan(0);
      const cart = await page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
        CART_STORAGE_KEY,
      );
      expect(cart?.items ?? []).toHaveLength(0);
      expect(errors).toEqual([]);
      placed.push(orderNumber);
    } finally {
      await context.close();
    }
  });

  it('pays by wallet in English on a phone: the Google Pay button above "Or pay with card"', async () => {
    const en = messages('web', 'en');
    const { context, page, errors } = await shopper('en', { width: 390, height: 844 }, true);
    try {
      await toPayment(page, stack, 'en', {
        product: 'Emirati Gahwa Blend',
        weight: '250g',
        customer: ['Omar Saleh', 'omar.wallet@example.ae', '+971 55 765 4321'],
        city: ['abu-dhabi', 'al-ain'],
        address: 'Al Jimi District, Street 12, Villa 4',
      });
      await page.getByText(localize(PAYMENT_MESSAGES['payment.walletDivider'], 'en')).waitFor();
      // On a phone the summary follows the form.
      await summaryTellsDeliveryAndPayment(page, 'en', DELIVERY_DAYS);
      expect(await summaryPlacement(page)).toBe('below');
      const { total } = await payButton(page, 'en');
      await shot(page, 'wallet-en');
      await page.getByRole('radio', { name: en.PaymentStep!.cod }).check();
      await page.getByRole('button', { name: en.PaymentStep!.submit }).waitFor();
      await shot(page, 'cod-en');
      await page.getByRole('radio', { name: en.PaymentStep!.card }).check();
      await payButton(page, 'en');
      // The relay to the Stripe double passes Stripe.js's two calls only.
      expect((await page.request.post(`${stack.webUrl}/payments/stripe-double/v1/customers`)).status()).toBe(
        404,
      );
      await page.getByRole('button', { name: 'Google Pay' }).click();
      const orderNumber = await confirmationNumber(page);
      await page.getByText(total.toFixed(2)).first().waitFor();
      await shot(page, 'wallet-confirmation-en');
      // Paid through Google Pay: the confirmation says so, not "Card" (the order keeps Stripe's wallet type).
      expect((await page.getByTestId('payment-method').textContent())?.trim()).toBe('Google Pay');

      const order = await orderOf(orderNumber);
      expect(order!.paymentProvider).toBe('STRIPE');
      expect(order!.paymentWallet).toBe('google_pay');
      const intent = stack.stripe.intents.get(order!.paymentIntentId ?? '');
      expect(intent).toMatchObject({ status: 'succeeded', currency: 'aed', amount: Math.round(total * 100) });
      expect(errors).toEqual([]);
      placed.push(orderNumber);
    } finally {
      await context.close();
    }
  });

  it('shows staff both paid orders in the back office', async () => {
    expect(placed).toHaveLength(2);
    const en = messages('admin', 'en');
    const context: BrowserContext = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    try {
      await page.goto(`${stack.adminUrl}/backend/login`);
      await page.getByRole('textbox', { name: en.LoginForm!.email }).fill(stack.admin.email);
      await page.getByLabel(en.LoginForm!.password!, { exact: true }).fill(stack.admin.password);
      await page.getByRole('button', { name: en.LoginForm!.submit }).click();
      await page.waitForURL((url) => url.pathname === '/backend');
      await page.goto(`${stack.adminUrl}/backend/orders`);
      for (const orderNumber of placed)
        await page.getByRole('row').filter({ hasText: orderNumber }).waitFor();
      expect(await page.getByRole('row').filter({ hasText: placed[0]! }).textContent()).toContain(
        'مريم الهاشمي',
      );
      expect(await page.getByRole('row').filter({ hasText: placed[1]! }).textContent()).toContain(
        'Omar Saleh',
      );
      await shot(page, 'staff-orders-en');
    } finally {
      await context.close();
    }
  });
});

describe("make dev's Stripe.js double", () => {
  it('is served by the storefront when no publishable key is set, and a card pays through it', async () => {
    // No init script: the page loads /payments/stripe-double/stripe.js itself, as in `make dev`.
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await toPayment(page, stack, 'en', {
        product: 'Emirati Gahwa Blend',
        weight: '250g',
        customer: ['Huda Karim', 'huda.dev@example.ae', '+971 52 222 3344'],
        city: ['sharjah', 'sharjah'],
        address: 'Al Majaz 2, Corniche Street, Building 7',
      });
      // On a desktop in English the summary is at the right of the form.
      await summaryTellsDeliveryAndPayment(page, 'en', DELIVERY_DAYS);
      expect(await summaryPlacement(page)).toBe('end');
      const cardField = page.getByRole('group', {
        name: localize(PAYMENT_MESSAGES['payment.cardLabel'], 'en'),
      });
      await cardField.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
      await cardField.getByRole('textbox', { name: 'Expiration date MM / YY' }).fill('1234');
      await cardField.getByRole('textbox', { name: 'CVC' }).fill('123');
      const { button, total } = await payButton(page, 'en');
      await shot(page, 'card-served-double-en');
      await button.click();
      const order = await orderOf(await confirmationNumber(page));
      expect(order!.paymentProvider).toBe('STRIPE');
      expect(stack.stripe.intents.get(order!.paymentIntentId ?? '')).toMatchObject({
        status: 'succeeded',
        amount: Math.round(total * 100),
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The coupon box of SPEC 2.7 (engineer p1's): uppercase input, Apply. */
async function applyCoupon(page: Page, locale: 'en' | 'ar', code: string) {
  const m = messages('web', locale);
  const box = m.CouponBox!;
  const input = page.getByRole('textbox', { name: box.label });
  await input.fill(code);
  // SPEC 2.7: forced to uppercase as it is typed.
  expect(await input.inputValue()).toBe(code.toUpperCase());
  await page.getByRole('button', { name: box.apply, exact: true }).click();
  await page
    .getByRole('button', { name: box.remove })
    .or(page.getByRole('link', { name: box.remove }))
    .waitFor();
}
