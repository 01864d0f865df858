import { mkdirSync } from 'node:fs';
import type { AdminProduct, Product } from '@qahwa/schema';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from './support/browser';
import { storefrontProducts } from './support/orders';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { root, type Stack } from './support/stack';
import { setStaffLocale, signIn, staffContext } from './support/staff';

/*
 * Product editing end to end, in Arabic, in Chromium over the real stack: a member of staff creates a
 * product with a picture in the back office (a script named .png is refused first, with SPEC 5's
 * Arabic sentence), and the storefront serves the product and its picture within a second of the
 * save (outbox → NATS → the gateway's in-memory catalogue → the storefront).
 */
let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const screens = `${root}.data/screens`;
const ar = messages('admin', 'ar') as unknown as {
  Products: Record<string, string>;
  Uploads: Record<string, string>;
};
const en = messages('admin', 'en') as unknown as {
  Products: Record<string, string>;
  Categories: Record<string, string>;
};
const T = ar.Products;

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  mkdirSync(screens, { recursive: true });
  ({ stack, browser } = await startStackAndBrowser());
  context = await staffContext(browser, stack, { viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 600_000);
afterAll(() => stopStackAndBrowser(stack, browser));

const shot = (name: string) => page.screenshot({ path: `${screens}/${name}.png`, fullPage: true });

async function setLocale(locale: 'ar' | 'en') {
  await setStaffLocale(context, stack, locale);
}

describe('a product made in the back office, in Arabic, is on the storefront within a second', () => {
  const slug = `e2e-harrar-${Date.now()}`;
  let created: AdminProduct;

  it('signs in and fills the product form in Arabic, refusing a script named .png', async () => {
    await signIn(page, stack);

    await page.goto(`${stack.adminUrl}/backend/products/new`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByLabel(T.nameEn as string).fill('E2E Harrar');
    await page.getByLabel(T.nameAr as string).fill('هرر الاختبار');
    await page.getByLabel(T.descriptionEn as string).fill('Blueberry and dark chocolate');
    await page.getByLabel(T.descriptionAr as string).fill('توت أزرق وشوكولاتة داكنة');
    await page.getByLabel(T.slug as string).fill(slug);
    const category = page.getByLabel(T.category as string);
    await category.locator('option').nth(1).waitFor({ state: 'attached' });
    const firstCategory = await category.locator('option').nth(1).getAttribute('value');
    await category.selectOption(firstCategory as string);
    // The variations' add form below has a price of its own: the product's is #product-price.
    await page.locator('#product-price').fill('58.50');
    // The field says which price shoppers pay and where to change it (the variations' prices).
    expect(await page.locator('#product-price').getAttribute('aria-describedby')).toContain('hint');
    await page.getByText(T.priceHint as string).waitFor();

    // The product's pictures (the variations' add form below has its own picture input).
    const file = page.locator('input[type=file]').first();
    // The browser's own check passes (it says image/png); the gateway reads the bytes and refuses.
    await file.setInputFiles({
      name: 'evil.png',
      mimeType: 'image/png',
      buffer: Buffer.from('#!/bin/sh\nrm -rf ~\n'),
    });
    await page.getByText('نوع الملف غير صالح: evil.png').waitFor({ timeout: 30_000 });
    // An 11 MB picture is refused in the browser already, with its size.
    await file.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024 - PNG.length)]),
    });
    await page.getByText('الحجم الحالي: 11.00 ميغابايت').waitFor({ timeout: 30_000 });
    // Two pictures at once: two progress bars, both done.
    await file.setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: PNG },
      { name: 'back.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.from([0])]) },
    ]);
    await page
      .getByRole('img', { name: (T.imageN as string).replace('{n}', '2') })
      .waitFor({ timeout: 30_000 });
    expect(await page.getByRole('progressbar').count()).toBeGreaterThanOrEqual(2);
    await shot('bo1-product-form-ar');
  });

  it('saves, and the storefront serves the product with its picture within a second', async () => {
    const clicked = Date.now();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/backend/api/admin/products') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: T.create as string }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    created = (await response.json()) as AdminProduct;
    expect(created.images).toHaveLength(2);
    expect(created.imageUrl).toMatch(/^\/api\/uploads\/files\/[a-f0-9]{64}\.png$/);

    let seenAfter = Number.POSITIVE_INFINITY;
    let shopProduct: Product | null = null;
    while (Date.now() < clicked + 10_000) {
      const res = await fetch(`${stack.webUrl}/api/products/${slug}`, {
        headers: { accept: 'application/json' },
      });
      if (res.ok) {
        shopProduct = (await res.json()) as Product;
        seenAfter = Date.now() - clicked;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    console.log(`new product visible to shoppers ${seenAfter} ms after the click`);
    expect(seenAfter).toBeLessThan(1000);
    expect(shopProduct).toMatchObject({ nameAr: 'هرر الاختبار', imageUrl: created.imageUrl });

    // The picture itself, through the storefront's own origin, cached for a year.
    const picture = await fetch(`${stack.webUrl}${created.imageUrl}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('cache-control')).toContain('immutable');

    // The product page in Arabic names it.
    const shopper = await browser.newPage({ locale: 'ar-AE' });
    await shopper.context().addCookies([{ name: 'NEXT_LOCALE', value: 'ar', url: stack.webUrl }]);
    await shopper.goto(`${stack.webUrl}/product/${slug}`);
    await shopper.getByRole('heading', { name: 'هرر الاختبار' }).first().waitFor({ timeout: 30_000 });
    // The uploaded picture itself is drawn, not the placeholder.
    const drawn = shopper.locator(`img[src*="${created.imageUrl?.split('/').pop()}"]`).first();
    await drawn.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => drawn.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await shopper.screenshot({ path: `${screens}/bo1-storefront-product-ar.png`, fullPage: true });
    await shopper.close();
  });

  it('lists it with its stock and sales, and edits it (screens in both languages)', async () => {
    await page.waitForURL((u) => u.pathname === `/backend/products/${created.id}`, { timeout: 30_000 });
    await shot('bo1-product-edit-ar');
    await page.goto(`${stack.adminUrl}/backend/products`);
    await page.getByRole('searchbox').fill('هرر');
    await page.getByRole('link', { name: 'هرر الاختبار' }).waitFor({ timeout: 30_000 });
    await shot('bo1-products-ar');
    await page.goto(`${stack.adminUrl}/backend/categories`);
    // Rows are loaded (the loading state is a row too): an Edit button is there.
    await page.getByRole('table').getByRole('button').first().waitFor({ timeout: 30_000 });
    await shot('bo1-categories-ar');

    await setLocale('en');
    await page.goto(`${stack.adminUrl}/backend/products`);
    await page
      .getByRole('table', { name: en.Products.caption as string })
      .getByRole('row')
      .nth(1)
      .waitFor({ timeout: 30_000 });
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await shot('bo1-products-en');
    await page.goto(`${stack.adminUrl}/backend/products/${created.id}`);
    await page.getByLabel(en.Products.nameEn as string).waitFor();
    await shot('bo1-product-edit-en');
    await page.goto(`${stack.adminUrl}/backend/categories`);
    await page
      .getByRole('table', { name: en.Categories.caption as string })
      .getByRole('row')
      .nth(1)
      .waitFor({ timeout: 30_000 });
    await shot('bo1-categories-en');
  });
});

describe('a new product with its variations typed before the first save', () => {
  const shots = `${root}.data/shots/h4`;
  type Words = {
    Products: Record<string, string>;
    Variations: Record<string, string>;
    Menu: Record<string, string>;
  };

  /** Opens the new-product form in `locale` at `width` and fills the product and two variation rows. */
  async function newProductWithRows(p: Page, w: Words, slug: string, secondSku = '') {
    await p.goto(`${stack.adminUrl}/backend/products/new`);
    await p.getByLabel(w.Products.nameEn as string).fill('E2E Sidamo');
    await p.getByLabel(w.Products.nameAr as string).fill('سيدامو الاختبار');
    await p.getByLabel(w.Products.slug as string).fill(slug);
    const category = p.locator('#product-categoryId');
    await category.locator('option').nth(1).waitFor({ state: 'attached' });
    await category.selectOption((await category.locator('option').nth(1).getAttribute('value')) as string);
    await p.locator('#product-price').fill('45');
    const size = p.locator('#variation-size');
    await size.locator('option').nth(2).waitFor({ state: 'attached' });
    const add = p.getByRole('button', { name: w.Variations.addButton as string });
    const table = p.getByRole('table', { name: w.Variations.caption as string });
    for (const [n, price, sku] of [
      [1, '45', ''],
      [2, '80', secondSku],
    ] as const) {
      await size.selectOption({ index: n });
      await p.locator('#variation-price').fill(price);
      await p.locator('#variation-stock').fill('12');
      await p.locator('#variation-sku').fill(sku);
      await add.click();
      await expect.poll(() => table.locator('tbody tr').count()).toBe(n);
    }
    return table;
  }

  it('refuses a row the server cannot take, making nothing and keeping what was typed; then creates all at once', async () => {
    const w = messages('admin', 'en') as unknown as Words;
    const staff = await staffContext(browser, stack, {
      locale: 'en',
      viewport: { width: 1366, height: 900 },
    });
    const p = await staff.newPage();
    await signIn(p, stack);
    const slug = `e2e-sidamo-${Date.now()}`;
    // Another product's variation SKU: the browser cannot know it is taken, the server refuses it.
    const taken = (await storefrontProducts(stack)).flatMap((x) => x.variations ?? []).find((v) => v.sku)
      ?.sku as string;
    const table = await newProductWithRows(p, w, slug, taken);
    mkdirSync(shots, { recursive: true });
    await p.screenshot({ path: `${shots}/new-product-rows-en-1366.png`, fullPage: true });

    const create = p.getByRole('button', { name: w.Products.create as string });
    const refused = p.waitForResponse(
      (r) => r.url().endsWith('/backend/api/admin/products') && r.request().method() === 'POST',
    );
    await create.click();
    expect((await refused).status()).toBe(409);
    // The sentence names the row; the row itself is marked; nothing reached the shop.
    // In the form's alert and its toast.
    await p
      .getByText(/^Variation 2: .*Nothing was saved/)
      .first()
      .waitFor();
    expect(await table.locator('tr[data-refused=true]').count()).toBe(1);
    expect(await table.locator('tr[data-refused=true]').textContent()).toContain(taken);
    expect((await fetch(`${stack.webUrl}/api/products/${slug}`)).status).toBe(404);
    expect(await p.getByLabel(w.Products.nameEn as string).inputValue()).toBe('E2E Sidamo');
    expect(await table.locator('tbody tr[data-refused]').count()).toBe(1);
    await p.screenshot({ path: `${shots}/new-product-refused-en-1366.png`, fullPage: true });

    // Leaving asks first (the rows exist only in this page); saying no keeps everything.
    let asked = '';
    p.once('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await p.getByRole('link', { name: w.Menu.products, exact: true }).first().click();
    await expect.poll(() => asked).toContain('This product is not created yet, so 2 variations typed here');
    await p.waitForTimeout(300);
    expect(new URL(p.url()).pathname).toBe('/backend/products/new');

    // Clear the taken SKU (one is generated from the slug) and create: product and both rows at once.
    await table.locator('tr[data-refused=true]').getByRole('button', { name: /Edit/ }).click();
    await table.getByLabel(w.Variations.sku as string, { exact: true }).fill('');
    await table.getByRole('button', { name: w.Variations.save as string, exact: true }).click();
    await expect.poll(() => table.locator('tr[data-refused=true]').count()).toBe(0);
    const saved = p.waitForResponse(
      (r) => r.url().endsWith('/backend/api/admin/products') && r.request().method() === 'POST',
    );
    const clicked = Date.now();
    await create.click();
    const response = await saved;
    expect(response.status()).toBe(201);
    const created = (await response.json()) as AdminProduct & { variations: { sku: string }[] };
    expect(created.variations.map((v) => v.sku)).toHaveLength(2);
    expect(created.variations.every((v) => v.sku.startsWith(slug.toUpperCase()))).toBe(true);

    // The storefront serves it with both variations.
    let shopProduct: Product | null = null;
    while (Date.now() < clicked + 10_000 && !shopProduct) {
      const res = await fetch(`${stack.webUrl}/api/products/${slug}`, {
        headers: { accept: 'application/json' },
      });
      if (res.ok) shopProduct = (await res.json()) as Product;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(shopProduct?.variations).toHaveLength(2);
    await p.waitForURL((u) => u.pathname === `/backend/products/${created.id}`, { timeout: 30_000 });
    await table
      .getByRole('button', { name: w.Variations.duplicate as string })
      .nth(1)
      .waitFor({ timeout: 30_000 });
    const shopper = await browser.newPage();
    await shopper.goto(`${stack.webUrl}/product/${slug}`);
    await shopper.getByRole('heading', { name: 'E2E Sidamo' }).first().waitFor({ timeout: 30_000 });
    await shopper.close();
    await staff.close();
  }, 180_000);

  it('draws the form with its temp rows in both directions, on a desktop and a phone', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const w = messages('admin', locale) as unknown as Words;
      for (const viewport of [
        { width: 1366, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const staff = await staffContext(browser, stack, { locale, viewport });
        const p = await staff.newPage();
        await signIn(p, stack);
        await newProductWithRows(p, w, `e2e-look-${Date.now()}`);
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await p.screenshot({
          path: `${shots}/new-product-rows-${locale}-${viewport.width}.png`,
          fullPage: true,
        });
        await staff.close();
      }
    }
  }, 240_000);
});

describe('the variations table at 1366 px, and a duplicate not yet saved', () => {
  it('fits its card with one-line headers, and asks before a link leaves an unsaved duplicate (en, ar)', async () => {
    const product = (await storefrontProducts(stack)).find((p) => (p.variations ?? []).length >= 2)!;
    for (const locale of ['en', 'ar'] as const) {
      const t = messages('admin', locale) as unknown as {
        Variations: Record<string, string>;
        Menu: Record<string, string>;
      };
      const staff = await staffContext(browser, stack, { locale, viewport: { width: 1366, height: 900 } });
      const p = await staff.newPage();
      await signIn(p, stack);
      await p.goto(`${stack.adminUrl}/backend/products/${product.id}`);
      const table = p.getByRole('table', { name: t.Variations.caption });
      await table.getByRole('button', { name: t.Variations.duplicate }).first().waitFor({ timeout: 30_000 });
      const layout = await table.evaluate((el) => {
        const heads = Array.from(el.querySelectorAll('thead th')) as HTMLElement[];
        return {
          fits: el.scrollWidth <= (el.parentElement as HTMLElement).clientWidth,
          tallest: Math.max(...heads.map((h) => h.offsetHeight)),
          shortest: Math.min(...heads.map((h) => h.offsetHeight)),
        };
      });
      expect(layout.fits).toBe(true);
      expect(layout.tallest).toBe(layout.shortest);
      await p.screenshot({ path: `${screens}/variations-1366-${locale}.png`, fullPage: true });

      const before = await table.locator('tbody tr').count();
      await table.getByRole('button', { name: t.Variations.duplicate }).first().click();
      await expect.poll(() => table.locator('tbody tr').count()).toBe(before + 1);
      await p.getByTestId('variations-unsaved').waitFor();
      const menu = p.getByRole('link', { name: t.Menu.products, exact: true }).first();
      let asked = '';
      p.once('dialog', (d) => {
        asked = d.message();
        void d.dismiss();
      });
      await menu.click();
      await expect.poll(() => asked).not.toBe('');
      expect(asked).toContain(
        locale === 'ar' ? 'متغيّر منسوخ واحد' : 'Duplicated variations not saved: 1 row',
      );
      // Stayed: the page and the duplicate are still there.
      await p.waitForTimeout(500);
      expect(new URL(p.url()).pathname).toBe(`/backend/products/${product.id}`);
      expect(await table.locator('tbody tr').count()).toBe(before + 1);
      await p.screenshot({ path: `${screens}/variations-unsaved-${locale}.png`, fullPage: true });
      p.once('dialog', (d) => void d.accept());
      await menu.click();
      await p.waitForURL((u) => u.pathname === '/backend/products');
      await staff.close();
    }
  }, 180_000);
});
