import { createDb, createStockRepository, eq, tables } from '@qahwa/db';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { artifacts, type Stack } from './support/stack';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startStackAndBrowser());
});
afterAll(() => stopStackAndBrowser(stack, browser));

const en = messages('web', 'en');
const ar = messages('web', 'ar');

/**
 * The catalogue screens as a shopper uses them: the shop's state lives in the URL
 * (reload, back button, categories as routes, pages), the home page's offer banner counts down,
 * a broken picture shows the placeholder, and the product page carries its structured data.
 */
describe('the catalogue screens', () => {
  it('keeps search, sort, filters and page in the URL: a reload and the back button show the same list', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const names = () => page.locator('main ul li article h3').allTextContents();

    await page.goto(`${stack.webUrl}/shop`);
    const all = await names();
    expect(all).toHaveLength(12); // the first page of 14 seed products
    await page.getByRole('link', { name: fill(en.Shop!.pageN!, { page: '2' }) }).click();
    await page.waitForURL(/[?&]page=2/);
    expect(await names()).toHaveLength(2);

    // A category is a real route; sorting by price applies at once and goes into the URL.
    await page.getByRole('link', { name: 'Coffee Beans', exact: true }).first().click();
    await page.waitForURL('**/shop/coffee-beans');
    await page.getByRole('combobox', { name: en.Shop!.sortLabel }).selectOption('price-asc');
    await page.waitForURL(/\/shop\/coffee-beans\?sort=price-asc/);
    const byPrice = await names();
    expect(byPrice[0]).toBe('Brazil Santos'); // from AED 36.00, the cheapest beans
    await page.getByRole('checkbox', { name: en.Shop!.onSale }).check();
    await page.waitForURL(/sale=1/);
    expect(await names()).toEqual(['Colombian Supremo']);

    // Reload: the same list, the same controls.
    await page.reload();
    expect(await names()).toEqual(['Colombian Supremo']);
    expect(await page.getByRole('checkbox', { name: en.Shop!.onSale }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: en.Shop!.sortLabel }).inputValue()).toBe('price-asc');

    // Back: the list before the filter, with its controls.
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('sale=1'));
    await expect.poll(names).toEqual(byPrice);
    expect(await page.getByRole('checkbox', { name: en.Shop!.onSale }).isChecked()).toBe(false);

    // Nothing matches: the shopper is told so and can clear everything in one tap.
    await page.goto(`${stack.webUrl}/shop?q=zzzz-no-such-coffee`);
    await page.getByText(en.Shop!.noMatch!).waitFor();
    await page.getByRole('link', { name: en.Shop!.clear }).first().click();
    await page.waitForURL((url) => url.pathname === '/shop' && url.search === '');
    expect(await names()).toHaveLength(12);

    // An unknown category is a 404, not an empty shop.
    const missing = await page.goto(`${stack.webUrl}/shop/no-such-category`);
    expect(missing?.status()).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds Arabic names typed without their marks and alef forms, in Arabic, right to left', async () => {
    const context = await browser.newContext({ locale: 'ar-AE', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // "يرغاتشيفى الاثيوبيه": alef maqsura for ي, bare alef for إ, final ه for ة.
    await page.goto(`${stack.webUrl}/shop?q=${encodeURIComponent('الاثيوبيه')}`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { level: 3, name: 'يرغاتشيفي الإثيوبية' }).waitFor();
    expect(await page.locator('main ul li article h3').count()).toBe(1);
    await page.screenshot({ path: `${artifacts}/catalogue-search-ar.png`, fullPage: true });

    // A category's name finds its products, not only names with the word ("قهوة" is in few names).
    await page.goto(`${stack.webUrl}/shop?q=${encodeURIComponent('قهوه')}`);
    await page.locator('main ul li article h3').first().waitFor();
    expect(await page.locator('main ul li article h3').count()).toBeGreaterThan(3);

    // Nothing found: the categories are offered instead of a dead end.
    await page.goto(`${stack.webUrl}/shop?q=${encodeURIComponent('لا يوجد شيء كهذا')}`);
    const browse = page.getByRole('navigation', { name: ar.Shop!.browseCategories });
    await browse.getByRole('link', { name: 'كبسولات' }).waitFor();
    await page.screenshot({ path: `${artifacts}/catalogue-search-empty-ar.png`, fullPage: true });
    await browse.getByRole('link', { name: 'كبسولات' }).click();
    await page.waitForURL('**/shop/capsules');
    await context.close();
  });

  it('counts the offer down every second on the home page and hides it once the offer is off', async () => {
    const handle = createDb(process.env.DATABASE_URL);
    const setOffer = (values: { isActive: boolean; endTime: Date | null }) =>
      handle.db
        .insert(tables.offerSettings)
        .values({ id: 'default', message: 'Roaster’s week', messageAr: 'أسبوع المحمصة', ...values })
        .onConflictDoUpdate({ target: tables.offerSettings.id, set: values });
    try {
      await setOffer({ isActive: true, endTime: new Date(Date.now() + 2 * 3600_000) });
      const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      // A fresh storefront page is what a shopper gets once the content cache (CONTENT_CACHE_SECONDS) has passed.
      await page.goto(`${stack.webUrl}/`);
      const banner = page.getByRole('complementary', { name: en.OfferBanner!.label });
      const clock = banner.locator('time');
      await clock.waitFor({ timeout: 90_000 });
      const first = await clock.textContent();
      expect(first).toMatch(/^0[12]:\d\d:\d\d$/);
      await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(first);
      await context.close();

      await setOffer({ isActive: false, endTime: new Date(Date.now() + 2 * 3600_000) });
      // An inactive offer: the banner is not drawn (once the content cache, 5 s in these tests, has passed).
      const later = await browser.newContext({ locale: 'en-GB' });
      const home = await later.newPage();
      await expect
        .poll(
          async () => {
            await home.goto(`${stack.webUrl}/`);
            return home.getByRole('complementary', { name: en.OfferBanner!.label }).count();
          },
          { timeout: 30_000, interval: 2_000 },
        )
        .toBe(0);
      await later.close();
    } finally {
      await handle.close();
    }
  });

  it("shows a product's gallery, 'Only N left', structured data in AED, and the placeholder for a broken picture", async () => {
    // 12 brass dallahs in the seed; nine are sold through the stock module (which tells the
    // gateway's catalogue), leaving 3: at or below the low-stock mark.
    const handle = createDb(process.env.DATABASE_URL);
    const [dallah] = await handle.db
      .select({ productId: tables.productVariations.productId, variationId: tables.productVariations.id })
      .from(tables.productVariations)
      .innerJoin(tables.products, eq(tables.products.id, tables.productVariations.productId))
      .where(eq(tables.products.slug, 'brass-dallah'));
    expect(dallah).toBeDefined();
    await handle.db.transaction((tx) => createStockRepository(tx).take([{ ...dallah!, quantity: 9 }]));
    await handle.close();

    const context = await browser.newContext({ locale: 'ar-AE', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // The close-up picture is broken on purpose: the gallery must show the placeholder, not a hole.
    await page.route('**/images/products/brass-dallah/detail.svg', (route) => route.fulfill({ status: 404 }));
    await page.route('**/_next/image?url=%2Fimages%2Fproducts%2Fbrass-dallah%2Fdetail.svg*', (route) =>
      route.fulfill({ status: 404 }),
    );
    // The Arabic plural for 3 ('few'): بقيت 3 قطع فقط.
    await expect
      .poll(
        async () => {
          await page.goto(`${stack.webUrl}/product/brass-dallah`);
          return page.getByText('بقيت 3 قطع فقط').count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    await page.getByRole('heading', { level: 1, name: 'دلة نحاسية' }).waitFor();

    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'دلة نحاسية',
      offers: { priceCurrency: 'AED', lowPrice: '165.00', offerCount: 1 },
    });
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
      /\/images\/products\/brass-dallah\/main\.svg$/,
    );

    // The gallery has no script of its own: a radio per picture, CSS shows the chosen one. A
    // keyboard user moves with the arrow keys; a finger taps a thumbnail (the radio's label).
    const showPicture = (n: number) =>
      page.getByRole('radio', { name: fill(ar.ProductPage!.showPicture!, { n: String(n), total: '2' }) });
    const main = page.locator('main').getByRole('img', { name: 'دلة نحاسية' }).first();
    await expect.poll(() => showPicture(1).isChecked()).toBe(true);
    await expect.poll(() => main.evaluate((el) => el.tagName)).toBe('IMG');
    await showPicture(1).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => showPicture(2).isChecked()).toBe(true);
    await expect.poll(() => main.evaluate((el) => el.tagName)).toBe('DIV');
    await page.locator('label[for="gallery-0"]').click();
    await expect.poll(() => showPicture(1).isChecked()).toBe(true);
    await expect.poll(() => main.evaluate((el) => el.tagName)).toBe('IMG');
    await page.locator('label[for="gallery-1"]').click();
    await expect.poll(() => main.evaluate((el) => el.tagName)).toBe('DIV');
    await page.screenshot({ path: `${artifacts}/catalogue-product-ar.png`, fullPage: true });
    await context.close();
  });
});
