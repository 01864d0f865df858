import { deliveryWindow } from '@qahwa/schema';
import { gulfDate } from '@qahwa/schema/reference';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { messages } from './browser';
import type { CheckoutInput } from './card-checkout';
import type { Stack } from './stack';
import { staffApiCookie } from './staff';

/** Where the checkout keeps the details typed for the tab's session (web/checkout/checkout-progress.ts). */
const DETAILS_KEY = 'qahwa-checkout-details';

/**
 * A shipping rule for every city, saved as staff save it (the gateway's back-office route, their
 * session and Origin): 25 AED below 200 AED, free from 200 — the store's fallback's money — with
 * the estimated delivery the checkout's summary tells.
 */
export async function addShippingRule(stack: Stack, estimatedDays: string): Promise<void> {
  const headers = { 'content-type': 'application/json', origin: stack.adminUrl };
  const cookie = await staffApiCookie(stack);
  const saved = await fetch(`${stack.gatewayUrl}/api/admin/shipping/rules`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      name: 'Standard delivery',
      nameAr: 'التوصيل العادي',
      type: 'STANDARD',
      description: '',
      descriptionAr: '',
      cost: 25,
      freeShippingThreshold: 200,
      isActive: true,
      estimatedDays,
      cities: [],
    }),
  });
  if (saved.status !== 201)
    throw new Error(`saving the shipping rule: ${saved.status} ${await saved.text()}`);
}

/**
 * SPEC 2.7's side summary: the estimated delivery (the rule's days counted from today in Dubai, so
 * both days of the month are in it), the marks of the cards, the wallets and Tabby, and the
 * secure-transactions note, in the shopper's language.
 */
export async function summaryTellsDeliveryAndPayment(page: Page, locale: 'en' | 'ar', estimatedDays: string) {
  const m = messages('web', locale).OrderSummary!;
  const summary = page.getByTestId('checkout-summary');
  const delivery = summary.getByTestId('order-delivery');
  await delivery.waitFor({ timeout: 30_000 });
  const span = deliveryWindow(estimatedDays, gulfDate(new Date()))!;
  const text = (await delivery.textContent()) ?? '';
  expect(text).toContain(m.estimatedDelivery);
  expect(text).toContain(String(Number(span.from.slice(8))));
  expect(text).toContain(String(Number(span.to.slice(8))));
  const marks = summary.getByRole('list', { name: m.weAccept });
  for (const brand of ['Visa', 'Mastercard', 'Apple Pay', 'Google Pay', 'Tabby'])
    expect(await marks.getByRole('img', { name: brand }).count(), brand).toBe(1);
  expect(await summary.getByTestId('secure-note').textContent()).toBe(m.secure);
}

/**
 * The form and the summary as laid out: side by side on a desktop, the summary at the end side (the
 * right in English, the left in Arabic) and level with the form; one column on a phone, the summary
 * after the form.
 */
export async function summaryPlacement(page: Page): Promise<'end' | 'below'> {
  const form = (await page.getByRole('main').locator('form').first().boundingBox())!;
  const summary = (await page.getByTestId('checkout-summary').boundingBox())!;
  const rtl = (await page.getAttribute('html', 'dir')) === 'rtl';
  if (summary.y >= form.y + form.height) return 'below';
  const atEnd = rtl ? summary.x + summary.width <= form.x : summary.x >= form.x + form.width;
  // Side by side: the columns overlap in height, each in its own horizontal band.
  expect(summary.y).toBeLessThan(form.y + form.height);
  expect(atEnd, `summary at ${summary.x}+${summary.width}, form at ${form.x}+${form.width}`).toBe(true);
  return 'end';
}

/**
 * On the payment step: a reload stays on it with what was typed, the browser's Back goes to the
 * shipping step and then the customer step (their fields filled), Forward comes back, and the
 * steps lead to the payment step again.
 */
export async function stepsSurviveReloadAndBack(page: Page, locale: 'en' | 'ar', input: CheckoutInput) {
  const m = messages('web', locale);
  const main = page.getByRole('main');
  const card = page.getByRole('radio', { name: m.PaymentStep!.card });
  expect(new URL(page.url()).searchParams.get('step')).toBe('payment');

  await page.reload();
  await card.waitFor({ timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get('step')).toBe('payment');

  await page.goBack();
  const address = main.getByRole('textbox', { name: m.ShippingStep!.address });
  await address.waitFor();
  expect(new URL(page.url()).searchParams.get('step')).toBe('shipping');
  expect(await address.inputValue()).toBe(input.address);
  expect(await main.getByRole('combobox', { name: m.ShippingStep!.city }).inputValue()).toBe(input.city[1]);

  await page.goBack();
  const name = main.getByRole('textbox', { name: m.CustomerStep!.fullName, exact: true });
  await name.waitFor();
  expect(new URL(page.url()).pathname).toBe('/checkout');
  expect(await name.inputValue()).toBe(input.customer[0]);
  expect(await main.getByRole('textbox', { name: m.CustomerStep!.email, exact: true }).inputValue()).toBe(
    input.customer[1],
  );

  await page.goForward();
  await address.waitFor();
  // The step's own Back button goes to the customer step too, and the browser's Forward returns.
  await page.getByRole('button', { name: m.ShippingStep!.back }).click();
  await name.waitFor();
  // The step's Back is a history move: Forward only once it has landed (the first step has no ?step).
  await page.waitForURL((url) => url.searchParams.get('step') === null);
  await page.goForward();
  await address.waitFor();
  await page.getByRole('button', { name: m.ShippingStep!.submit }).click();
  await card.waitFor();
  expect(new URL(page.url()).searchParams.get('step')).toBe('payment');
}

/**
 * The payment step's address opened in another tab (its own session, the same cart): nothing typed
 * there, so it falls back to the first step, and says so in its address.
 */
export async function paymentAddressInAnotherTab(context: BrowserContext, stack: Stack, locale: 'en' | 'ar') {
  const m = messages('web', locale);
  const other = await context.newPage();
  try {
    await other.goto(`${stack.webUrl}/checkout?step=payment`);
    await other.getByRole('button', { name: m.CustomerStep!.submit }).waitFor({ timeout: 30_000 });
    await expect.poll(() => new URL(other.url()).search).toBe('');
  } finally {
    await other.close();
  }
}

/** Once the order exists, the details typed are no longer kept in the tab. */
export async function detailsForgotten(page: Page) {
  expect(await page.evaluate((key) => sessionStorage.getItem(key), DETAILS_KEY)).toBeNull();
}
