import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createDb, createPromotionEditingRepository, eq, sql, tables } from '@qahwa/db';
import { addDays, gulfDate, type Product, unitsAvailable } from '@qahwa/schema';
import { placeNames, SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { mailTo } from './support/maildev';
import { placeCodOrder } from './support/orders';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { root, type Stack } from './support/stack';
import { moveOrderThrough, setStaffLocale, signIn, staffContext } from './support/staff';
import { waitUntil } from './support/wait';

/*
 * The back office's dashboard end to end in Chromium over the real stack (gateway, workers' projections,
 * workflows, both Next apps): shoppers place cash-on-delivery orders and look at products; a member
 * of staff reads the Arabic dashboard (right to left), changes its period, moves one order to
 * shipped on the order page in Arabic; the shopper's Arabic "on its way" e-mail arrives in MailDev;
 * the dashboard's order-status chart — read through its table of figures, as a screen reader
 * would — shows one fewer "new" and one more "shipped". Screenshots of the dashboard and the order
 * page in both languages go to .data/screens/.
 */
type Status = 'pending' | 'new' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
const STATUSES: Status[] = ['pending', 'new', 'processing', 'shipped', 'delivered', 'cancelled'];
type AdminMessages = {
  Dashboard: Record<
    'title' | 'statusTable' | 'trendHeading' | 'trendTable' | 'showTable' | 'periodLabel',
    string
  > & { periods: Record<'today' | '7d' | '30d' | '90d' | '365d', string> };
  OrderDetail: {
    title: string;
    moveTo: string;
    moved: string;
    timeline: string;
    payment: string;
    customer: string;
    timelineEvent: Record<'OrderPlaced', string>;
    emailPurpose: Record<'order-confirmation', string>;
  };
  OrderStatus: Record<Status, string>;
};
const ar = messages('admin', 'ar') as unknown as AdminMessages;
const en = messages('admin', 'en') as unknown as AdminMessages;
const screens = `${root}.data/screens`;

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const run = randomUUID().slice(0, 8);
const shopperEmail = `dash-e2e-${run}@example.ae`;
let orderId = '';

beforeAll(async () => {
  mkdirSync(screens, { recursive: true });
  ({ stack, browser } = await startStackAndBrowser());
  context = await staffContext(browser, stack);
  page = await context.newPage();
}, 600_000);
afterAll(() => stopStackAndBrowser(stack, browser));

/** The pictures in the page's main region once each has loaded or failed (a broken one has no width). */
async function pictures(p: Page): Promise<{ count: number; broken: (string | null)[] }> {
  return p.evaluate(async () => {
    const imgs = Array.from(document.querySelectorAll('main img')) as HTMLImageElement[];
    await Promise.all(
      imgs.map((i) =>
        i.complete
          ? null
          : new Promise((done) => {
              i.addEventListener('load', done);
              i.addEventListener('error', done);
            }),
      ),
    );
    return {
      count: imgs.length,
      broken: imgs.filter((i) => i.naturalWidth === 0).map((i) => i.getAttribute('src')),
    };
  });
}

/** The sidebar's dark column: on which side, and whether it runs the whole page's height. */
async function sidebarColumn(p: Page) {
  return p.evaluate(() => {
    const column = document.querySelector('aside')?.parentElement;
    const box = column?.getBoundingClientRect();
    return {
      height: box?.height ?? 0,
      // Where the column ends on the page (a test-payments banner may sit above it).
      bottom: (box?.bottom ?? 0) + window.scrollY,
      pageHeight: document.documentElement.scrollHeight,
      atStart:
        document.dir === 'rtl'
          ? Math.abs((box?.right ?? 0) - document.documentElement.clientWidth) < 1
          : Math.abs(box?.left ?? 1) < 1,
      background: column ? getComputedStyle(column).backgroundColor : '',
    };
  });
}

/** A cash-on-delivery order by an Arabic-speaking shopper of this run; its id. */
const placeOrder = (product: Product, quantity: number, email: string) =>
  placeCodOrder(stack, {
    customer: {
      fullName: 'سلمى المنصوري',
      email,
      phone: `+971 50 ${1_000_000 + Math.floor(Math.random() * 8_999_999)}`,
    },
    product,
    quantity,
    locale: 'ar',
  });

/** The order-status chart's figures, as its table (the chart's text equivalent) gives them. */
async function chartCounts(m: AdminMessages): Promise<Record<Status, number>> {
  await page.goto(`${stack.adminUrl}/backend`);
  const table = page.getByRole('table', { name: m.Dashboard.statusTable });
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  if ((await table.count()) === 0) return counts; // the empty state: no orders yet
  for (const status of STATUSES) {
    const row = table.getByRole('row', { name: m.OrderStatus[status] });
    const text = (await row.getByRole('cell').first().textContent()) ?? '';
    counts[status] = Number(text.replace(/[^\d]/g, ''));
  }
  return counts;
}

/** Rows of the sales trend's figures table (opened as a user would, through its summary). */
async function trendDays(m: AdminMessages): Promise<number> {
  const trend = page.getByRole('region', { name: m.Dashboard.trendHeading });
  // A client-side navigation keeps the <details> element, open or not: open it only if closed.
  if ((await trend.locator('details').getAttribute('open')) === null) {
    await trend.getByText(m.Dashboard.showTable).click();
  }
  const rows = trend.getByRole('table', { name: m.Dashboard.trendTable }).locator('tbody tr');
  return rows.count();
}

describe('the dashboard follows the store, in Arabic and English', () => {
  it('shoppers order and look at products', async () => {
    const products = (await (await fetch(`${stack.gatewayUrl}/api/products?limit=100`)).json()) as Product[];
    const stocked = products.filter((p) => p.variations.some((v) => unitsAvailable(v) > 3));
    expect(stocked.length).toBeGreaterThan(2);
    orderId = await placeOrder(stocked[0]!, 1, shopperEmail);
    await placeOrder(stocked[1]!, 2, `dash-e2e-${run}-b@example.ae`);
    await placeOrder(stocked[2]!, 3, `dash-e2e-${run}-c@example.ae`);
    for (const [i, p] of stocked.slice(0, 4).entries()) {
      for (let k = 0; k < 4 - i; k++) {
        const res = await fetch(`${stack.gatewayUrl}/api/products/${p.id}/views`, { method: 'POST' });
        expect(res.status).toBe(202);
      }
    }
  }, 120_000);

  it('shows the Arabic dashboard right to left, with a period picker that changes the sales trend', async () => {
    await signIn(page, stack);

    const counts = await waitUntil(
      () => chartCounts(ar),
      (c) => c.new >= 3,
      'the orders reach the chart',
      45_000,
    );
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByRole('heading', { level: 1, name: ar.Dashboard.title }).waitFor();
    // The chart itself speaks: one summary naming every status with its count.
    const donut = page.getByRole('img', { name: new RegExp(`${ar.OrderStatus.new} ${counts.new}`) });
    expect(await donut.count()).toBe(1);

    const picker = page.getByRole('navigation', { name: ar.Dashboard.periodLabel });
    expect(
      await picker.getByRole('link', { name: ar.Dashboard.periods['30d'] }).getAttribute('aria-current'),
    ).toBe('page');
    expect(await trendDays(ar)).toBe(30);
    await picker.getByRole('link', { name: ar.Dashboard.periods['7d'] }).click();
    await page.waitForURL((u) => u.searchParams.get('period') === '7d');
    expect(
      await picker.getByRole('link', { name: ar.Dashboard.periods['7d'] }).getAttribute('aria-current'),
    ).toBe('page');
    expect(
      await picker.getByRole('link', { name: ar.Dashboard.periods['30d'] }).getAttribute('aria-current'),
    ).toBeNull();
    expect(await trendDays(ar)).toBe(7);
    await picker.getByRole('link', { name: ar.Dashboard.periods.today }).click();
    await page.waitForURL((u) => u.searchParams.get('period') === 'today');
    expect(await trendDays(ar)).toBe(1);
    // Today's three orders are the whole of today's trend.
    const today = page.getByRole('region', { name: ar.Dashboard.trendHeading });
    const todayRow = today.getByRole('table', { name: ar.Dashboard.trendTable }).locator('tbody tr').first();
    expect(
      Number((await todayRow.locator('td').first().textContent())?.replace(/[^\d]/g, '')),
    ).toBeGreaterThanOrEqual(3);
  }, 180_000);

  it("moves an order to shipped in Arabic; the status chart follows and the shopper's e-mail is Arabic", async () => {
    const before = await chartCounts(ar);
    await page.goto(`${stack.adminUrl}/backend/orders/${orderId}`);
    await page.getByRole('heading', { name: fill(ar.OrderDetail.title, { id: orderId }) }).waitFor();
    await moveOrderThrough(page, ar, ['processing', 'shipped']);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.screenshot({ path: `${screens}/order-page-ar.png`, fullPage: true });
    // The seed's product pictures (the storefront's files) load in the back office.
    const orderPictures = await pictures(page);
    expect(orderPictures.count).toBeGreaterThan(0);
    expect(orderPictures.broken).toEqual([]);
    // The delivery address names the city and emirate in Arabic, not their slugs.
    const customer =
      (await page.getByRole('region', { name: ar.OrderDetail.customer, exact: true }).textContent()) ?? '';
    const place = placeNames('dubai', 'business-bay', 'ar');
    expect(customer).toContain(`${place.city}، ${place.emirate}`);
    expect(customer).not.toContain('business-bay');
    // The timeline and payment panel speak Arabic: no raw event type, e-mail purpose or status.
    await page.getByText(ar.OrderDetail.timelineEvent.OrderPlaced).first().waitFor();
    const shown = [
      (await page.getByRole('region', { name: ar.OrderDetail.timeline, exact: true }).textContent()) ?? '',
      (await page.getByRole('region', { name: ar.OrderDetail.payment, exact: true }).textContent()) ?? '',
    ].join(' ');
    for (const raw of [
      'OrderPlaced',
      'OrderStatusChanged',
      'order-confirmation',
      'order-shipped',
      'pending',
      'sent',
    ]) {
      expect(shown).not.toContain(raw);
    }

    const moved = Date.now();
    const after = await waitUntil(
      () => chartCounts(ar),
      (c) => c.new === before.new - 1 && c.shipped === before.shipped + 1,
      "the dashboard's order-status chart follows the move",
      45_000,
    );
    expect(after.processing).toBe(before.processing);
    // How long the move takes to reach the chart (outbox → NATS → projection → the next render).
    console.info(`dashboard e2e: the status chart showed the move ${Date.now() - moved} ms after it`);
    await page.goto(`${stack.adminUrl}/backend?period=30d`);
    await page.screenshot({ path: `${screens}/dashboard-ar.png`, fullPage: true });
    const dashboardPictures = await pictures(page);
    expect(dashboardPictures.count).toBeGreaterThan(0);
    expect(dashboardPictures.broken).toEqual([]);
    // The dashboard is longer than the window: the sidebar's dark column still runs to its foot,
    // on the start side (the right, in Arabic).
    const sidebar = await sidebarColumn(page);
    expect(sidebar.pageHeight).toBeGreaterThan(1000);
    expect(sidebar.bottom).toBeGreaterThanOrEqual(sidebar.pageHeight - 1);
    // …from the top, or from under the one-line test-payments banner.
    expect(sidebar.height).toBeGreaterThan(sidebar.pageHeight - 60);
    expect(sidebar.atStart).toBe(true);
    expect(sidebar.background).not.toBe('rgba(0, 0, 0, 0)');

    const mail = await mailTo(shopperEmail, { subject: 'في الطريق' });
    expect(mail.subject).toBe(`طلبك ${orderId} في الطريق إليك`);
    expect(mail.html).toContain('dir="rtl"');
  }, 240_000);

  it('shows the same figures in English, left to right', async () => {
    const arCounts = await chartCounts(ar);
    await setStaffLocale(context, stack, 'en');
    const enCounts = await chartCounts(en);
    expect(enCounts).toEqual(arCounts);
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.getByRole('heading', { level: 1, name: en.Dashboard.title }).waitFor();
    await page.screenshot({ path: `${screens}/dashboard-en.png`, fullPage: true });
    const sidebar = await sidebarColumn(page);
    expect(sidebar.bottom).toBeGreaterThanOrEqual(sidebar.pageHeight - 1);
    // …from the top, or from under the one-line test-payments banner.
    expect(sidebar.height).toBeGreaterThan(sidebar.pageHeight - 60);
    expect(sidebar.atStart).toBe(true);
    await page.goto(`${stack.adminUrl}/backend/orders/${orderId}`);
    await page.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
    await page.screenshot({ path: `${screens}/order-page-en.png`, fullPage: true });
  }, 120_000);
  it('fits a revenue of millions in its card (ar phone, en 1366) and counts only promotions with a use left', async () => {
    const handle = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl, 2);
    const today = gulfDate(new Date());
    // A big month, on a day no order of this file touches.
    await handle.db
      .insert(tables.orderStatsDaily)
      .values({ day: addDays(today, -3), orders: 1, revenueFils: 123_456_789_00 })
      .onConflictDoUpdate({ target: tables.orderStatsDaily.day, set: { revenueFils: 123_456_789_00 } });
    // In force and switched on, but every use taken: not active.
    const usedUp = await createPromotionEditingRepository(handle.db).create({
      name: `Used up ${run}`,
      nameAr: 'مستنفد',
      description: '',
      code: `USEDUP${run.toUpperCase().replace(/[^A-Z0-9]/g, '')}`,
      type: 'PERCENTAGE',
      value: 10,
      maxUses: 1,
      startDate: addDays(today, -1),
      endDate: addDays(today, 6),
      isActive: true,
      isPublic: false,
      productIds: [],
    });
    await handle.db.update(tables.promotions).set({ uses: 1 }).where(eq(tables.promotions.id, usedUp.id));
    await waitUntil(
      () =>
        handle.db
          .select()
          .from(tables.projectionPromotions)
          .where(eq(tables.projectionPromotions.promotionId, usedUp.id)),
      (rows) => rows.length > 0,
      'the workers to see the new promotion',
    );
    const [expected] = (
      await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from promotions where is_active and start_date <= now() and end_date >= now() and (max_uses is null or uses < max_uses)`,
      )
    ).rows;
    for (const [locale, viewport] of [
      ['ar', { width: 390, height: 844 }],
      ['en', { width: 1366, height: 900 }],
    ] as const) {
      const m = locale === 'ar' ? ar : en;
      const staff = await staffContext(browser, stack, { locale, viewport });
      const p = await staff.newPage();
      await signIn(p, stack);
      await p.goto(`${stack.adminUrl}/backend`);
      await p.getByRole('heading', { level: 1, name: m.Dashboard.title }).waitFor();
      const revenue = p.locator('[data-card="periodRevenue"]');
      // The month's revenue: the big day and this file's orders.
      expect(await revenue.textContent()).toMatch(/123,4\d\d,\d{3}\.\d\d/);
      const fits = await revenue.evaluate((card) => {
        const value = card.querySelectorAll('dd')[0] as HTMLElement;
        const box = card.getBoundingClientRect();
        const v = value.getBoundingClientRect();
        return {
          inside: v.left >= box.left - 0.5 && v.right <= box.right + 0.5,
          unclipped: value.scrollWidth <= value.clientWidth + 1,
          page: document.documentElement.scrollWidth <= window.innerWidth,
        };
      });
      expect(fits).toEqual({ inside: true, unclipped: true, page: true });
      const active = await p.locator('[data-card="activePromotions"] dd').first().textContent();
      expect(Number(active?.replace(/[^\d]/g, ''))).toBe(expected!.n);
      await p.screenshot({
        path: `${screens}/dashboard-millions-${locale}-${viewport.width}.png`,
        fullPage: true,
      });
      await staff.close();
    }
    await handle.close();
  }, 180_000);
});
