import { createDb, createPromotionEditingRepository, eq, tables } from '@qahwa/db';
import { imageUploadMessage, type Product, type Variation } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { placeCodOrder } from './support/orders';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { artifacts, type Stack } from './support/stack';
import { signIn, staffContext } from './support/staff';

/*
 * Catalogue editing end to end, in Arabic, in Chromium over the real stack: a member of staff adds two
 * variations to a product in the variations editor, bulk-discounts one, and creates a
 * BUY_X_GET_Y promotion with the product picker; the storefront serves the discount within a
 * second (the outbox relay → NATS → the gateway's catalogue → the storefront), and a cash on
 * delivery order takes the promotion.
 */
let stack: Stack;
let browser: Browser;
let page: Page;
const ar = messages('admin', 'ar') as unknown as {
  Variations: Record<string, string>;
  Promotions: Record<string, string>;
  Content: Record<string, string>;
};
const V = ar.Variations as Record<string, string> & {
  imageAlt: string;
  added: string;
  addButton: string;
  caption: string;
  bulkApply: string;
  selectRow: string;
};
const P = ar.Promotions;
const CODE = 'E2EBUY1GET1';
/** A real 1×1 PNG: the gateway checks an upload's bytes, not its name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  ({ stack, browser } = await startStackAndBrowser());
  const context = await staffContext(browser, stack, { viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 600_000);
afterAll(() => stopStackAndBrowser(stack, browser));

async function shot(name: string) {
  await page.screenshot({ path: `${artifacts}/${name}.png`, fullPage: true });
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

describe('staff build a product’s variations and a promotion in Arabic; shoppers get both', () => {
  let product: Product;
  let added: Variation[] = [];

  it('signs in and adds two variations in the editor', async () => {
    const products = await json<Product[]>(`${stack.webUrl}/api/products?limit=100`);
    product = products.find((p) => p.variations.length > 0 && p.sku) as Product;

    await signIn(page, stack);

    await page.goto(`${stack.adminUrl}/backend/variation?product=${product.id}`);
    const table = page.getByRole('table', { name: V.caption });
    await table.getByRole('row').nth(1).waitFor({ timeout: 60_000 });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');

    const form = page.locator('form[aria-labelledby="variation-add-heading"]');
    // The lookup lists load beside the table: wait for their options.
    await form.locator('#variation-size option').nth(2).waitFor({ state: 'attached', timeout: 30_000 });
    await form.locator('#variation-type option').nth(1).waitFor({ state: 'attached', timeout: 30_000 });
    // A combination the seed does not have: an addition on two weights.
    const typeOptions = await form
      .locator('#variation-type option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const sizeOptions = await form
      .locator('#variation-size option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const addition = typeOptions[typeOptions.length - 1] as string;
    for (const [i, price] of [
      [0, '55.00'],
      [1, '95.00'],
    ] as const) {
      await form.locator('#variation-size').selectOption(sizeOptions[i] as string);
      await form.locator('#variation-type').selectOption(addition);
      await form.locator('#variation-price').fill(price);
      await form.locator('#variation-stock').fill('12');
      if (i === 0) {
        // A picture for the first one, through the back office's uploader (its bytes are checked).
        await form
          .locator('#variation-image')
          .setInputFiles({ name: 'bean.png', mimeType: 'image/png', buffer: PNG });
        await form.getByRole('img', { name: V.imageAlt }).waitFor({ timeout: 30_000 });
      }
      await form.getByRole('button', { name: V.addButton }).click();
      // The new row in the table (its price, in the Arabic format), not the toast of the last add.
      await page
        .getByRole('table', { name: V.caption })
        .getByText(`${price} د.إ`)
        .waitFor({ timeout: 30_000 });
    }
    const list = await (
      await page.request.get(`${stack.adminUrl}/backend/api/variations/products?productId=${product.id}`)
    ).json();
    added = (list as Variation[]).filter((v) => v.typeId === addition);
    expect(added.map((v) => v.price).sort((a, b) => a - b)).toEqual([55, 95]);
    // Stored by the gateway (content-addressed) and drawn in the row.
    expect(added.find((v) => v.price === 55)?.imageUrl).toMatch(/^\/api\/uploads\//);
    await page
      .getByRole('table', { name: V.caption })
      .getByRole('img', { name: V.imageAlt })
      .first()
      .waitFor();
    await shot('bo2-variations-added-ar');
  });

  it('bulk-discounts one of them, and the storefront serves the discount within a second', async () => {
    const cheap = added.find((v) => v.price === 55) as Variation;
    await page.getByRole('checkbox', { name: V.selectRow!.replace('{name}', cheap.sku as string) }).check();
    await page.locator('#bulk-discount').fill('20');
    const clicked = Date.now();
    await page.getByRole('button', { name: V.bulkApply }).click();
    // The success toast ('طُبّق الخصم على …', an ICU plural in the messages file).
    await page.getByText('طُبّق الخصم').first().waitFor();
    await shot('bo2-bulk-discount-ar');

    let seenAfter = Number.POSITIVE_INFINITY;
    const deadline = clicked + 10_000;
    while (Date.now() < deadline) {
      const p = await json<Product>(`${stack.webUrl}/api/products/${product.id}`);
      if (p.variations.find((v) => v.id === cheap.id)?.discount === 0.2) {
        seenAfter = Date.now() - clicked;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    console.log(`bulk discount visible to shoppers ${seenAfter} ms after the click`);
    expect(seenAfter).toBeLessThan(1000);
    // The storefront's own page shows it too once its cache was dropped.
    const html = await (await fetch(`${stack.webUrl}/product/${product.slug}`)).text();
    expect(html).toContain(product.nameAr.slice(0, 4));
  });

  it('creates a BUY_X_GET_Y promotion with the product picker', async () => {
    await page.goto(`${stack.adminUrl}/backend/promotions/new`);
    await page.locator('#promotion-name').fill('اشترِ واحدًا واحصل على واحد');
    await page.locator('#promotion-code').fill(CODE);
    await page.locator('#promotion-type').selectOption('BUY_X_GET_Y');
    await page.getByRole('button', { name: P.chooseProducts }).click();
    const dialog = page.getByRole('dialog', { name: P.pickProductsTitle });
    await dialog.getByRole('searchbox', { name: P.pickerSearch }).fill(product.sku as string);
    await dialog.getByRole('checkbox', { name: new RegExp(product.nameAr) }).check();
    await dialog.getByRole('button', { name: P.confirmSelection }).click();
    await page.getByText('منتج واحد محدد').waitFor();
    await shot('bo2-promotion-form-ar');
    await page.getByRole('button', { name: P.create }).click();
    await page.waitForURL((u) => u.pathname === '/backend/promotions', { timeout: 30_000 });
    await page.getByRole('row', { name: new RegExp(CODE) }).waitFor({ timeout: 30_000 });
    await shot('bo2-promotions-list-ar');
  });

  it('takes the promotion on a cash on delivery order', async () => {
    const v = added.find((x) => x.price === 95) as Variation;
    // 2 × 95 AED with the code's 95 AED off: 95 AED to pay.
    const orderId = await placeCodOrder(stack, {
      customer: { fullName: 'متسوق تجريبي', email: 'bo2-e2e@example.ae', phone: '+971501234567' },
      product,
      variation: v,
      quantity: 2,
      coupon: { code: CODE, discountAmount: 95 },
    });
    const handle = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl);
    try {
      const discounts = await handle.db
        .select()
        .from(tables.orderDiscounts)
        .where(eq(tables.orderDiscounts.orderId, orderId));
      expect(discounts.find((d) => d.code === CODE)).toBeDefined();
    } finally {
      await handle.close();
    }
  });

  it('removes promotions: the used one is archived and says why, one never used is deleted', async () => {
    const handle = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl);
    const today = new Date().toISOString().slice(0, 10);
    await createPromotionEditingRepository(handle.db).create({
      name: 'Never used',
      nameAr: 'عرض لم يُستخدم',
      description: '',
      code: 'E2ENEVERUSED',
      type: 'PERCENTAGE',
      value: 5,
      startDate: today,
      endDate: today,
      isActive: true,
      isPublic: false,
      productIds: [],
    });
    await page.goto(`${stack.adminUrl}/backend/promotions`);
    const remove = async (code: string, name: string) => {
      const row = page.getByRole('row', { name: new RegExp(code) });
      await row.waitFor({ timeout: 30_000 });
      let asked = '';
      page.once('dialog', (d) => {
        asked = d.message();
        void d.accept();
      });
      await row.getByRole('button', { name: fill(P.removeNamed as string, { name }) }).click();
      await expect.poll(() => asked).toBe(fill(P.confirmRemove as string, { name }));
    };
    const usedName = 'اشترِ واحدًا واحصل على واحد';
    await remove(CODE, usedName);
    const status = page.getByTestId('promotions-notice');
    await expect
      .poll(() => status.textContent())
      .toBe(
        `أُرشف «${usedName}» ولم يُحذف: استُخدم مرة واحدة، وتحتفظ به تلك الطلبات. أصبح موقوفًا ولم يعد يُطبَّق.`,
      );
    await page
      .getByRole('row', { name: new RegExp(CODE) })
      .getByText((ar.Promotions as unknown as { statuses: Record<string, string> }).statuses.off!)
      .waitFor();
    await shot('bo2-promotion-archived-ar');
    await remove('E2ENEVERUSED', 'عرض لم يُستخدم');
    await expect
      .poll(() => status.textContent())
      .toBe(fill(P.removedDeleted as string, { name: 'عرض لم يُستخدم' }));
    await expect.poll(() => page.getByRole('row', { name: /E2ENEVERUSED/ }).count()).toBe(0);
    const [kept] = await handle.db.select().from(tables.promotions).where(eq(tables.promotions.code, CODE));
    expect(kept).toMatchObject({ isActive: false });
    await handle.close();
  });
});

describe('staff give a slider its picture by upload, in both languages; the storefront home draws it', () => {
  const C = ar.Content;
  const en = (messages('admin', 'en') as unknown as { Content: Record<string, string> }).Content;
  const PDF = { name: 'menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n') };

  it('refuses a PDF with SPEC 5’s message in English, as the products’ uploader does', async () => {
    const context = await staffContext(browser, stack, {
      locale: 'en',
      viewport: { width: 1400, height: 1000 },
    });
    const english = await context.newPage();
    try {
      await signIn(english, stack);
      await english.goto(`${stack.adminUrl}/backend/content`);
      await english.getByRole('button', { name: en.newSlider }).click();
      const form = english.locator('form', { has: english.locator('#slider-title') });
      await form.locator('#slider-title').fill('Harvest beans');
      await form.locator('input[type=file]').setInputFiles(PDF);
      await form
        .getByRole('alert')
        .getByText(imageUploadMessage({ type: 'application/pdf', size: PDF.buffer.length }, 'en') as string)
        .waitFor({ timeout: 30_000 });
      await english.screenshot({ path: `${artifacts}/bo2-slider-upload-refused-en.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('uploads the picture on the Arabic content screen, saves the slider, and the home page shows it', async () => {
    await page.goto(`${stack.adminUrl}/backend/content`);
    await page.getByRole('button', { name: C.newSlider }).click();
    const form = page.locator('form', { has: page.locator('#slider-title') });
    await form.locator('#slider-title').fill('Harvest beans');
    await form.locator('#slider-title-ar').fill('حبوب الحصاد');
    // No typed address any more: the picture comes through the uploader, which checks it first.
    expect(await form.locator('input[type=url], input#slider-image').count()).toBe(0);
    await form.locator('input[type=file]').setInputFiles(PDF);
    await form
      .getByRole('alert')
      .getByText(imageUploadMessage({ type: 'application/pdf', size: PDF.buffer.length }, 'ar') as string)
      .waitFor({ timeout: 30_000 });
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'harvest.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('img', { name: C.sliderImagePreview }).waitFor({ timeout: 30_000 });
    await shot('bo2-slider-upload-ar');
    await form.getByRole('button', { name: C.saveSlider }).click();
    await page.getByRole('rowheader', { name: 'حبوب الحصاد' }).waitFor({ timeout: 30_000 });

    // Stored by the gateway under the sliders' kind, and the slider names it.
    const content = (await (
      await page.request.get(`${stack.adminUrl}/backend/api/admin/content`)
    ).json()) as {
      sliders: { title: string; imageUrl: string | null }[];
    };
    const imageUrl = content.sliders.find((s) => s.title === 'Harvest beans')?.imageUrl ?? '';
    expect(imageUrl).toMatch(/^\/api\/uploads\/files\/[a-f0-9]{64}\.png$/);
    const handle = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl);
    try {
      const hash = imageUrl.slice('/api/uploads/files/'.length, -'.png'.length);
      const rows = await handle.db.select().from(tables.uploads).where(eq(tables.uploads.folder, 'sliders'));
      expect(rows.map((r) => r.publicId)).toContain(`sliders/${hash}`);

      // The shopper's home page draws it in the slider, within the content cache's refresh.
      const shopper = await browser.newPage();
      try {
        const picture = shopper.locator(`img[src*="${hash}"]`);
        await expect
          .poll(
            async () => {
              await shopper.goto(`${stack.webUrl}/`);
              return picture.count();
            },
            { timeout: 60_000, interval: 1000 },
          )
          .toBeGreaterThan(0);
        // The picture loads (the storefront's proxy serves the gateway's file).
        await expect
          .poll(() => picture.first().evaluate((img) => (img as HTMLImageElement).naturalWidth), {
            timeout: 30_000,
          })
          .toBeGreaterThan(0);
        await shopper.screenshot({ path: `${artifacts}/bo2-slider-on-home-en.png` });
      } finally {
        await shopper.close();
      }
    } finally {
      await handle.close();
    }
  });
});
