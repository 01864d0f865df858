import { mkdirSync } from 'node:fs';
import { signLeadLink } from '@qahwa/checkout';
import { createDb, type DbHandle, eq, sql, tables } from '@qahwa/db';
import { LEAD_LINK_DEV_SECRET } from '@qahwa/schema/config';
import { CART_STORAGE_KEY, SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, launchChromium, messages } from './support/browser';
import { root, type Stack, startStack } from './support/stack';
import { signIn, staffContext } from './support/staff';

/**
 * Cart abandonment in Chromium (docs/leads.md): a shopper whose e-mail the store knows leaves with a
 * cart by closing the page, and the page-exit beacon makes the lead; staff see it in
 * /backend/leads, filtered by status, in both languages; the recovery link refills the cart.
 */
let stack: Stack;
let browser: Browser;
let db: DbHandle;
const screens = `${root}.data/screens/leads`;
const shots = `${root}.data/shots/h1`;
const email = `beacon-${Date.now()}@example.ae`;

beforeAll(async () => {
  mkdirSync(screens, { recursive: true });
  mkdirSync(shots, { recursive: true });
  stack = await startStack();
  browser = await launchChromium();
  db = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl, 2);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await db?.close();
});

const leadsOf = (address: string) => db.db.select().from(tables.leads).where(eq(tables.leads.email, address));

async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('cart abandonment in the browser', () => {
  it('closing the page sends the beacon: the lead exists, with the cart and page_exit', async () => {
    const en = messages('web', 'en');
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 860 } });
    // The contact the profile page keeps on this device (SPEC 6): the store knows whom to write to.
    await context.addInitScript((address) => {
      if (!localStorage.getItem('qahwa-profile')) {
        localStorage.setItem(
          'qahwa-profile',
          JSON.stringify({
            version: 'profile-v1',
            fullName: 'Noura Beacon',
            email: address,
            phone: '+971 50 111 2222',
            addresses: [],
            defaultAddressId: null,
          }),
        );
      }
    }, email);
    const page = await context.newPage();
    await page.goto(`${stack.webUrl}/product/brass-dallah`);
    await page.getByRole('button', { name: en.ProductCard!.selectOptions, exact: true }).click();
    const add = page.getByRole('button', { name: en.OptionsModal!.addToCart });
    await add.waitFor();
    await add.click();
    await page.getByRole('link', { name: en.CartPanel!.orderNow }).waitFor();
    expect(await leadsOf(email)).toHaveLength(0);

    await page.close({ runBeforeUnload: true });

    const lead = await until(async () => (await leadsOf(email))[0], 'the lead from the beacon');
    expect(lead).toMatchObject({
      status: 'ABANDONED',
      abandonmentTrigger: 'page_exit',
      fullName: 'Noura Beacon',
    });
    const items = lead.cartItems as { name: string; quantity: number; productId?: string }[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ quantity: 1 });
    expect(items[0]?.productId).toBeTruthy();
    expect(lead.abandonment).toMatchObject({
      deviceType: 'desktop',
      lastVisitedPage: '/product/brass-dallah',
    });
    expect(lead.cartKey).toMatch(/^c_[A-Za-z0-9_-]{16}$/);
    await context.close();
  }, 120_000);

  it('the recovery link refills the cart at today’s prices, in both languages', async () => {
    const [lead] = await leadsOf(email);
    expect(lead).toBeDefined();
    const token = signLeadLink(
      { leadId: lead?.id ?? '', expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      LEAD_LINK_DEV_SECRET,
    );
    for (const locale of ['en', 'ar'] as const) {
      const t = messages('web', locale);
      const context = await browser.newContext({
        locale: locale === 'ar' ? 'ar-AE' : 'en-GB',
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      await page.goto(`${stack.webUrl}/cart/restore?token=${token}`);
      await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await page.getByRole('link', { name: t.CartRestore!.checkout }).waitFor();
      await page.getByRole('status').getByText(t.CartRestore!.restoring!).waitFor({ state: 'detached' });
      const cart = await page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
        CART_STORAGE_KEY,
      );
      expect(cart?.items).toHaveLength(1);
      expect(cart?.items[0]).toMatchObject({ quantity: 1, name: expect.any(String) });
      await page.screenshot({ path: `${screens}/cart-restore-${locale}.png`, fullPage: true });

      await page.goto(`${stack.webUrl}/cart/restore?token=${token}x`);
      await page.getByRole('alert').getByText(t.CartRestore!.expired!).waitFor();
      await context.close();
    }
  }, 120_000);
});

describe('/backend/leads', () => {
  it('shows the lead to staff, filtered by status, in English and Arabic', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const t = messages('admin', locale);
      const context = await browser.newContext({
        locale: locale === 'ar' ? 'ar-AE' : 'en-GB',
        viewport: { width: 1280, height: 800 },
      });
      const page = await context.newPage();
      await page.goto(`${stack.adminUrl}/backend/leads`);
      await page.waitForURL('**/backend/login**');
      await page.getByRole('textbox', { name: t.LoginForm!.email }).fill(stack.admin.email);
      await page.getByLabel(t.LoginForm!.password!, { exact: true }).fill(stack.admin.password);
      await page.getByRole('button', { name: t.LoginForm!.submit }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/backend') && !url.pathname.includes('login'));
      await page.goto(`${stack.adminUrl}/backend/leads`);
      await page.getByRole('heading', { name: t.Leads!.title, level: 1 }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      const row = page.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      expect(await row.textContent()).toContain(t.LeadStatus!.ABANDONED);
      await page.screenshot({ path: `${screens}/backend-leads-${locale}.png`, fullPage: true });

      const filter = page.getByRole('navigation', { name: t.Leads!.filter });
      await filter.getByRole('link', { name: new RegExp(t.LeadStatus!.CONVERTED!) }).click();
      await page.waitForURL('**/backend/leads?status=CONVERTED');
      await page.getByText(t.Leads!.empty!).waitFor();
      await filter.getByRole('link', { name: new RegExp(t.LeadStatus!.ABANDONED!) }).click();
      await page.waitForURL('**/backend/leads?status=ABANDONED');
      await page.getByRole('row').filter({ hasText: email }).waitFor();
      await page.screenshot({ path: `${screens}/backend-leads-abandoned-${locale}.png`, fullPage: true });
      await context.close();
    }
  }, 180_000);

  it('pages the list with the filter kept in the URL, and opens a lead: contact, road, cart with prices', async () => {
    // Thirty older abandoned carts: two pages of 25 under the Abandoned filter, the beacon's lead first.
    await db.db.insert(tables.leads).values(
      Array.from({ length: 30 }, (_, i) => ({
        email: `paged-${i}-${Date.now()}@example.org`,
        fullName: `Paged ${i}`,
        status: 'ABANDONED',
        abandonmentTrigger: 'cart_idle',
        lastActivityAt: new Date(Date.now() - 86_400_000 - i * 60_000),
      })),
    );
    const total = (await db.db.select().from(tables.leads).where(eq(tables.leads.status, 'ABANDONED')))
      .length;
    for (const locale of ['en', 'ar'] as const) {
      const t = messages('admin', locale);
      const L = t.Leads as Record<string, string>;
      const D = t.LeadDetail as Record<string, string> & { payment: Record<string, string> };
      const context = await browser.newContext({
        locale: locale === 'ar' ? 'ar-AE' : 'en-GB',
        viewport: locale === 'ar' ? { width: 390, height: 844 } : { width: 1366, height: 900 },
      });
      const page = await context.newPage();
      await page.goto(`${stack.adminUrl}/backend/login`);
      await page.getByRole('textbox', { name: t.LoginForm!.email }).fill(stack.admin.email);
      await page.getByLabel(t.LoginForm!.password!, { exact: true }).fill(stack.admin.password);
      await page.getByRole('button', { name: t.LoginForm!.submit }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/backend') && !url.pathname.includes('login'));
      await page.goto(`${stack.adminUrl}/backend/leads?status=ABANDONED`);
      const showing = page.getByTestId('leads-showing');
      await showing.waitFor();
      expect(await showing.textContent()).toBe(
        fill(L.showing!, { from: '1', to: '25', total: String(total) }),
      );
      const pages = page.getByRole('navigation', {
        name: (t.CrmCommon as Record<string, string>).pagination,
      });
      await pages.getByRole('link', { name: (t.CrmCommon as Record<string, string>).next }).click();
      await page.waitForURL('**/backend/leads?status=ABANDONED&page=2');
      expect(await showing.textContent()).toBe(
        fill(L.showing!, { from: '26', to: String(total), total: String(total) }),
      );
      expect(await page.getByRole('row').filter({ hasText: email }).count()).toBe(0);
      await page.screenshot({ path: `${screens}/backend-leads-page-2-${locale}.png`, fullPage: true });
      await pages.getByRole('link', { name: (t.CrmCommon as Record<string, string>).previous }).click();
      await page.waitForURL('**/backend/leads?status=ABANDONED');

      await page.getByRole('link', { name: fill(L.openNamed!, { name: 'Noura Beacon' }) }).click();
      await page.waitForURL('**/backend/leads/*');
      await page.getByRole('heading', { name: 'Noura Beacon', level: 1 }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await page.getByRole('link', { name: email }).waitFor();
      const history = page.getByTestId('lead-history');
      expect(await history.textContent()).toContain(t.LeadStatus!.ABANDONED);
      expect(await history.textContent()).toContain((t.LeadTrigger as Record<string, string>).page_exit);
      const cart = page.getByRole('table', { name: D.cartCaption });
      expect(await cart.textContent()).toMatch(locale === 'ar' ? /د\.إ/ : /AED \d/);
      await page.getByText(D.orderNone!).waitFor();
      // No page wider than the screen, in either direction.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `${screens}/backend-lead-detail-${locale}.png`, fullPage: true });
      await page.getByRole('link', { name: D.back }).first().click();
      await page.waitForURL('**/backend/leads');
      await context.close();
    }
  }, 180_000);
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const cartsOf = (cartKey: string) =>
  db.db.select().from(tables.abandonedCarts).where(eq(tables.abandonedCarts.cartKey, cartKey));

/** A shopper the store knows nothing about (no profile, no e-mail), with the dallah in the cart. */
async function anonymousCart(locale: 'en' | 'ar', viewport: { width: number; height: number }) {
  const t = messages('web', locale);
  const context = await browser.newContext({ locale: locale === 'ar' ? 'ar-AE' : 'en-GB', viewport });
  const page = await context.newPage();
  await page.goto(`${stack.webUrl}/product/brass-dallah`);
  await page.getByRole('button', { name: t.ProductCard!.selectOptions, exact: true }).click();
  const add = page.getByRole('button', { name: t.OptionsModal!.addToCart });
  await add.waitFor();
  await add.click();
  await page.getByRole('link', { name: t.CartPanel!.orderNow }).waitFor();
  const cartKey = await until(
    () =>
      page.evaluate(() => {
        const state = JSON.parse(localStorage.getItem('qahwa-lead-cart') ?? 'null') as {
          cartKey?: string;
        } | null;
        return state?.cartKey ?? undefined;
      }),
    'the cart id',
  );
  return { context, page, cartKey, t };
}

describe('a cart left without an e-mail, and "Save my cart"', () => {
  it('counts the anonymous cart with no personal data; Save my cart makes a manual lead (ar, phone)', async () => {
    const leadsBefore = (await db.db.select().from(tables.leads)).length;
    const { context, page, cartKey, t } = await anonymousCart('ar', PHONE);
    await page.close({ runBeforeUnload: true });
    const [counted] = await until(async () => {
      const rows = await cartsOf(cartKey);
      return rows.length > 0 ? rows : undefined;
    }, 'the anonymous cart');
    expect(counted).toMatchObject({ lineCount: 1, orderedAt: null });
    expect(counted!.valueFils).toBeGreaterThan(0);
    // Nobody to write to: no lead.
    expect((await db.db.select().from(tables.leads)).length).toBe(leadsBefore);

    // Back on the cart page: the e-mail for this cart, a wrong one first.
    const cart = await context.newPage();
    await cart.goto(`${stack.webUrl}/cart`);
    const S = t.SaveCart as Record<string, string>;
    const form = cart.locator('[data-save-cart]');
    await form.getByRole('heading', { name: S.title }).waitFor();
    const field = form.getByRole('textbox', { name: S.email });
    await field.fill('not-an-email');
    await form.getByRole('button', { name: S.submit }).click();
    await form.getByText('يرجى إدخال عنوان بريد إلكتروني صالح', { exact: true }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await cart.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await form.scrollIntoViewIfNeeded();
    await cart.screenshot({ path: `${shots}/save-cart-invalid-ar-390.png`, fullPage: true });

    const address = `saved-${Date.now()}@example.ae`;
    await field.fill(address);
    await form.getByRole('button', { name: S.submit }).click();
    const saved = form.getByRole('status');
    await saved.getByText(S.saved!).waitFor();
    expect(await saved.locator('bdi').textContent()).toBe(address);
    await cart.screenshot({ path: `${shots}/save-cart-done-ar-390.png`, fullPage: true });
    const lead = await until(async () => (await leadsOf(address))[0], 'the saved cart’s lead');
    expect(lead).toMatchObject({ status: 'ABANDONED', abandonmentTrigger: 'manual', locale: 'ar', cartKey });
    expect(lead.cartItems as unknown[]).toHaveLength(1);
    // Still one cart for the dashboard.
    expect(await cartsOf(cartKey)).toHaveLength(1);
    await context.close();
  }, 180_000);

  it('shows "Save my cart" on the cart page in English, on a phone and a desktop, and in Arabic on a desktop', async () => {
    for (const [locale, viewport] of [
      ['en', PHONE],
      ['en', DESKTOP],
      ['ar', DESKTOP],
    ] as const) {
      const { context, page, t } = await anonymousCart(locale, viewport);
      const S = t.SaveCart as Record<string, string>;
      await page.goto(`${stack.webUrl}/cart`);
      const form = page.locator('[data-save-cart]');
      await form.getByText(S.consent!).waitFor();
      if (locale === 'en') {
        await form.getByRole('textbox', { name: S.email }).fill('nobody@');
        await form.getByRole('button', { name: S.submit }).click();
        await form.getByText('Please enter a valid email address', { exact: true }).waitFor();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `${shots}/save-cart-${locale}-${viewport.width}.png`, fullPage: true });
      // Counted already as far as this browser knows: closing sends no report that would move the
      // dashboard's figure while the next test reads it.
      await page.evaluate(() => {
        const state = JSON.parse(localStorage.getItem('qahwa-lead-cart') ?? '{}');
        localStorage.setItem('qahwa-lead-cart', JSON.stringify({ ...state, counted: true }));
      });
      await context.close();
    }
  }, 180_000);

  it('the dashboard shows the period’s cart abandonment, as the SQL rule counts it (en, ar)', async () => {
    const [expected] = (
      await db.db.execute<{ abandoned: number; orders: number }>(
        sql`select (select count(*)::int from abandoned_carts where ordered_at is null) as abandoned,
          (select coalesce(sum(orders), 0)::int from order_stats_daily where day > (now() at time zone 'Asia/Dubai')::date - 30) as orders`,
      )
    ).rows;
    expect(expected!.abandoned).toBeGreaterThanOrEqual(2);
    const carts = expected!.abandoned + expected!.orders;
    const rate = Math.round((1000 * expected!.abandoned) / carts) / 10;
    for (const [locale, viewport] of [
      ['en', DESKTOP],
      ['en', PHONE],
      ['ar', PHONE],
      ['ar', DESKTOP],
    ] as const) {
      const m = messages('admin', locale);
      const staff = await staffContext(browser, stack, { locale, viewport });
      const p = await staff.newPage();
      await signIn(p, stack);
      await p.goto(`${stack.adminUrl}/backend`);
      await p.getByRole('heading', { level: 1, name: m.Dashboard!.title }).waitFor();
      const card = p.locator('[data-card="cartAbandonment"]');
      expect(await card.locator('dt').textContent()).toBe(m.Dashboard!.cartAbandonment);
      expect(await card.locator('dd').first().textContent()).toBe(`${rate}%`);
      expect(await card.locator('dd').nth(1).textContent()).toContain(`${expected!.abandoned} `);
      expect(await card.locator('dd').nth(1).textContent()).toContain(` ${carts} `);
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await p.screenshot({ path: `${shots}/dashboard-abandonment-${locale}-${viewport.width}.png` });
      await staff.close();
    }
  }, 180_000);
});
