import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fill } from './browser';
import type { Stack } from './stack';

/** The back office's desktop window in these tests. */
export const STAFF_VIEWPORT = { width: 1440, height: 1000 };

/** Chooses the back office's language for this browser, as its language switch does (NEXT_LOCALE). */
export async function setStaffLocale(context: BrowserContext, stack: Stack, locale: 'ar' | 'en') {
  await context.addCookies([{ name: 'NEXT_LOCALE', value: locale, url: stack.adminUrl }]);
}

/** A browser of a member of staff reading the back office in `locale` (Arabic unless told). */
export async function staffContext(
  browser: Browser,
  stack: Stack,
  options: { locale?: 'ar' | 'en'; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const locale = options.locale ?? 'ar';
  const context = await browser.newContext({
    locale: locale === 'ar' ? 'ar-AE' : 'en-GB',
    viewport: options.viewport ?? STAFF_VIEWPORT,
  });
  await setStaffLocale(context, stack, locale);
  return context;
}

/**
 * A staff session for calls to the gateway's back-office API, signed in as the back office's
 * sign-in page does it (its Origin: the gateway takes staff writes from the back office only).
 * Returns the `qahwa_staff_session=…` cookie.
 */
export async function staffApiCookie(stack: Stack): Promise<string> {
  const login = await fetch(`${stack.gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.adminUrl },
    body: JSON.stringify(stack.admin),
  });
  const cookie = /qahwa_staff_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`staff sign-in failed: ${login.status}`);
  return cookie;
}

/**
 * Signs in on the back office's login page with the form, as staff do (the seeded admin unless
 * another account is given), and waits until the login page has sent them on.
 */
export async function signIn(
  page: Page,
  stack: Stack,
  account: { email: string; password: string } = stack.admin,
): Promise<void> {
  await page.goto(`${stack.adminUrl}/backend/login`);
  await page.locator('input[type=email]').fill(account.email);
  await page.locator('input[type=password]').fill(account.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.includes('/login'), { timeout: 60_000 });
}

const FLOW = ['new', 'processing', 'shipped', 'delivered'] as const;
type FlowStatus = (typeof FLOW)[number];

/** The order page's messages these helpers press and read. */
export interface OrderPageText {
  OrderDetail: { moveTo: string; moved: string };
  OrderStatus: Record<FlowStatus, string>;
}

/**
 * On an open order page, presses "move to …" for each status in turn; after each press the page
 * reloads and its timeline must show the move from the status before.
 */
export async function moveOrderThrough(
  page: Page,
  t: OrderPageText,
  statuses: readonly Exclude<FlowStatus, 'new'>[],
): Promise<void> {
  for (const to of statuses) {
    const from = FLOW[FLOW.indexOf(to) - 1]!;
    await page
      .getByRole('button', { name: fill(t.OrderDetail.moveTo, { status: t.OrderStatus[to] }) })
      .click();
    await page
      .getByText(fill(t.OrderDetail.moved, { from: t.OrderStatus[from], to: t.OrderStatus[to] }))
      .waitFor({ timeout: 30_000 });
  }
}
