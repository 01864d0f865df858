import { mkdirSync } from 'node:fs';
import { createDb, createPromotionEditingRepository, eq, sql, tables } from '@qahwa/db';
import {
  ANNIVERSARY_CODE,
  addDays,
  bestUnitPriceFils,
  DEFAULT_SETTINGS,
  discountedUnitFils,
  type Fils,
  formatAed,
  gulfDate,
  localize,
  PAY_LATER_PROVIDER_NAME,
  PAYMENT_MESSAGES,
  type Product,
  type SaleConfig,
  submitButtonLabel,
  toFils,
} from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { stripeJsDoubleScript } from '@qahwa/web/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { storefrontProducts } from './support/orders';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { openShopper } from './support/shopper';
import { root, type Stack } from './support/stack';
import { staffApiCookie } from './support/staff';

/**
 * The store's sale switched on, as staff switch it (Settings → Sale): the checkout's summary is the
 * server's price to the fils (docs/checkout.md "The claimed total"), so a cash-on-delivery order
 * is placed on the first click — before, the summary priced the sale on the cart's discounted
 * prices and the order claimed the cart's prices without it, and every COD checkout was refused
 * with PRICE_CHANGED — and the card's Pay button and pay later's session charge the total the
 * summary shows; the anniversary code typed meanwhile changes nothing (the sale is its offer,
 * docs/promotions.md). Colombian Supremo 250 g: 52.00 list, its own 10 % (46.80), the sale's 40 %
 * (31.20: the lower one, never both).
 */
let stack: Stack;
let browser: Browser;
const db = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl, 2);
const shots = `${root}.data/shots/h7`;
const SALE: SaleConfig = {
  ...DEFAULT_SETTINGS.sale,
  isActive: true,
  startDate: '2020-01-01',
  endDate: '2099-12-31',
};
let product: Product;

/** Settings → Sale saved through the gateway as the back office saves it (its session and Origin). */
async function saveSale(value: SaleConfig) {
  const headers = { 'content-type': 'application/json', origin: stack.adminUrl };
  const cookie = await staffApiCookie(stack);
  const current = (await (
    await fetch(`${stack.gatewayUrl}/api/admin/settings`, { headers: { cookie } })
  ).json()) as { sale: { version: number } };
  const saved = await fetch(`${stack.gatewayUrl}/api/admin/settings/sale`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ version: current.sale.version, value }),
  });
  if (saved.status !== 200) throw new Error(`saving the sale: ${saved.status} ${await saved.text()}`);
}

/** Until the storefront's pages carry the sale (the gateway tells it to drop its cached settings). */
async function storefrontFollowsSale() {
  const started = Date.now();
  for (;;) {
    const html = await (await fetch(`${stack.webUrl}/checkout`)).text();
    if (/isActive\\?":true,\\?"discountPercentage/.test(html)) return;
    if (Date.now() - started > 60_000) throw new Error('the storefront never showed the sale');
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  ({ stack, browser } = await startStackAndBrowser());
  product = (await storefrontProducts(stack)).find((p) => p.slug === 'colombian-supremo')!;
  await saveSale(SALE);
  await storefrontFollowsSale();
}, 600_000);
afterAll(async () => {
  await stopStackAndBrowser(stack, browser);
  await db.close();
});

/** What the server charges for `quantity` of the 250 g bag with the sale on, shipping to Dubai. */
function expectedTotal(quantity: number): { totalFils: Fils; saleFils: Fils } {
  const v = product.variations.find((x) => x.size.displayName === '250g')!;
  const own = discountedUnitFils(v.price, v.discount, v.discountType);
  const unit = bestUnitPriceFils(toFils(v.price), own, SALE, new Date());
  const subtotal = unit * quantity;
  const shipping = subtotal >= DEFAULT_SETTINGS.shipping.freeShippingThresholdFils ? 0 : 25_00;
  return { totalFils: subtotal + shipping, saleFils: (own - unit) * quantity };
}

function shopper(locale: 'en' | 'ar') {
  return openShopper(browser, locale, { width: 1280, height: 900 }, (context) =>
    context.addInitScript(stripeJsDoubleScript({ apiBase: '/payments/stripe-double', wallet: null })),
  );
}

/** Two bags through the options modal (the line carries its list price), then the first two steps. */
async function toPayment(page: Page, locale: 'en' | 'ar', email: string) {
  const m = messages('web', locale);
  await page.goto(`${stack.webUrl}/shop`);
  const name = locale === 'ar' ? product.nameAr : product.name;
  await page.getByRole('button', { name: fill(m.ProductCard!.selectOptionsFor!, { name }) }).click();
  const dialog = page.getByRole('dialog', { name: m.OptionsModal!.title });
  await dialog.getByRole('button', { name: m.OptionsModal!.addToCart }).waitFor({ timeout: 30_000 });
  const weight = product.variations.find((x) => x.size.displayName === '250g')!.size;
  await dialog
    .getByRole('radiogroup', { name: m.OptionsModal!.weight })
    .getByRole('radio', { name: locale === 'ar' ? weight.displayNameAr : weight.displayName })
    .click();
  await dialog.getByRole('button', { name: m.OptionsModal!.increase }).click();
  await dialog.getByRole('button', { name: m.OptionsModal!.addToCart }).click();
  await page.getByRole('link', { name: m.CartPanel!.orderNow }).click();
  await checkoutSteps(page, locale, email);
}

/** From the cart's Order Now: the customer's and the shipping step (Dubai, Deira), to the payment step. */
async function checkoutSteps(page: Page, locale: 'en' | 'ar', email: string) {
  const m = messages('web', locale);
  await page.waitForURL('**/checkout');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: m.CustomerStep!.fullName, exact: true }).fill('Noura Saeed');
  await main.getByRole('textbox', { name: m.CustomerStep!.email, exact: true }).fill(email);
  await main.getByRole('textbox', { name: m.CustomerStep!.phone, exact: true }).fill('+971 50 765 4321');
  await page.getByRole('button', { name: m.CustomerStep!.submit }).click();
  await page.getByRole('combobox', { name: m.ShippingStep!.emirate }).selectOption('dubai');
  await page.getByRole('combobox', { name: m.ShippingStep!.city }).selectOption('deira');
  await page.getByRole('textbox', { name: m.ShippingStep!.address }).fill('Al Rigga Street, Building 12');
  await page.getByRole('button', { name: m.ShippingStep!.submit }).click();
  await page.getByRole('radio', { name: m.PaymentStep!.card }).waitFor();
}

/**
 * The anniversary code typed into the coupon box while the sale runs: accepted, it says the sale's
 * prices are in the order, and the total does not move (never 40 % on top of 40 %).
 */
async function applyAnniversaryCode(
  page: Page,
  locale: 'en' | 'ar',
  want: { totalFils: Fils; saleFils: Fils },
) {
  const m = messages('web', locale);
  await page.getByRole('textbox', { name: m.CouponBox!.label }).fill(ANNIVERSARY_CODE);
  await page.getByRole('button', { name: m.CouponBox!.apply, exact: true }).click();
  const applied = page.getByTestId('applied-coupon');
  await applied.waitFor({ timeout: 30_000 });
  expect(await applied.textContent()).toContain(
    fill(m.CouponBox!.saleCode!, { amount: formatAed(want.saleFils, locale) }),
  );
  await page
    .getByTestId('order-total')
    .filter({ hasText: formatAed(want.totalFils, locale) })
    .waitFor();
  expect(await page.getByTestId('order-discount').count()).toBe(0);
}

/** The summary shows the sale's own line and the server's total. */
async function summaryShows(page: Page, locale: 'en' | 'ar', want: { totalFils: Fils; saleFils: Fils }) {
  await page
    .getByTestId('order-total')
    .filter({ hasText: formatAed(want.totalFils, locale) })
    .waitFor();
  const sale = page.getByTestId('order-sale');
  await sale.waitFor();
  expect(await sale.textContent()).toContain(formatAed(want.saleFils, locale));
  expect(await sale.textContent()).toContain(SALE.label[locale]);
}

describe('the sale switched on: the summary is what the order costs', () => {
  it('cash on delivery is placed on the first click, at the total shown; the card asks for it too (en)', async () => {
    const m = messages('web', 'en');
    const want = expectedTotal(2);
    const email = `sale-cod-${Date.now().toString(36)}@example.ae`;
    const { context, page, errors } = await shopper('en');
    try {
      await toPayment(page, 'en', email);
      await summaryShows(page, 'en', want);
      await applyAnniversaryCode(page, 'en', want);
      // The card: the Pay button says the summary's total once the intent (the server's) is made,
      // and no "the total was updated" note.
      const pay = page.getByRole('button', {
        name: submitButtonLabel({ processing: false, method: 'card', totalFils: want.totalFils }, 'en'),
      });
      await expect.poll(() => pay.isEnabled().catch(() => false), { timeout: 30_000 }).toBe(true);
      const updated = m.Payments!.totalUpdated!.split('{total}')[0]!.trim();
      expect(await page.getByText(updated).count()).toBe(0);
      await page.screenshot({ path: `${shots}/card-en.png`, fullPage: true });

      await page.getByRole('radio', { name: m.PaymentStep!.cod }).check();
      await page.getByRole('button', { name: m.PaymentStep!.submit, exact: true }).click();
      const status = page.getByRole('status').filter({ hasText: /QH-\d{6}/ });
      await status.waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('price-changed').count()).toBe(0);
      const orderId = /QH-\d{6}/.exec((await status.textContent()) ?? '')![0];
      const [order] = await db.db.select().from(tables.orders).where(eq(tables.orders.id, orderId));
      expect(order).toMatchObject({ customerEmail: email, totalFils: want.totalFils, discountFils: 0 });
      expect(
        await db.db.select().from(tables.orderDiscounts).where(eq(tables.orderDiscounts.orderId, orderId)),
      ).toEqual([expect.objectContaining({ kind: 'SALE', amountFils: want.saleFils })]);
      await page.screenshot({ path: `${shots}/cod-placed-en.png`, fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('pay later opens its session for the total the summary shows (ar)', async () => {
    const want = expectedTotal(2);
    const email = `sale-tabby-${Date.now().toString(36)}@example.ae`;
    const { context, page, errors } = await shopper('ar');
    try {
      await toPayment(page, 'ar', email);
      await summaryShows(page, 'ar', want);
      await applyAnniversaryCode(page, 'ar', want);
      await page.screenshot({ path: `${shots}/summary-ar.png`, fullPage: true });
      const label = localize(PAYMENT_MESSAGES['payment.method.tabby'], 'ar', {
        provider: PAY_LATER_PROVIDER_NAME.ar,
      });
      await page.getByRole('radio', { name: label }).check();
      const button = page.getByRole('button', {
        name: submitButtonLabel({ processing: false, method: 'tabby', totalFils: want.totalFils }, 'ar'),
      });
      await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
      await button.click();
      await page.waitForURL(`${stack.tabby.url}/checkout/**`, { timeout: 30_000 });
      // What the gateway asked for this shopper: the card's intent (made while card was chosen)
      // and the session it opened at Tabby, each the summary's total.
      const rows = await db.db
        .select({ provider: tables.checkouts.provider, totalFils: tables.checkouts.totalFils })
        .from(tables.checkouts)
        .where(sql`${tables.checkouts.request}->'customerInfo'->>'email' = ${email}`);
      expect(rows.find((r) => r.provider === 'TABBY')).toEqual({
        provider: 'TABBY',
        totalFils: want.totalFils,
      });
      expect(rows.every((r) => r.totalFils === want.totalFils)).toBe(true);
      await page.screenshot({ path: `${shots}/tabby-session-ar.png`, fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});

/**
 * Prices before the cart (docs/promotions.md "Prices before the cart"): with the sale on and an
 * automatic 10 % on the Brass Dallah (no code, started as staff start one: its row and its
 * CatalogueChanged), its card, product page and options modal and the cart show what the order
 * charges — 165.00, the sale's 99.00, less 10 %: 89.10 — with 165.00 struck through and read as
 * "Now … Was …" in the shopper's language; the cash-on-delivery order then charges exactly that.
 */
describe('the sale and an automatic promotion, shown before the cart', () => {
  const NOW_FILS = 89_10;
  const WAS_FILS = 165_00;
  let promotionId: string;
  let dallah: Product;

  beforeAll(async () => {
    mkdirSync(`${root}.data/shots/h4-sale-prices`, { recursive: true });
    dallah = (await storefrontProducts(stack)).find((p) => p.slug === 'brass-dallah')!;
    const today = gulfDate(new Date());
    ({ id: promotionId } = await createPromotionEditingRepository(db.db).create({
      name: 'Dallah days',
      nameAr: 'أيام الدلة',
      description: '',
      code: null,
      type: 'PERCENTAGE',
      value: 10,
      startDate: addDays(today, -1),
      endDate: addDays(today, 6),
      isActive: true,
      isPublic: false,
      productIds: [dallah.id],
    }));
    // The outbox, NATS, the gateway's rebuild, the storefront told to drop its cached pages.
    const started = Date.now();
    while (!(await (await fetch(`${stack.webUrl}/product/brass-dallah`)).text()).includes('89.10')) {
      if (Date.now() - started > 60_000) throw new Error('the storefront never showed the promotion');
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 120_000);
  afterAll(async () => {
    await createPromotionEditingRepository(db.db)
      .remove(promotionId)
      .catch(() => {});
  });

  /** One price: the new one shown, the old one struck, both read with their words. */
  async function showsReduced(price: Locator, locale: 'en' | 'ar') {
    const m = messages('web', locale);
    await price
      .getByTestId('price-now')
      .filter({ hasText: formatAed(NOW_FILS, locale) })
      .waitFor();
    expect(await price.getByTestId('price-was').textContent()).toBe(formatAed(WAS_FILS, locale));
    expect(await price.locator('s').count()).toBe(1);
    const read = await price.textContent();
    expect(read).toContain(fill(m.Price!.now!, { price: formatAed(NOW_FILS, locale) }));
    expect(read).toContain(fill(m.Price!.was!, { price: formatAed(WAS_FILS, locale) }));
  }

  /**
   * The amounts in the page's text that a line break cuts in two — inside the number, or between
   * the number and its currency ("AED" / "د.إ") — each as "amount: why". Read from the layout: an
   * amount whose rectangles do not share one line was broken.
   */
  async function brokenAmounts(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const amount = /AED\s[\d,]+\.\d{2}|[\d,]+\.\d{2}\sد\.إ/g;
      const broken: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(amount)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
          if (rects.length === 0) continue; // not drawn (hidden, or words for screen readers only)
          const tops = new Set(rects.map((r) => Math.round(r.top + r.height / 2)));
          if (tops.size > 1) broken.push(`${match[0]}: on ${tops.size} lines`);
        }
      }
      return broken;
    });
  }

  for (const [locale, device, viewport] of [
    ['en', 'desktop', { width: 1280, height: 900 }],
    // The narrowest phone the store is drawn for: a price and its struck old price must fit it.
    ['ar', 'phone', { width: 320, height: 700 }],
  ] as const) {
    it(`the card, the product page, the options modal and the cart show it, and the order charges it (${locale}, ${device})`, async () => {
      const m = messages('web', locale);
      const name = locale === 'ar' ? dallah.nameAr : dallah.name;
      const { context, page, errors } = await openShopper(browser, locale, viewport);
      const shot = (what: string) =>
        page.screenshot({ path: `${root}.data/shots/h4-sale-prices/e2e-${what}-${locale}-${device}.png` });
      try {
        await page.goto(`${stack.webUrl}/product/brass-dallah`);
        await showsReduced(page.getByRole('main').getByTestId('price').first(), locale);
        await shot('product');
        expect(await brokenAmounts(page)).toEqual([]);

        await page.goto(`${stack.webUrl}/shop/accessories`);
        const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
        await showsReduced(card.getByTestId('price'), locale);
        await shot('card');
        expect(await brokenAmounts(page)).toEqual([]);

        await card.getByRole('button', { name: fill(m.ProductCard!.selectOptionsFor!, { name }) }).click();
        const dialog = page.getByRole('dialog', { name: m.OptionsModal!.title });
        await dialog.getByRole('button', { name: m.OptionsModal!.addToCart }).waitFor({ timeout: 30_000 });
        await showsReduced(dialog.getByTestId('price'), locale);
        await shot('modal');
        expect(await brokenAmounts(page)).toEqual([]);

        await dialog.getByRole('button', { name: m.OptionsModal!.addToCart }).click();
        const panel = page.getByRole('dialog', { name: m.CartPanel!.title });
        // The cart's line (the suggestions below it have prices of their own).
        await showsReduced(panel.getByTestId('price').filter({ visible: true }).first(), locale);
        await panel
          .getByTestId('cart-total')
          .filter({ hasText: formatAed(NOW_FILS, locale) })
          .waitFor();
        expect(await panel.textContent()).toContain(
          fill(m.Price!.was!, { price: formatAed(WAS_FILS, locale) }),
        );
        // The suggestions under the cart are priced as their cards: the sale's price, the list price struck.
        const suggestions = panel.getByRole('region', { name: m.Recommendations!.title });
        await suggestions.getByTestId('price-was').first().waitFor({ timeout: 30_000 });
        expect(await suggestions.getByTestId('price-was').count()).toBe(
          await suggestions.getByTestId('price').count(),
        );
        expect(await brokenAmounts(page)).toEqual([]);
        await shot('cart-panel');

        // The cart page's summary: the line at what the order charges, its list price struck.
        await page.goto(`${stack.webUrl}/cart`);
        const summary = page.getByRole('region', { name: m.OrderSummary!.title });
        await showsReduced(summary.getByTestId('price').first(), locale);
        expect(await brokenAmounts(page)).toEqual([]);
        await shot('cart-page');

        // The order: 99.00 after the sale, 9.90 off, 25.00 shipping (quoted on 99.00): 114.10.
        const email = `shown-price-${locale}-${Date.now().toString(36)}@example.ae`;
        await page.getByRole('link', { name: m.CartPage!.checkout }).click();
        await checkoutSteps(page, locale, email);
        await page
          .getByTestId('order-total')
          .filter({ hasText: formatAed(NOW_FILS + 25_00, locale) })
          .waitFor({ timeout: 30_000 });
        await showsReduced(
          page.getByRole('region', { name: m.OrderSummary!.title }).getByTestId('price'),
          locale,
        );
        expect(await brokenAmounts(page)).toEqual([]);
        await shot('checkout-summary');
        await page.getByRole('radio', { name: m.PaymentStep!.cod }).check();
        await page.getByRole('button', { name: m.PaymentStep!.submit, exact: true }).click();
        const status = page.getByRole('status').filter({ hasText: /QH-\d{6}/ });
        await status.waitFor({ timeout: 60_000 });
        await page.getByTestId('order-total').first().waitFor();
        expect(await brokenAmounts(page)).toEqual([]);
        await shot('confirmation');
        const orderId = /QH-\d{6}/.exec((await status.textContent()) ?? '')![0];
        const [order] = await db.db.select().from(tables.orders).where(eq(tables.orders.id, orderId));
        expect(order).toMatchObject({
          customerEmail: email,
          subtotalFils: 99_00,
          discountFils: 9_90,
          totalFils: NOW_FILS + 25_00,
        });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 240_000);
  }
});
