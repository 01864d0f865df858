import { mkdirSync } from 'node:fs';
import { DEFAULT_SETTINGS } from '@qahwa/schema/settings';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, launchChromium, messages } from './support/browser';
import { root, type Stack, startStack } from './support/stack';

/**
 * The storefront's shell as trimmed to 150 KB per route (docs/performance.md): links are plain
 * anchors whose clicks one listener hands to Next's router, the tracking loaders are inline
 * scripts, the newsletter's work is fetched on first focus, the offer banner is drawn by the
 * server around a ticking island. What a shopper on a phone must still get, in both languages.
 */
let stack: Stack;
let browser: Browser;
// Screenshots to look at, both directions on a phone (.data/screens/).
const screens = `${root}.data/screens/storefront-shell`;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
  mkdirSync(screens, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const en = messages('web', 'en');
const ar = messages('web', 'ar');

async function phone(locale: 'en' | 'ar'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: locale === 'ar' ? 'ar-AE' : 'en-GB',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

describe('the storefront shell on a phone', () => {
  it('navigates through plain links without reloading the document, and a new tab is still a new tab', async () => {
    const { context, page } = await phone('en');
    await page.goto(`${stack.webUrl}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // A mark on the document: a client-side navigation keeps it, a full load would lose it.
    await page.evaluate(() => {
      (window as unknown as { e2eMark: number }).e2eMark = 42;
    });
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: en.Footer!.about }).click();
    await page.waitForURL(/\/about$/);
    await page
      .getByRole('heading', {
        level: 1,
        name: fill(en.AboutPage!.title as string, { store: DEFAULT_SETTINGS.store.name.en }),
      })
      .waitFor();
    expect(await page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark)).toBe(42);

    // The phone menu's links (a dialog) close it and navigate the same way.
    await page.getByRole('button', { name: en.Header!.openMenu }).click();
    const menu = page.getByRole('dialog', { name: en.Header!.menu });
    await menu.getByRole('link', { name: en.Header!.shop }).click();
    await page.waitForURL(/\/shop$/);
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark)).toBe(42);

    // Back returns to the page before, still without a full load.
    await page.goBack();
    await page.waitForURL(/\/about$/);
    expect(await page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark)).toBe(42);

    // Ctrl/⌘-click is the browser's: a new tab, this page stays.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      footer.getByRole('link', { name: en.Footer!.terms }).click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/\/terms$/);
    expect(page.url()).toMatch(/\/about$/);
    await context.close();
  });

  it('subscribes to the newsletter from the footer: a wrong address is refused in Arabic, a good one thanked', async () => {
    const { context, page } = await phone('ar');
    await page.goto(`${stack.webUrl}/`);
    const form = page.getByRole('form', { name: ar.Newsletter!.title });
    const email = form.getByRole('textbox', { name: ar.Newsletter!.email });
    await email.fill('not-an-address');
    await form.getByRole('button', { name: ar.Newsletter!.subscribe }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const error = await form.locator(`[id="${await email.getAttribute('aria-describedby')}"]`).textContent();
    // The shared rule's message, in Arabic (no Latin letters in it).
    expect(error).toMatch(/[\u0600-\u06FF]/);
    expect(error).not.toMatch(/[A-Za-z]/);

    await email.fill(`shell-${Date.now()}@example.com`);
    await form.getByRole('button', { name: ar.Newsletter!.subscribe }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe(ar.Newsletter!.success);
    expect(await email.inputValue()).toBe('');
    await context.close();
  });

  it('switches the language with the header select, and looks right in both directions (screenshots)', async () => {
    const { context, page } = await phone('en');
    await page.goto(`${stack.webUrl}/`);
    await page.getByRole('banner').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${screens}/home-en.png` });
    await page.getByRole('contentinfo').screenshot({ path: `${screens}/footer-en.png` });

    await page.getByRole('combobox', { name: en.LanguageSwitcher!.label }).selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page
      .getByRole('link', {
        name: fill(ar.Header!.homeLink as string, { store: DEFAULT_SETTINGS.store.name.ar }),
      })
      .waitFor();
    await page.goto(`${stack.webUrl}/`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${screens}/home-ar.png` });
    await page.getByRole('contentinfo').screenshot({ path: `${screens}/footer-ar.png` });
    await page.getByRole('button', { name: ar.Header!.openMenu }).click();
    // The dialog element is a zero-size wrapper; its links are what shows.
    await page
      .getByRole('dialog', { name: ar.Header!.menu })
      .getByRole('link', { name: ar.Header!.shop })
      .waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${screens}/menu-ar.png` });
    await context.close();
  });

  it.each([
    ['ar', 'خلطة القهوة الإماراتية', '500 غ'],
    ['en', 'Emirati Gahwa Blend', '250g'],
  ] as const)(
    'opens the cart page from the cart panel and edits the cart there (%s)',
    async (locale, product, weight) => {
      const m = locale === 'ar' ? ar : en;
      const { context, page } =
        locale === 'ar'
          ? await phone('ar')
          : await (async () => {
              const c = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
              return { context: c, page: await c.newPage() };
            })();
      await page.goto(`${stack.webUrl}/shop`);
      await page
        .getByRole('button', { name: m.ProductCard!.selectOptionsFor!.replace('{name}', product) })
        .click();
      const dialog = page.getByRole('dialog', { name: m.OptionsModal!.title });
      await dialog
        .getByRole('radiogroup', { name: m.OptionsModal!.weight })
        .getByRole('radio', { name: weight })
        .click();
      await dialog.getByRole('button', { name: m.OptionsModal!.addToCart }).click();
      await page.getByRole('link', { name: m.CartPanel!.viewCart }).click();
      await page.waitForURL('**/cart');
      await page.getByRole('heading', { level: 1, name: m.CartPage!.title }).waitFor();
      const summary = page.getByRole('region', { name: m.OrderSummary!.title });
      const total = summary.getByTestId('order-total');
      const before = await total.textContent();
      // Shipping needs the address: the page says it is calculated at checkout.
      await summary.getByText(m.OrderSummary!.atCheckout!).waitFor();
      // + on the page's line: the quantity and the summary follow.
      await page
        .getByRole('main')
        .getByRole('button', { name: m.CartPanel!.increase!.replace('{name}', product) })
        .click();
      await expect.poll(() => total.textContent()).not.toBe(before);
      expect(await page.getByRole('link', { name: m.CartPage!.checkout }).getAttribute('href')).toBe(
        '/checkout',
      );
      await page.screenshot({ path: `${screens}/cart-page-${locale}.png`, fullPage: true });
      // Removing the last line leaves the empty cart's message.
      await page
        .getByRole('main')
        .getByRole('button', { name: m.CartPanel!.remove!.replace('{name}', product) })
        .click();
      await page.getByText(m.CartPage!.empty!).waitFor();
      await context.close();
    },
  );
});
