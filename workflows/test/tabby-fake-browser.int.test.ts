import { createTabbyClient, type TabbyClient } from '@qahwa/checkout/payments';
import { startTabbyFake, type TabbyFake } from '@qahwa/fake-tabby';
import { TABBY_DEV_DEFAULTS } from '@qahwa/schema/reference';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The fake's browser-facing parts in real Chromium: the hosted page works with plain forms in
 * both languages (a shopper's click lands back on the merchant URL with `payment_id`), and
 * `tabby-promo.js` renders the instalment line a shopper reads. The storefront's own end-to-end
 * tests go through the same page; this one pins the page itself.
 */

let fake: TabbyFake;
let tabby: TabbyClient;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  fake = await startTabbyFake({ port: 0 });
  tabby = createTabbyClient({
    apiBase: fake.url,
    secretKey: TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY,
    merchantCode: 'GR',
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await fake?.stop();
});

async function session(lang: 'en' | 'ar') {
  // The merchant URLs point back at the fake's /health so the browser lands on a real page.
  const back = (result: string) => `${fake.url}/health?result=${result}`;
  return tabby.createSession({
    amountFils: 45_000,
    currency: 'AED',
    description: 'qahwa order',
    buyer: { name: 'Amal', email: 'amal@example.com', phone: '+971501234567' },
    shippingAddress: { city: 'Dubai', address: 'Al Wasl Rd 12', zip: '00000' },
    order: { referenceId: 'chk_browser', shippingFils: 0, discountFils: 0, items: [] },
    lang,
    merchantUrls: { success: back('success'), cancel: back('cancel'), failure: back('failure') },
  });
}

describe('the fake Tabby page in Chromium', () => {
  it.each([
    ['en', 'Approve', 'success', 'AUTHORIZED'],
    ['ar', 'رفض', 'failure', 'REJECTED'],
    ['ar', 'إلغاء', 'cancel', 'CREATED'],
    ['en', 'Let it expire', 'failure', 'EXPIRED'],
  ] as const)(
    'lang=%s: pressing "%s" returns to %s and leaves the payment %s',
    async (lang, button, result, status) => {
      const s = await session(lang);
      await page.goto(s.webUrl ?? '');
      expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.waitForURL(/\/health\?/);
      const landed = new URL(page.url());
      expect(landed.searchParams.get('result')).toBe(result);
      expect(landed.searchParams.get('payment_id')).toBe(s.paymentId);
      expect((await tabby.getPayment(s.paymentId)).status).toBe(status);
    },
  );

  it('tabby-promo.js shows a quarter of the price, in English and in Arabic, and follows a new price', async () => {
    await page.goto(`${fake.url}/health`);
    await page.setContent(
      `<div id="en"></div><div id="ar" dir="rtl"></div><script src="${fake.url}/tabby-promo.js"></script>`,
    );
    await page.waitForFunction(() => 'TabbyPromo' in globalThis);
    await page.evaluate(() => {
      const w = globalThis as unknown as { TabbyPromo: new (o: Record<string, unknown>) => unknown };
      new w.TabbyPromo({ selector: '#en', lang: 'en', price: 450, currency: 'AED', source: 'product' });
      new w.TabbyPromo({ selector: '#ar', lang: 'ar', price: '99.99', currency: 'AED', source: 'cart' });
    });
    await expect
      .poll(() => page.locator('#en').textContent())
      .toContain('4 interest-free payments of 112.50 AED');
    expect(await page.locator('#ar').textContent()).toContain('4 دفعات بدون فوائد بقيمة 25.00 د.إ');
    expect(await page.locator('#ar .tabby-promo-fake').getAttribute('dir')).toBe('rtl');
    // The store constructs it again when the price changes: the line is replaced, not added to.
    await page.evaluate(() => {
      const w = globalThis as unknown as { TabbyPromo: new (o: Record<string, unknown>) => unknown };
      new w.TabbyPromo({ selector: '#en', lang: 'en', price: 100, currency: 'AED', source: 'product' });
    });
    expect(await page.locator('#en .tabby-promo-fake').count()).toBe(1);
    expect(await page.locator('#en').textContent()).toContain('25.00 AED');
  });
});
