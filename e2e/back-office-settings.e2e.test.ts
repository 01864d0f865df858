import { mkdirSync } from 'node:fs';
import { type Product, unitsAvailable } from '@qahwa/schema';
import { CART_STORAGE_KEY, CART_VERSION } from '@qahwa/schema/reference';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from './support/browser';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { root, type Stack } from './support/stack';
import { setStaffLocale, signIn, staffApiCookie } from './support/staff';

/*
 * The back office's settings and tracking, end to end in Chromium over the real stack, in Arabic: a member
 * of staff raises the free-shipping threshold in the Arabic back office → the storefront's
 * checkout summary shows the new nudge (gateway settings in memory → SettingsChanged → the
 * storefront's cached settings dropped); they set a Google Tag Manager id in the Tracking screen →
 * the storefront's page loads gtm.js with that id and its Content-Security-Policy allows Google's
 * host. Screenshots of both screens in both languages go to .data/screens/.
 */
const ar = messages('admin', 'ar') as unknown as {
  Settings: Record<'shippingTitle' | 'threshold' | 'save' | 'storeTitle' | 'nameEn' | 'nameAr', string>;
  Tracking: Record<'idsTitle' | 'gtmId', string>;
};
const en = messages('admin', 'en') as unknown as typeof ar;
const web = messages('web', 'ar') as unknown as { OrderSummary: { freeShippingNudge: string } };
const screens = `${root}.data/screens`;
const shots = `${root}.data/shots/h2`;

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ({ stack, browser } = await startStackAndBrowser());
  context = await browser.newContext({ locale: 'ar-AE', viewport: { width: 1440, height: 1100 } });
  await context.addCookies([
    { name: 'NEXT_LOCALE', value: 'ar', url: stack.adminUrl },
    { name: 'NEXT_LOCALE', value: 'ar', url: stack.webUrl },
  ]);
  page = await context.newPage();
}, 600_000);
afterAll(() => stopStackAndBrowser(stack, browser));

async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('staff change the store settings in Arabic, and the storefront follows', () => {
  it('signs in to the Arabic back office', async () => {
    await signIn(page, stack);
  }, 120_000);

  it('raises the free-shipping threshold; the checkout summary nudges with the new amount', async () => {
    // A 150 AED cart: free under SPEC 9's 200 would need 50 more; under 300 it needs 150.
    const products = (await (await fetch(`${stack.webUrl}/api/products?limit=100`)).json()) as Product[];
    const product = products.find((p) => p.variations.some((v) => unitsAvailable(v) > 3)) as Product;
    const v = product.variations.find((x) => unitsAvailable(x) > 3)!;
    const quantity = Math.max(1, Math.min(3, Math.floor(150 / v.price)));
    const subtotal = Math.round(v.price * quantity * 100) / 100;
    await context.addInitScript(
      ([key, cart]) => localStorage.setItem(key as string, cart as string),
      [
        CART_STORAGE_KEY,
        JSON.stringify({
          version: CART_VERSION,
          items: [
            {
              id: `${product.id}-${v.id}`,
              productId: product.id,
              variationId: v.id,
              name: product.name,
              nameAr: product.nameAr,
              price: v.price,
              quantity,
              image: null,
              variation: {
                weight: v.size.displayName,
                beans: v.beans?.name ?? null,
                additions: v.type?.name ?? null,
              },
            },
          ],
        }),
      ],
    );

    await page.goto(`${stack.adminUrl}/backend/settings`);
    const form = page.getByRole('form', { name: ar.Settings.shippingTitle });
    await form.getByLabel(ar.Settings.threshold).waitFor();
    await page.screenshot({ path: `${screens}/settings-ar.png`, fullPage: true });
    await form.getByLabel(ar.Settings.threshold).fill('300');
    await form.getByRole('button', { name: ar.Settings.save }).click();
    await form.getByLabel(ar.Settings.threshold).and(page.locator('[value="300.00"]')).waitFor();
    const savedAt = Date.now();

    // The storefront's checkout (its summary's nudge comes from the gateway's quote).
    const checkout = await context.newPage();
    const remaining = (300 - subtotal).toLocaleString('en-US', { minimumFractionDigits: 2 });
    // The Arabic sentence of the summary, with the amount as the storefront formats it.
    const nudge = web.OrderSummary.freeShippingNudge.replace('{amount}', `${remaining} د.إ`);
    let seen = '';
    const ms = await until(async () => {
      await checkout.goto(`${stack.webUrl}/checkout`);
      await checkout.waitForTimeout(1000);
      seen = (await checkout.locator('body').textContent()) ?? '';
      return seen.includes(nudge);
    }, `the nudge "${nudge}"`).catch(async (error: Error) => {
      await checkout.screenshot({ path: `${screens}/settings-checkout-nudge-failed.png`, fullPage: true });
      throw new Error(`${error.message}; the page said: ${seen.slice(0, 1500)}`);
    });
    console.info(`nudge followed the new threshold in ${Date.now() - savedAt} ms (${ms} ms polling)`);
    await checkout.screenshot({ path: `${screens}/settings-checkout-nudge-ar.png`, fullPage: true });
    // About and Terms promise the threshold staff set, not a figure fixed in their texts.
    for (const path of ['/about', '/terms']) {
      await checkout.goto(`${stack.webUrl}${path}`);
      expect(await checkout.locator('main').textContent()).toContain('300.00 د.إ');
      expect(await checkout.locator('main').textContent()).not.toContain('200 درهم');
    }
    await checkout.close();
  }, 180_000);

  it("renames the store; the storefront's header, titles and footer say the new name in both languages", async () => {
    const name = { en: 'Bayt al Bunn', ar: 'بيت البن' };
    await page.goto(`${stack.adminUrl}/backend/settings`);
    const form = page.getByRole('form', { name: ar.Settings.storeTitle });
    await form.getByLabel(ar.Settings.nameAr).waitFor();
    await form.getByLabel(ar.Settings.nameEn).fill(name.en);
    await form.getByLabel(ar.Settings.nameAr).fill(name.ar);
    await form.getByRole('button', { name: ar.Settings.save }).click();
    await form
      .getByLabel(ar.Settings.nameAr)
      .and(page.locator(`[value="${name.ar}"]`))
      .waitFor();
    const savedAt = Date.now();

    mkdirSync(shots, { recursive: true });
    for (const locale of ['ar', 'en'] as const) {
      for (const [device, viewport] of [
        ['phone', { width: 390, height: 844 }],
        ['desktop', { width: 1440, height: 900 }],
      ] as const) {
        const shopper = await browser.newContext({ locale: locale === 'ar' ? 'ar-AE' : 'en-GB', viewport });
        await shopper.addCookies([{ name: 'NEXT_LOCALE', value: locale, url: stack.webUrl }]);
        const shop = await shopper.newPage();
        let header = '';
        await until(async () => {
          await shop.goto(`${stack.webUrl}/shop`);
          header = ((await shop.getByTestId('store-name').textContent()) ?? '').trim();
          return header === name[locale];
        }, `the header's name in ${locale} (it said "${header}")`);
        if (locale === 'ar' && device === 'phone') {
          console.info(`the header followed the new name in ${Date.now() - savedAt} ms`);
        }
        // Every page's title ends with the store's name; the home page's starts with it.
        expect(await shop.title()).toMatch(new RegExp(` · ${name[locale]}$`));
        const footer = (await shop.locator('footer').textContent()) ?? '';
        expect(footer).toContain(name[locale]);
        expect(footer).not.toMatch(/qahwa roastery|محمصة قهوة/);
        // The name fits the phone's header: nothing runs off the side.
        const overflow = await shop.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflow).toBe(false);
        await shop.screenshot({ path: `${shots}/header-renamed-${locale}-${device}.png` });
        await shop.goto(stack.webUrl);
        expect(await shop.title()).toContain(name[locale]);
        await shopper.close();
      }
    }
  }, 240_000);

  it("shows the Content screen's store hours and support line: staff change them there, the storefront follows", async () => {
    const cookie = await staffApiCookie(stack);
    const put = (key: string, text: { en: string; ar: string }) =>
      fetch(`${stack.gatewayUrl}/api/admin/content/texts/${key}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie, origin: stack.adminUrl },
        body: JSON.stringify(text),
      });
    const hours = { en: 'Every day: 7:00 to 23:00', ar: 'كل يوم: 7:00 إلى 23:00' };
    const support = {
      en: 'Call us day and night: +971 4 555 0199',
      ar: 'اتصل بنا ليلاً ونهاراً: \u2066+971 4 555 0199\u2069',
    };
    expect((await put('storeHours', hours)).status).toBe(200);
    expect((await put('supportLine', support)).status).toBe(200);
    // The Arabic contact page (this context's language) lists staff's hours and the footer says their line.
    const contact = await context.newPage();
    await until(async () => {
      await contact.goto(`${stack.webUrl}/contact`);
      const list = contact.getByTestId('store-hours');
      return (await list.count()) > 0 && ((await list.textContent()) ?? '').includes(hours.ar);
    }, 'the Content store hours on the contact page');
    const line = contact.getByTestId('support-line');
    expect(await line.textContent()).toContain('اتصل بنا ليلاً ونهاراً');
    // Its number is a call link.
    expect(await line.getByRole('link').getAttribute('href')).toBe('tel:+97145550199');
    await contact.close();
  }, 120_000);

  it('sets a Google Tag Manager id; the storefront loads it and its policy allows it', async () => {
    await page.goto(`${stack.adminUrl}/backend/tracking`);
    const form = page.getByRole('form', { name: ar.Tracking.idsTitle });
    const id = form.getByLabel(ar.Tracking.gtmId);
    await id.waitFor();
    // A malformed id is refused under its field, in Arabic.
    await id.fill('UA-123');
    await form.getByRole('button', { name: ar.Settings.save }).click();
    await form.getByText('معرّف Google Tag Manager يكون بالشكل').waitFor();
    await id.fill('GTM-QAHWA42');
    await form.getByRole('button', { name: ar.Settings.save }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${screens}/tracking-ar.png`, fullPage: true });

    await until(async () => {
      const res = await fetch(`${stack.webUrl}/about`);
      const html = await res.text();
      const csp = res.headers.get('content-security-policy') ?? '';
      return html.includes('GTM-QAHWA42') && csp.includes('https://www.googletagmanager.com');
    }, 'the GTM id in the page and its CSP');
    // Only the provider whose id is set: no Meta pixel id, no Meta host.
    const csp = (await fetch(`${stack.webUrl}/about`)).headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('connect.facebook.net');
  }, 120_000);

  it('shows both screens in English too (screenshots)', async () => {
    await setStaffLocale(context, stack, 'en');
    await page.goto(`${stack.adminUrl}/backend/settings`);
    await page.getByRole('form', { name: en.Settings.shippingTitle }).waitFor();
    await page.screenshot({ path: `${screens}/settings-en.png`, fullPage: true });
    await page.goto(`${stack.adminUrl}/backend/tracking`);
    await page.getByRole('form', { name: en.Tracking.idsTitle }).waitFor();
    await page.screenshot({ path: `${screens}/tracking-en.png`, fullPage: true });
  }, 120_000);
});
