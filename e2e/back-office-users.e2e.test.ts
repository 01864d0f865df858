import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { mailTo } from './support/maildev';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { root, type Stack } from './support/stack';
import { setStaffLocale, signIn, staffContext } from './support/staff';

/*
 * The back office's users, end to end in Chromium over the real stack: an administrator working in Arabic
 * invites a colleague with only "orders: view"; the invitation arrives in MailDev in Arabic (the
 * gateway → SMTP); the colleague opens its link, sets a password, and signs in with it; their menu
 * holds the dashboard and Orders only. Screenshots of the users screens, the set-password page and
 * the profile in both languages go to .data/screens/.
 */
type Tree = Record<string, Record<string, string>>;
const ar = messages('admin', 'ar') as unknown as Tree;
const en = messages('admin', 'en') as unknown as Tree;
const screens = `${root}.data/screens`;
const adminPort = Number(process.env.E2E_ADMIN_PORT ?? 3101);
// The gateway writes the link with the back office's public origin: this run's admin app.
process.env.BACKOFFICE_URL = `http://127.0.0.1:${adminPort}`;

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const colleague = { name: 'خالد الشامسي', email: `colleague-${randomUUID()}@example.ae` };
const password = 'قهوة عربية كل صباح 2026';
let link = '';

beforeAll(async () => {
  ({ stack, browser } = await startStackAndBrowser());
  context = await staffContext(browser, stack, { viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
}, 600_000);
afterAll(() => stopStackAndBrowser(stack, browser));

/** The sidebar's entries, by their visible names. */
async function menu(p: Page, label: string): Promise<string[]> {
  const nav = p.getByRole('navigation', { name: label });
  return (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim());
}

describe('an Arabic-speaking admin invites a colleague who may only view orders', () => {
  it('invites through the Arabic form with one box ticked in the grid', async () => {
    await signIn(page, stack);
    await page.goto(`${stack.adminUrl}/backend/users`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByRole('heading', { name: ar.UsersPage!.title }).waitFor();
    await page.getByRole('link', { name: ar.UsersPage!.invite }).click();
    await page.waitForURL((u) => u.pathname === '/backend/users/new');

    await page.getByRole('textbox', { name: ar.InviteForm!.name }).fill(colleague.name);
    await page.getByRole('textbox', { name: ar.InviteForm!.email }).fill(colleague.email);
    // The invitee's language defaults to the page's: Arabic.
    expect(await page.getByRole('combobox', { name: ar.InviteForm!.language }).inputValue()).toBe('ar');
    const viewOrders = page.getByRole('checkbox', {
      name: fill(ar.PermissionGrid!.viewLabel!, { module: 'الطلبات' }),
    });
    const editOrders = page.getByRole('checkbox', {
      name: fill(ar.PermissionGrid!.editLabel!, { module: 'الطلبات' }),
    });
    await viewOrders.check();
    expect(await editOrders.isChecked()).toBe(false);
    await page.screenshot({ path: `${screens}/users-invite-ar.png`, fullPage: true });
    await page.getByRole('button', { name: ar.InviteForm!.submit }).click();

    await page.waitForURL((u) => /^\/backend\/users\/[0-9a-f-]{36}$/.test(u.pathname), { timeout: 30_000 });
    await page.getByRole('heading', { name: colleague.name }).waitFor();
    await page.getByText(fill(ar.InviteForm!.sent!, { email: colleague.email })).waitFor();
    // The saved grid: orders view on, nothing else.
    expect(await viewOrders.isChecked()).toBe(true);
    expect(await editOrders.isChecked()).toBe(false);
    expect(
      await page
        .getByRole('checkbox', { name: fill(ar.PermissionGrid!.viewLabel!, { module: 'المنتجات' }) })
        .isChecked(),
    ).toBe(false);
    await page.screenshot({ path: `${screens}/users-user-ar.png`, fullPage: true });

    await page.goto(`${stack.adminUrl}/backend/users`);
    await page.getByRole('link', { name: colleague.name }).waitFor();
    await page.screenshot({ path: `${screens}/users-list-ar.png`, fullPage: true });
  }, 180_000);

  it('delivers the invitation in Arabic with a one-time link to this back office', async () => {
    const mail = await mailTo(colleague.email, { timeoutMs: 30_000 });
    expect(mail.subject).toBe('دعوة إلى لوحة إدارة قهوة');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain(colleague.email);
    const found = /href="([^"]+\/backend\/login\/set-password#token=[A-Za-z0-9_-]{43})"/.exec(mail.html);
    expect(found?.[1]?.startsWith(stack.adminUrl)).toBe(true);
    link = found![1]!;
  }, 60_000);

  it('the colleague sets a password through the link, then signs in and sees the dashboard and Orders only', async () => {
    const theirs = await browser.newContext({ locale: 'ar-AE', viewport: { width: 1280, height: 900 } });
    const p = await theirs.newPage();
    await p.goto(link);
    await p.getByText(colleague.email).waitFor({ timeout: 30_000 });
    expect(await p.locator('form p').first().textContent()).toContain(`أهلًا ${colleague.name}.`);
    expect(await p.locator('html').getAttribute('dir')).toBe('rtl');
    await p.screenshot({ path: `${screens}/users-set-password-ar.png`, fullPage: true });
    await p.getByLabel(ar.SetPasswordPage!.password!).fill(password);
    await p.getByLabel(ar.SetPasswordPage!.confirm!).fill(password);
    await p.getByRole('button', { name: ar.SetPasswordPage!.submit }).click();
    await p.waitForURL((u) => u.pathname === '/backend', { timeout: 60_000 });
    // Orders is the one module (with its Returns screen); the dashboard and their own profile are
    // everyone's (admin/menu).
    expect(await menu(p, ar.Sidebar!.navLabel!)).toEqual([
      'لوحة التحكم',
      'الطلبات',
      'المرتجعات',
      'الملف الشخصي',
    ]);

    // The link was for one use.
    const again = await theirs.newPage();
    await again.goto(link);
    await again.getByText('تم استخدام هذا الرابط بالفعل', { exact: false }).waitFor({ timeout: 30_000 });
    await theirs.close();

    // A fresh browser: the password they chose signs them in.
    const fresh = await browser.newContext({ locale: 'ar-AE', viewport: { width: 1280, height: 900 } });
    const q = await fresh.newPage();
    await signIn(q, stack, { email: colleague.email, password });
    expect(await q.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await menu(q, ar.Sidebar!.navLabel!)).toEqual([
      'لوحة التحكم',
      'الطلبات',
      'المرتجعات',
      'الملف الشخصي',
    ]);
    await q.screenshot({ path: `${screens}/users-colleague-menu-ar.png`, fullPage: true });
    // The users screen is refused to them on the server, not only hidden.
    const res = await q.request.get(`${stack.adminUrl}/backend/api/admin/users`);
    expect(res.status()).toBe(403);
    await q.goto(`${stack.adminUrl}/backend/profile`);
    await q.getByRole('heading', { name: ar.ProfilePage!.title }).waitFor();
    await q.screenshot({ path: `${screens}/profile-ar.png`, fullPage: true });
    await fresh.close();
  }, 180_000);

  it('the same screens read left to right in English', async () => {
    await setStaffLocale(context, stack, 'en');
    await page.goto(`${stack.adminUrl}/backend/users`);
    await page.getByRole('heading', { name: en.UsersPage!.title }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.screenshot({ path: `${screens}/users-list-en.png`, fullPage: true });
    await page.getByRole('link', { name: colleague.name }).click();
    await page.getByRole('heading', { name: colleague.name }).waitFor();
    await page.screenshot({ path: `${screens}/users-user-en.png`, fullPage: true });
    await page.goto(`${stack.adminUrl}/backend/users/new`);
    await page.getByRole('heading', { name: en.InvitePage!.title }).waitFor();
    await page.screenshot({ path: `${screens}/users-invite-en.png`, fullPage: true });
    await page.goto(`${stack.adminUrl}/backend/profile`);
    await page.getByRole('heading', { name: en.ProfilePage!.title }).waitFor();
    await page.screenshot({ path: `${screens}/profile-en.png`, fullPage: true });
    const other = await browser.newPage();
    await setStaffLocale(other.context(), stack, 'en');
    await other.goto(link);
    await other.getByRole('heading', { name: en.SetPasswordPage!.title }).waitFor();
    await other.getByText('This link has already been used', { exact: false }).waitFor({ timeout: 30_000 });
    await other.screenshot({ path: `${screens}/users-set-password-used-en.png`, fullPage: true });
  }, 120_000);
});
