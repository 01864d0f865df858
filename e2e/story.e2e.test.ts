import { createDb, eq, sql, tables } from '@qahwa/db';
import { mailCatcher } from '@qahwa/mail/testing';
import { CART_STORAGE_KEY, CART_VERSION } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, launchChromium, messages } from './support/browser';
import { artifacts, type Stack, startStack } from './support/stack';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/**
 * The walking skeleton's story: a shopper in Arabic buys with cash on delivery;
 * a member of staff signs in and sees the order and the dashboard's counts move.
 */
describe('a shopper orders in Arabic and staff see the order', () => {
  let orderId = '';
  // MailDev keeps mail across runs and order numbers restart with each test database: the
  // shopper's address is this run's own.
  const shopperEmail = `mariam+${Date.now().toString(36)}@example.ae`;

  it('renders Arabic right-to-left from the first byte, buys through the options modal and pays on delivery', async () => {
    const ar = messages('web', 'ar');
    const context = await browser.newContext({ locale: 'ar-AE', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    const response = await page.goto(`${stack.webUrl}/shop`);
    const firstBytes = (await response!.text()).slice(0, 400);
    expect(firstBytes).toMatch(/<html[^>]*lang="ar"/);
    expect(firstBytes).toMatch(/<html[^>]*dir="rtl"/);

    // Emirati Gahwa Blend: 500g with cardamom is 105.00 AED.
    await page
      .getByRole('button', {
        name: fill(ar.ProductCard!.selectOptionsFor!, { name: 'خلطة القهوة الإماراتية' }),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: ar.OptionsModal!.title });
    // Headless UI's dialog root is a zero-size wrapper; wait for what the shopper sees inside it.
    await dialog
      .getByRole('button', { name: ar.OptionsModal!.addToCart })
      .waitFor({ timeout: 30_000 })
      .catch(async (err) => {
        await page.screenshot({ path: `${artifacts}/failed-dialog.png` });
        throw err;
      });
    await dialog
      .getByRole('radiogroup', { name: ar.OptionsModal!.weight })
      .getByRole('radio', { name: '500 غ' })
      .click();
    await dialog
      .getByRole('radiogroup', { name: ar.OptionsModal!.additions })
      .getByRole('radio', { name: 'بالهيل' })
      .click();
    await dialog.getByRole('button', { name: ar.OptionsModal!.increase }).click();
    await dialog.getByRole('button', { name: ar.OptionsModal!.addToCart }).click();

    // SPEC 3/4: the cart lives in localStorage under a versioned key.
    const stored = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
      CART_STORAGE_KEY,
    );
    expect(stored.version).toBe(CART_VERSION);
    expect(stored.items).toHaveLength(1);
    expect(stored.items[0]).toMatchObject({
      quantity: 2,
      price: 105,
      nameAr: 'خلطة القهوة الإماراتية',
      variation: { weight: '500g', beans: 'House Blend', additions: 'Cardamom' },
    });

    await page.getByRole('link', { name: ar.CartPanel!.orderNow }).click();
    await page.waitForURL('**/checkout');
    await page
      .getByRole('main')
      .getByRole('textbox', { name: ar.CustomerStep!.fullName, exact: true })
      .fill('مريم الهاشمي');
    await page
      .getByRole('main')
      .getByRole('textbox', { name: ar.CustomerStep!.email, exact: true })
      .fill(shopperEmail);
    const phoneBox = page
      .getByRole('main')
      .getByRole('textbox', { name: ar.CustomerStep!.phone, exact: true });
    // Letters are not a phone number: SPEC 5's format message with its example, not the length one.
    await phoneBox.fill('اتصل بي');
    await page.getByRole('button', { name: ar.CustomerStep!.submit }).click();
    await expect
      .poll(async () => page.locator(`[id="${await phoneBox.getAttribute('id')}-error"]`).textContent())
      .toContain('يرجى إدخال رقم هاتف صالح');
    await phoneBox.fill('+971 50 123 4567');
    await page.getByRole('button', { name: ar.CustomerStep!.submit }).click();

    await page.getByRole('combobox', { name: ar.ShippingStep!.emirate }).selectOption('dubai');
    await page.getByRole('combobox', { name: ar.ShippingStep!.city }).selectOption('dubai-marina');
    const addressBox = page.getByRole('textbox', { name: ar.ShippingStep!.address });
    await addressBox.fill('ممشى المارينا، برج 5، شقة 1203');
    // The limits show while typing, before any submit: the count so far, 10 to 500.
    const addressHint = page.locator(`[id="${await addressBox.getAttribute('id')}-hint"]`);
    expect(await addressHint.textContent()).toBe('30 حرفًا (من 10 إلى 500)');
    await page.getByRole('button', { name: ar.ShippingStep!.submit }).click();

    // Card is the default method (SPEC 4); this shopper pays on delivery.
    const cod = page.getByRole('radio', { name: ar.PaymentStep!.cod });
    await cod.waitFor();
    expect(await page.getByRole('radio', { name: ar.PaymentStep!.card }).isChecked()).toBe(true);
    await cod.check();
    await page.screenshot({ path: `${artifacts}/shopper-payment-ar.png`, fullPage: true });
    await page.getByRole('button', { name: ar.PaymentStep!.submit }).click();

    const status = page.getByRole('status').filter({ hasText: /QH-\d{6}/ });
    await status.waitFor({ timeout: 60_000 });
    orderId = /QH-\d{6}/.exec((await status.textContent()) ?? '')![0];
    // 2 × 105.00 = 210.00: over 200, so delivery is free and the shopper pays 210.00.
    await page.getByText('210.00').first().waitFor();
    await page.screenshot({ path: `${artifacts}/shopper-confirmation-ar.png`, fullPage: true });
    // The cart is emptied once the order exists.
    const after = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
      CART_STORAGE_KEY,
    );
    expect(after?.items ?? []).toHaveLength(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("mails the shopper the order's confirmation in Arabic, with its items and total", async () => {
    expect(orderId).toMatch(/^QH-\d{6}$/);
    const mail = await mailCatcher().waitForMessage(
      (m) => m.to.some((t) => t.address === shopperEmail) && m.subject.includes(orderId),
      60_000,
    );
    expect(mail.subject).toBe(`تم تأكيد طلبك ${orderId} من قهوة`);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('خلطة القهوة الإماراتية');
    // Two at 105.00, free delivery: the total the shopper saw.
    expect(mail.text).toContain('210.00');
  }, 90_000);

  it('lets staff sign in, see the order in /backend/orders and the dashboard counts move', async () => {
    expect(orderId).toMatch(/^QH-\d{6}$/);
    const en = messages('admin', 'en');
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();

    await page.goto(`${stack.adminUrl}/backend`);
    await page.waitForURL('**/backend/login**');
    await page.getByRole('textbox', { name: en.LoginForm!.email }).fill(stack.admin.email);
    await page.getByLabel(en.LoginForm!.password!, { exact: true }).fill(stack.admin.password);
    await page.getByRole('button', { name: en.LoginForm!.submit }).click();
    await page.waitForURL((url) => url.pathname === '/backend');

    // The dashboard reads the projection the workers keep: it moves once OrderPlaced went
    // through the outbox, JetStream and the consumer.
    const todayOrders = page
      .locator('dt', { hasText: en.Dashboard!.todayOrders })
      // The figure, not the revenue hint under it.
      .locator('xpath=following-sibling::dd[1]');
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await todayOrders.textContent())?.trim();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('1');
    await page.screenshot({ path: `${artifacts}/staff-dashboard-en.png`, fullPage: true });

    await page
      .getByRole('navigation', { name: en.Sidebar!.navLabel })
      .getByRole('link', { name: en.Menu!.orders })
      .click();
    await page.waitForURL('**/backend/orders');
    const row = page.getByRole('row').filter({ hasText: orderId });
    await row.waitFor();
    expect(await row.textContent()).toContain('مريم الهاشمي');
    await page.screenshot({ path: `${artifacts}/staff-orders-en.png`, fullPage: true });
    await context.close();
  });
});

describe('nothing the shopper wants is lost (English, desktop)', () => {
  const en = messages('web', 'en');
  const email = 'layla@example.ae';

  async function toPayment(page: Page) {
    await page.goto(`${stack.webUrl}/product/brass-dallah`);
    await page.getByRole('button', { name: en.ProductCard!.selectOptions, exact: true }).click();
    const add = page.getByRole('button', { name: en.OptionsModal!.addToCart });
    await add.waitFor();
    await page.getByRole('button', { name: en.OptionsModal!.increase }).click();
    await add.click();
    await page.getByRole('link', { name: en.CartPanel!.orderNow }).click();
    await page.waitForURL('**/checkout');
    await page
      .getByRole('main')
      .getByRole('textbox', { name: en.CustomerStep!.fullName, exact: true })
      .fill('Layla Haddad');
    await page
      .getByRole('main')
      .getByRole('textbox', { name: en.CustomerStep!.email, exact: true })
      .fill(email);
    await page
      .getByRole('main')
      .getByRole('textbox', { name: en.CustomerStep!.phone, exact: true })
      .fill('+971 55 765 4321');
    await page.getByRole('button', { name: en.CustomerStep!.submit }).click();
    await page.getByRole('combobox', { name: en.ShippingStep!.emirate }).selectOption('abu-dhabi');
    await page.getByRole('combobox', { name: en.ShippingStep!.city }).selectOption('al-ain');
    await page
      .getByRole('textbox', { name: en.ShippingStep!.address })
      .fill('Al Jimi District, Street 12, Villa 4');
    await page.getByRole('button', { name: en.ShippingStep!.submit }).click();
    await page.getByRole('radio', { name: en.PaymentStep!.cod }).check();
    await page.getByRole('button', { name: en.PaymentStep!.submit }).waitFor();
  }

  it('refuses an order the stock cannot cover, says why, and keeps the cart', async () => {
    const db = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl, 2);
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    try {
      await toPayment(page);
      // Someone else buys the dallahs while Layla is on the payment step: one is left.
      const dallah = sql`${tables.productVariations.productId} = (select id from products where slug = 'brass-dallah')`;
      await db.db.update(tables.productVariations).set({ stockQuantity: 1 }).where(dallah);

      await page.getByRole('button', { name: en.PaymentStep!.submit }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Brass Dallah' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(
        'Sorry, only 1 left of Brass Dallah. Please update your cart.',
      );
      const cart = await page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
        CART_STORAGE_KEY,
      );
      expect(cart.items).toHaveLength(1);
      expect(cart.items[0].quantity).toBe(2);
      const customer = await db.db.select().from(tables.customers).where(eq(tables.customers.email, email));
      expect(customer).toHaveLength(0);
      await page.screenshot({ path: `${artifacts}/shopper-out-of-stock-en.png`, fullPage: true });

      // Restocked: a double click on the submit button still makes exactly one order.
      await db.db.update(tables.productVariations).set({ stockQuantity: 12 }).where(dallah);
      await page.getByRole('button', { name: en.PaymentStep!.submit }).dblclick();
      await page
        .getByRole('status')
        .filter({ hasText: /QH-\d{6}/ })
        .waitFor({ timeout: 60_000 });
      const orders = await db.db
        .select({ id: tables.orders.id })
        .from(tables.orders)
        .innerJoin(tables.customers, eq(tables.orders.customerId, tables.customers.id))
        .where(eq(tables.customers.email, email));
      expect(orders).toHaveLength(1);
    } finally {
      await context.close();
      await db.close();
    }
  });
});
