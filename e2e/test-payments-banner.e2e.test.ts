import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from './support/browser';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import type { Stack } from './support/stack';
import { root } from './support/stack';
import { signIn, staffContext } from './support/staff';

/*
 * The store's payments take no money here (the Stripe double, the Tabby fake, test keys), so every
 * page of both apps says so (docs/security.md "Payment doubles"): the storefront's and the back
 * office's, sign-in included, in English and Arabic, on a phone and on a desktop, never covering
 * what the page shows.
 */
let stack: Stack;
let browser: Browser;
const screens = `${root}.data/screens/test-payments-banner`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

beforeAll(async () => {
  ({ stack, browser } = await startStackAndBrowser());
  mkdirSync(screens, { recursive: true });
}, 240_000);
afterAll(async () => stopStackAndBrowser(stack, browser));

/** The banner's box, and that the page's header starts below it: it pushes the page down, covers nothing. */
async function bannerAbove(page: Page, text: string, below: string) {
  const banner = page.getByRole('note').filter({ hasText: text });
  await banner.waitFor();
  expect(await banner.textContent()).toBe(text);
  const box = (await banner.boundingBox())!;
  const next = (await page.locator(below).first().boundingBox())!;
  expect(box.y).toBe(0);
  expect(box.height).toBeLessThan(60);
  expect(next.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
  return box;
}

describe('the test-payments banner', () => {
  for (const locale of ['en', 'ar'] as const) {
    const text = messages('web', locale).TestPayments!.banner!;

    it(`is on every storefront page in ${locale}, above the header, on a phone and a desktop`, async () => {
      for (const [name, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const context = await browser.newContext({
          locale: locale === 'ar' ? 'ar-AE' : 'en-GB',
          viewport,
          ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}),
        });
        await context.addCookies([{ name: 'NEXT_LOCALE', value: locale, url: stack.webUrl }]);
        const page = await context.newPage();
        for (const path of ['/', '/shop', '/cart/restore', '/checkout', '/contact']) {
          await page.goto(`${stack.webUrl}${path}`);
          expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
          const box = await bannerAbove(page, text, 'header');
          // It spans the page's width in either direction (logical padding, centred text).
          expect(box.width).toBeGreaterThanOrEqual(viewport.width - 20);
        }
        await page.goto(`${stack.webUrl}/shop`);
        await bannerAbove(page, text, 'header');
        await page.screenshot({ path: `${screens}/storefront-${locale}-${name}.png` });
        // Scrolled, the sticky header is at the top and the banner has gone with the page.
        await page.mouse.wheel(0, 600);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
        const header = (await page.locator('header').first().boundingBox())!;
        expect(header.y).toBeLessThanOrEqual(1);
        await context.close();
      }
    }, 180_000);

    it(`is on every back-office page in ${locale}, sign-in included`, async () => {
      const staffText = messages('admin', locale).TestPayments!.banner!;
      expect(staffText).toBe(text);
      for (const [name, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const context = await staffContext(browser, stack, { locale, viewport });
        const page = await context.newPage();
        await page.goto(`${stack.adminUrl}/backend/login`);
        await bannerAbove(page, staffText, 'main, form');
        await page.screenshot({ path: `${screens}/back-office-login-${locale}-${name}.png` });
        await signIn(page, stack);
        for (const path of ['/backend', '/backend/orders', '/backend/payments']) {
          await page.goto(`${stack.adminUrl}${path}`);
          await bannerAbove(page, staffText, 'main');
        }
        await page.goto(`${stack.adminUrl}/backend/orders`);
        await page.getByRole('note').waitFor();
        await page.screenshot({ path: `${screens}/back-office-orders-${locale}-${name}.png` });
        await context.close();
      }
    }, 180_000);
  }
});
