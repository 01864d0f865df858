import { mkdirSync } from 'node:fs';
import type { Product } from '@qahwa/schema';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, launchChromium, messages } from './support/browser';
import { root, type Stack, startStack } from './support/stack';

/*
 * The product page's review form is drawn by the server with one small island (submit, button,
 * answer) and its stars filled by CSS; the wishlist heart reads the shared JSON storage
 * (docs/performance.md, the 150 KB per route budget). What a shopper notices must not have changed: the
 * rating check and the gateway's field errors in the shopper's language, stars that fill up to
 * the one chosen, a heart that stays saved after a reload. Screens in both directions.
 */
type Msgs = {
  Reviews: Record<'write' | 'chooseRating' | 'name' | 'email' | 'body' | 'submit' | 'thanks', string>;
  WishlistButton: Record<'label' | 'saved', string>;
};
const screens = `${root}.data/screens`;
const SLUG = 'colombian-supremo';

let stack: Stack;
let browser: Browser;
let product: Product;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
  product = (await (await fetch(`${stack.gatewayUrl}/api/products/${SLUG}`)).json()) as Product;
  mkdirSync(screens, { recursive: true });
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe.each(['ar', 'en'] as const)('the product page in %s', (locale) => {
  const m = messages('web', locale) as unknown as Msgs;

  it('checks the rating and shows the gateway’s field errors in the shopper’s language; stars fill up to the one chosen', async () => {
    const context = await browser.newContext({
      locale: locale === 'ar' ? 'ar-AE' : 'en-AE',
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies([{ name: 'NEXT_LOCALE', value: locale, url: stack.webUrl }]);
    const page = await context.newPage();
    await page.goto(`${stack.webUrl}/product/${SLUG}`);
    expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    // Hydrated once React has attached its props to the form (the island renders it).
    await page.waitForFunction(() => {
      const form = document.querySelector('form[aria-labelledby="review-form-title"]');
      return !!form && Object.keys(form).some((k) => k.startsWith('__reactProps'));
    });
    const form = page.getByRole('form', { name: m.Reviews.write });
    await form.getByRole('textbox', { name: m.Reviews.name }).fill(locale === 'ar' ? 'سارة' : 'Sara');
    await form
      .getByRole('textbox', { name: m.Reviews.body })
      .fill(locale === 'ar' ? 'قهوة ممتازة' : 'Lovely coffee');

    // No star chosen: the form says so, in the page's language, tied to the rating's group.
    await form.getByRole('button', { name: m.Reviews.submit }).click();
    const ratingError = page.locator('#review-rating-error');
    await ratingError.waitFor({ state: 'visible' });
    expect(await ratingError.textContent()).toBe(m.Reviews.chooseRating);
    expect(await page.locator('fieldset').filter({ has: ratingError }).getAttribute('aria-describedby')).toBe(
      'review-rating-error',
    );

    // Four stars: the radios are a group a keyboard walks with the arrow keys; stars 1–4 fill.
    const radios = form.getByRole('radio');
    expect(await radios.count()).toBe(5);
    await radios.nth(3).locator('xpath=ancestor::label[1]').click();
    expect(await radios.nth(3).isChecked()).toBe(true);
    const colours = await page
      .locator('input[name=rating] + span svg')
      .evaluateAll((svgs) => svgs.map((s) => getComputedStyle(s).color));
    expect(new Set(colours.slice(0, 4)).size).toBe(1);
    expect(colours[4]).not.toBe(colours[0]);
    await radios.nth(3).focus();
    await page.keyboard.press('ArrowDown');
    expect(await radios.nth(4).isChecked()).toBe(true);

    // An address the browser lets through but the shared rule refuses: the gateway's message,
    // in the shopper's language, under the field, which is marked invalid.
    const email = form.getByRole('textbox', { name: m.Reviews.email });
    await email.fill('sara@example');
    await form.getByRole('button', { name: m.Reviews.submit }).click();
    const emailError = page.locator('#review-email-error');
    await emailError.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await emailError.textContent()).toMatch(locale === 'ar' ? /[\u0600-\u06FF]/ : /[A-Za-z]/);
    expect(await ratingError.isHidden()).toBe(true);
    await form.screenshot({ path: `${screens}/product-review-form-error-${locale}.png` });

    await email.fill('sara@example.ae');
    await form.getByRole('button', { name: m.Reviews.submit }).click();
    await form.getByRole('status').filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
    expect(await emailError.isHidden()).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('false');
    // Sent: the form is empty again, no star chosen.
    expect(await form.getByRole('textbox', { name: m.Reviews.body }).inputValue()).toBe('');
    expect(await page.locator('input[name=rating]:checked').count()).toBe(0);
    await form.screenshot({ path: `${screens}/product-review-form-sent-${locale}.png` });
    await context.close();
  }, 120_000);

  it('keeps the heart saved after a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'NEXT_LOCALE', value: locale, url: stack.webUrl }]);
    const page = await context.newPage();
    await page.goto(`${stack.webUrl}/product/${SLUG}`);
    const name = locale === 'ar' ? product.nameAr : product.name;
    const heart = page.getByRole('button', { name: fill(m.WishlistButton.label, { name }) }).first();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('button[aria-pressed]')).some((b) =>
        Object.keys(b).some((k) => k.startsWith('__reactProps')),
      ),
    );
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    expect(await heart.getByText(m.WishlistButton.saved, { exact: true }).isVisible()).toBe(false);
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    // The heart's look is the server's markup; CSS follows aria-pressed ("Saved", the heart filled).
    await expect.poll(() => heart.getByText(m.WishlistButton.saved, { exact: true }).isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    expect(await heart.locator('path').evaluate((p) => getComputedStyle(p).fill)).not.toBe('none');
    await page.screenshot({ path: `${screens}/product-heart-saved-${locale}.png` });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await context.close();
  }, 120_000);
});
