import { mkdirSync } from 'node:fs';
import { createDb, createStockRepository, type DbHandle, eq, tables } from '@qahwa/db';
import { CART_STORAGE_KEY, CART_VERSION, formatAed, type Product } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { placeCodOrder, storefrontProducts } from './support/orders';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { openShopper } from './support/shopper';
import { artifacts, type Stack } from './support/stack';
import { signIn, staffContext } from './support/staff';

/**
 * What the store takes from a shopper's browser and tells back (docs/checkout.md,
 * docs/storefront-api.md "Stock"): a price that changed after the cart was filled is shown and
 * confirmed with one more click; a low stock's count is shown, a plentiful one only "in stock";
 * staff see the order's own contact beside the customer record's.
 */
let stack: Stack;
let browser: Browser;
let db: DbHandle;
const shots = `${artifacts}/order-claims`;

beforeAll(async () => {
  ({ stack, browser } = await startStackAndBrowser());
  db = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl, 2);
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await db?.close();
  await stopStackAndBrowser(stack, browser);
});

async function colombian(): Promise<Product> {
  return (await storefrontProducts(stack)).find((p) => p.slug === 'colombian-supremo')!;
}

describe('a price changes after the cart was filled (cash on delivery)', () => {
  for (const locale of ['en', 'ar'] as const) {
    it(`shows the new total and places the order at it with one more click (${locale})`, async () => {
      const web = messages('web', locale);
      const product = await colombian();
      const v = product.variations.find((x) => x.size.displayName === '250g')!;
      const [row] = await db.db
        .select({ priceFils: tables.productVariations.priceFils })
        .from(tables.productVariations)
        .where(eq(tables.productVariations.id, v.id));
      const { context, page, errors } = await openShopper(browser, locale, { width: 1280, height: 900 });
      // The cart as the options modal left it: two bags at the price the shopper saw (46.80).
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
                price: 46.8,
                quantity: 2,
                image: null,
                variation: { weight: '250g', beans: v.beans?.name ?? null, additions: v.type?.name ?? null },
              },
            ],
          }),
        ],
      );
      // Staff raise the price while the shopper is at the checkout: 60.00, the same 10 % off.
      await db.db
        .update(tables.productVariations)
        .set({ priceFils: 6000 })
        .where(eq(tables.productVariations.id, v.id));
      try {
        const email = `price-${locale}-${Date.now().toString(36)}@example.ae`;
        await page.goto(`${stack.webUrl}/checkout`);
        const main = page.getByRole('main');
        await main
          .getByRole('textbox', { name: web.CustomerStep!.fullName, exact: true })
          .fill('Noura Saeed');
        await main.getByRole('textbox', { name: web.CustomerStep!.email, exact: true }).fill(email);
        await main
          .getByRole('textbox', { name: web.CustomerStep!.phone, exact: true })
          .fill('+971 50 765 4321');
        await page.getByRole('button', { name: web.CustomerStep!.submit }).click();
        await page.getByRole('combobox', { name: web.ShippingStep!.emirate }).selectOption('dubai');
        await page.getByRole('combobox', { name: web.ShippingStep!.city }).selectOption('deira');
        await page
          .getByRole('textbox', { name: web.ShippingStep!.address })
          .fill('Al Rigga Street, Building 12');
        await page.getByRole('button', { name: web.ShippingStep!.submit }).click();
        await page.getByRole('radio', { name: web.PaymentStep!.cod }).check();
        // The summary still shows what the cart knew: 2 × 46.80 + 25.00 shipping.
        await page
          .getByTestId('order-total')
          .filter({ hasText: formatAed(11860, locale) })
          .waitFor();
        await page.getByRole('button', { name: web.PaymentStep!.submit, exact: true }).click();

        // 2 × 54.00 = 108.00 + 25.00: nothing ordered yet; the new total, in the shopper's language.
        const newTotal = formatAed(13300, locale);
        const notice = page.getByTestId('price-changed');
        await notice.waitFor({ timeout: 30_000 });
        expect(await notice.textContent()).toContain(fill(web.PaymentStep!.newTotal!, { total: newTotal }));
        expect(
          await db.db.select().from(tables.orders).where(eq(tables.orders.customerEmail, email)),
        ).toHaveLength(0);
        await page.screenshot({ path: `${shots}/price-changed-${locale}.png`, fullPage: true });

        await page
          .getByRole('button', { name: fill(web.PaymentStep!.confirmNewTotal!, { total: newTotal }) })
          .click();
        const status = page.getByRole('status').filter({ hasText: /QH-\d{6}/ });
        await status.waitFor({ timeout: 60_000 });
        const orderId = /QH-\d{6}/.exec((await status.textContent()) ?? '')![0];
        await page.getByText(newTotal).first().waitFor();
        await page.screenshot({ path: `${shots}/price-changed-confirmed-${locale}.png`, fullPage: true });
        const [order] = await db.db.select().from(tables.orders).where(eq(tables.orders.id, orderId));
        expect(order).toMatchObject({ customerEmail: email, totalFils: 13300 });
        expect(errors).toEqual([]);
      } finally {
        await db.db
          .update(tables.productVariations)
          .set({ priceFils: row!.priceFils })
          .where(eq(tables.productVariations.id, v.id));
        await context.close();
      }
    }, 180_000);
  }
});

describe('stock as shoppers see it', () => {
  it('a low variation says how many are left; a plentiful one only that it is in stock (en, ar)', async () => {
    const product = await colombian();
    const v = product.variations.find((x) => x.size.displayName === '250g')!;
    const [row] = await db.db
      .select({ stock: tables.productVariations.stockQuantity })
      .from(tables.productVariations)
      .where(eq(tables.productVariations.id, v.id));
    // Sold through the stock module (which tells the gateway's catalogue) down to 4.
    await db.db.transaction((tx) =>
      createStockRepository(tx).take([
        { productId: product.id, variationId: v.id, quantity: row!.stock - 4 },
      ]),
    );
    for (const locale of ['en', 'ar'] as const) {
      const web = messages('web', locale);
      const { context, page, errors } = await openShopper(browser, locale, { width: 1280, height: 900 });
      const left = locale === 'en' ? '4 left in stock' : 'بقيت 4 قطع في المخزون';
      await expect
        .poll(
          async () => {
            await page.goto(`${stack.webUrl}/product/colombian-supremo`);
            await page.getByRole('button', { name: web.ProductPage!.selectOptions }).first().click();
            const dialog = page.getByRole('dialog', { name: web.OptionsModal!.title });
            await dialog.getByRole('button', { name: web.OptionsModal!.addToCart }).waitFor();
            return dialog.getByText(left).count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(1);
      await page.screenshot({ path: `${shots}/low-stock-modal-${locale}.png`, fullPage: true });
      const dialog = page.getByRole('dialog', { name: web.OptionsModal!.title });
      await dialog
        .getByRole('radiogroup', { name: web.OptionsModal!.weight })
        .getByRole('radio', { name: locale === 'en' ? '1kg' : '1 كغ' })
        .click();
      await dialog.getByText(web.OptionsModal!.inStock!, { exact: true }).waitFor();
      await page.screenshot({ path: `${shots}/in-stock-modal-${locale}.png`, fullPage: true });
      await page.keyboard.press('Escape');
      await page.screenshot({ path: `${shots}/product-page-${locale}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);
});

describe("the customer record and an order's own contact", () => {
  it('staff see both on the order page when a later order used other details (en, ar)', async () => {
    const product = await colombian();
    const email = `record-${Date.now().toString(36)}@example.ae`;
    await placeCodOrder(stack, {
      customer: { fullName: 'Mariam Saeed', email, phone: '+971 50 123 4567' },
      product,
    });
    const orderId = await placeCodOrder(stack, {
      customer: { fullName: 'Someone Else', email, phone: '+971 55 765 4321' },
      product,
    });
    for (const locale of ['en', 'ar'] as const) {
      const admin = messages('admin', locale) as unknown as { OrderDetail: Record<string, string> };
      const context = await staffContext(browser, stack, { locale });
      const page = await context.newPage();
      await signIn(page, stack);
      await page.goto(`${stack.adminUrl}/backend/orders/${orderId}`);
      const record = page.getByTestId('customer-record');
      await record.waitFor({ timeout: 30_000 });
      expect(await record.textContent()).toContain(admin.OrderDetail.recordTitle);
      expect(await record.textContent()).toContain('Mariam Saeed');
      expect(await record.textContent()).toContain('+971501234567');
      await page.getByText('Someone Else').first().waitFor();
      await page.screenshot({ path: `${shots}/order-record-${locale}.png`, fullPage: true });
      await context.close();
    }
  }, 180_000);
});
