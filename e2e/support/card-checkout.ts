import { localize, PAYMENT_MESSAGES } from '@qahwa/schema';
import { stripeJsDoubleScript } from '@qahwa/web/testing';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { fill, messages } from './browser';
import { openShopper } from './shopper';
import type { Stack } from './stack';

/**
 * A shopper who pays by card: Stripe.js cannot load here, so the page gets the Stripe.js double
 * before any script (the one `make dev` serves); it confirms at the stateful Stripe double through
 * the storefront's relay, and the gateway verifies the intent there. `wallet` shows a Google Pay
 * button too.
 */
export function cardShopper(
  browser: Browser,
  locale: 'en' | 'ar',
  viewport: { width: number; height: number },
  wallet = false,
) {
  return openShopper(browser, locale, viewport, (context) =>
    context.addInitScript(
      stripeJsDoubleScript({
        apiBase: '/payments/stripe-double',
        wallet: wallet ? { type: 'google_pay' as const, name: 'Omar Saleh', email: 'omar@example.ae' } : null,
      }),
    ),
  );
}

export interface CheckoutInput {
  /** The product's name as its card shows it in the shopper's language. */
  product: string;
  /** The weight's label in the options modal. */
  weight: string;
  /** Full name, e-mail, phone. */
  customer: [string, string, string];
  /** Emirate and city slugs. */
  city: [string, string];
  address: string;
  /** Units of the product in the cart (the modal starts at 1). */
  quantity?: number;
}

/** Through the options modal, the cart panel and the first two steps, to the payment step. */
export async function toPayment(page: Page, stack: Stack, locale: 'en' | 'ar', input: CheckoutInput) {
  const m = messages('web', locale);
  await page.goto(`${stack.webUrl}/shop`);
  await page
    .getByRole('button', { name: fill(m.ProductCard!.selectOptionsFor!, { name: input.product }) })
    .click();
  const dialog = page.getByRole('dialog', { name: m.OptionsModal!.title });
  await dialog.getByRole('button', { name: m.OptionsModal!.addToCart }).waitFor({ timeout: 30_000 });
  await dialog
    .getByRole('radiogroup', { name: m.OptionsModal!.weight })
    .getByRole('radio', { name: input.weight })
    .click();
  for (let i = 1; i < (input.quantity ?? 2); i++) {
    await dialog.getByRole('button', { name: m.OptionsModal!.increase }).click();
  }
  await dialog.getByRole('button', { name: m.OptionsModal!.addToCart }).click();
  await page.getByRole('link', { name: m.CartPanel!.orderNow }).click();
  await page.waitForURL('**/checkout');
  // The checkout's own fields (the footer's newsletter box has an e-mail field too).
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: m.CustomerStep!.fullName, exact: true }).fill(input.customer[0]);
  await main.getByRole('textbox', { name: m.CustomerStep!.email, exact: true }).fill(input.customer[1]);
  await main.getByRole('textbox', { name: m.CustomerStep!.phone, exact: true }).fill(input.customer[2]);
  await page.getByRole('button', { name: m.CustomerStep!.submit }).click();
  await page.getByRole('combobox', { name: m.ShippingStep!.emirate }).selectOption(input.city[0]);
  await page.getByRole('combobox', { name: m.ShippingStep!.city }).selectOption(input.city[1]);
  await page.getByRole('textbox', { name: m.ShippingStep!.address }).fill(input.address);
  await page.getByRole('button', { name: m.ShippingStep!.submit }).click();
  await page.getByRole('radio', { name: m.PaymentStep!.card }).waitFor();
}

/** The Pay button, once it reads 'Pay {total} AED' for the server's total and can be pressed. */
export async function payButton(page: Page, locale: 'en' | 'ar') {
  const template = localize(PAYMENT_MESSAGES['payment.submit.pay'], locale, { total: '{total}' });
  const [before, after] = template
    .split('{total}')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const name = new RegExp(`^${before}(\\d+\\.\\d{2})${after}$`);
  const button = page.getByRole('button', { name });
  await expect.poll(() => button.isEnabled().catch(() => false), { timeout: 30_000 }).toBe(true);
  const label = (await button.textContent()) ?? '';
  const total = name.exec(label.trim())?.[1];
  expect(total, label).toBeDefined();
  return { button, total: Number(total) };
}

/** The card field's three boxes, named as the Stripe.js double names them in each language. */
export const CARD_BOX_NAMES = {
  en: { number: 'Card number', expiry: 'Expiration date MM / YY', cvc: 'CVC' },
  ar: { number: 'رقم البطاقة', expiry: 'تاريخ الانتهاء شهر / سنة', cvc: 'رمز الأمان CVC' },
} as const;

/** Types a card into the payment step's card field. */
export async function typeCard(page: Page, locale: 'en' | 'ar', number: string) {
  const field = page.getByRole('group', { name: localize(PAYMENT_MESSAGES['payment.cardLabel'], locale) });
  const names = CARD_BOX_NAMES[locale];
  await field.getByRole('textbox', { name: names.number }).fill(number);
  await field.getByRole('textbox', { name: names.expiry }).fill('1234');
  await field.getByRole('textbox', { name: names.cvc }).fill('123');
}

/** The order number the confirmation announces. */
export async function confirmationNumber(page: Page) {
  const status = page.getByRole('status').filter({ hasText: /QH-\d{6}/ });
  await status.waitFor({ timeout: 60_000 });
  return /QH-\d{6}/.exec((await status.textContent()) ?? '')![0];
}
