import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hash } from '@node-rs/argon2';
import { createDb, eq, tables } from '@qahwa/db';
import { COPY, DEFAULT_STORE_NAME, fillStore } from '@qahwa/mail';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from './support/browser';
import { mailTo } from './support/maildev';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { root, type Stack } from './support/stack';
import { signIn, staffContext } from './support/staff';

/*
 * In Chromium over the real stack (gateway, workers, workflows, both Next apps, MailDev):
 * - the newsletter's double opt-in: the footer's signup says to check the inbox; the confirmation
 *   mail arrives (screenshots of it, en and ar); its link's page confirms with one press; the welcome
 *   carries the one-click unsubscribe, whose URL opened in a browser lands on the page that
 *   unsubscribes; the subscribers screen shows each status;
 * - a member of staff with users: edit is offered only what they may give, and an administrator's
 *   account is read-only to them.
 * Screenshots in .data/shots/h4/ (docs/crm.md, docs/users.md).
 */
type Tree = Record<string, Record<string, string>>;
const web = { en: messages('web', 'en') as unknown as Tree, ar: messages('web', 'ar') as unknown as Tree };
const admin = {
  en: messages('admin', 'en') as unknown as Tree,
  ar: messages('admin', 'ar') as unknown as Tree,
};
const shots = `${root}.data/shots/h4`;

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  ({ stack, browser } = await startStackAndBrowser());
}, 600_000);
afterAll(() => stopStackAndBrowser(stack, browser));

/** A caught mail as a reader sees it: its HTML in a page of its own. */
async function shootMail(html: string, path: string) {
  const page = await browser.newPage({ viewport: { width: 700, height: 900 } });
  await page.setContent(html, { waitUntil: 'load' });
  await page.screenshot({ path, fullPage: true });
  await page.close();
}

const hrefOf = (html: string, path: string) => {
  const m = new RegExp(`href="([^"]*${path.replace(/\//g, '\\/')}\\?token=[^"]+)"`).exec(html);
  if (!m?.[1]) throw new Error(`no ${path} link in the mail`);
  return m[1].replace(/&amp;/g, '&');
};

describe('the newsletter, double opt-in', () => {
  for (const locale of ['en', 'ar'] as const) {
    it(`in ${locale}: check your inbox, confirm by the link, leave by the one-click link`, async () => {
      const t = web[locale];
      const context = await browser.newContext({
        locale: locale === 'ar' ? 'ar-AE' : 'en-GB',
        viewport: { width: 1280, height: 900 },
      });
      const page = await context.newPage();
      const email = `e2e-reader-${randomUUID().slice(0, 8)}@example.ae`;
      await page.goto(`${stack.webUrl}/`);
      const form = page.getByRole('form', { name: t.Newsletter!.title });
      await form.getByRole('textbox', { name: t.Newsletter!.email }).fill(email);
      await form.getByRole('button', { name: t.Newsletter!.subscribe }).click();
      await expect.poll(() => form.getByRole('status').textContent()).toBe(t.Newsletter!.success);

      const question = await mailTo(email, {
        subject: fillStore(COPY[locale].newsletterConfirm.subject, DEFAULT_STORE_NAME[locale]),
      });
      expect(question.html).toContain(`dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
      await shootMail(question.html, `${shots}/newsletter-confirm-mail-${locale}.png`);

      // Opening the link changes nothing; its button does.
      await page.goto(hrefOf(question.html, '/newsletter/confirm'));
      await page.getByRole('heading', { name: t.NewsletterConfirmPage!.title }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await page.screenshot({ path: `${shots}/newsletter-confirm-page-${locale}.png`, fullPage: true });
      await page.getByRole('button', { name: t.NewsletterConfirmPage!.action }).click();
      await page
        .getByText(
          locale === 'ar' ? 'تم اشتراكك في النشرة البريدية بنجاح!' : 'Successfully subscribed to newsletter!',
        )
        .waitFor();
      await page.screenshot({ path: `${shots}/newsletter-confirmed-${locale}.png`, fullPage: true });

      const welcome = await mailTo(email, {
        subject: fillStore(COPY[locale].newsletter.subject, DEFAULT_STORE_NAME[locale]),
      });
      const header = String(welcome.headers['list-unsubscribe']);
      expect(header).toContain(`<${stack.webUrl}/newsletter/unsubscribe?token=`);
      expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      await shootMail(welcome.html, `${shots}/newsletter-welcome-mail-${locale}.png`);

      // A mailbox provider's one-click: a POST of the header's URL, through the storefront.
      const oneClick = /<([^>]+\/newsletter\/unsubscribe\?token=[^>]+)>/.exec(header)![1]!;
      const provider = await fetch(oneClick, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(provider.status).toBe(200);
      // The same URL opened in a browser is the page; its button says so (idempotent).
      await page.goto(oneClick);
      await page.getByRole('heading', { name: t.NewsletterUnsubscribePage!.title }).waitFor();
      await page.screenshot({ path: `${shots}/newsletter-unsubscribe-page-${locale}.png`, fullPage: true });
      await page.getByRole('button', { name: t.NewsletterUnsubscribePage!.action }).click();
      await page.getByRole('link', { name: t.NewsletterUnsubscribePage!.toShop }).waitFor();
      await page.screenshot({ path: `${shots}/newsletter-unsubscribed-${locale}.png`, fullPage: true });
      await context.close();
    }, 180_000);
  }

  it('the subscribers screen shows each address’s status (en, ar)', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const context = await staffContext(browser, stack, { locale });
      const page = await context.newPage();
      await signIn(page, stack);
      await page.goto(`${stack.adminUrl}/backend/subscribers`);
      const t = admin[locale].CrmSubscribers as unknown as {
        title: string;
        statuses: Record<string, string>;
      };
      await page.getByRole('heading', { name: t.title }).waitFor();
      await page.getByText(t.statuses.unsubscribed!).first().waitFor();
      await page.screenshot({ path: `${shots}/subscribers-${locale}.png`, fullPage: true });
      await context.close();
    }
  }, 120_000);

  it('staff remove a subscriber after a confirm, audited; an unsubscribed address has no Remove (en desktop, ar phone)', async () => {
    const handle = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl);
    const run = randomUUID().slice(0, 8);
    const leaving = { en: `leaving-en-${run}@example.ae`, ar: `leaving-ar-${run}@example.ae` };
    const optedOut = `opted-out-${run}@example.ae`;
    await handle.db.insert(tables.newsletterSubscribers).values([
      { email: leaving.en, status: 'confirmed', confirmedAt: new Date() },
      { email: leaving.ar, status: 'confirmed', confirmedAt: new Date(), locale: 'ar' },
      { email: optedOut, status: 'unsubscribed', unsubscribedAt: new Date(), source: 'unsubscribe' },
    ]);
    for (const locale of ['en', 'ar'] as const) {
      const t = admin[locale].CrmSubscribers as unknown as Record<string, string>;
      const context = await staffContext(browser, stack, {
        locale,
        viewport: locale === 'ar' ? { width: 390, height: 844 } : { width: 1366, height: 900 },
      });
      const page = await context.newPage();
      await signIn(page, stack);
      await page.goto(`${stack.adminUrl}/backend/subscribers?q=${run}`);
      await page.getByRole('heading', { name: t.title }).waitFor();
      const row = page.getByRole('row').filter({ hasText: leaving[locale] });
      await row.waitFor();
      expect(await page.getByRole('row').filter({ hasText: optedOut }).getByRole('button').count()).toBe(0);
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.accept();
      });
      await row.getByRole('button', { name: fill(t.removeNamed!, { email: leaving[locale] }) }).click();
      await page.getByText(fill(t.removed!, { email: leaving[locale] })).waitFor();
      expect(asked).toBe(fill(t.confirmRemove!, { email: leaving[locale] }));
      await expect.poll(() => row.count()).toBe(0);
      await page.screenshot({ path: `${shots}/subscriber-removed-${locale}.png`, fullPage: true });
      await context.close();
    }
    const left = await handle.db
      .select({ email: tables.newsletterSubscribers.email })
      .from(tables.newsletterSubscribers);
    expect(left.map((r) => r.email)).toContain(optedOut);
    expect(left.map((r) => r.email)).not.toContain(leaving.en);
    expect(left.map((r) => r.email)).not.toContain(leaving.ar);
    const audit = await handle.db
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.module, 'subscribers'));
    expect(audit.filter((a) => a.action === 'delete')).toHaveLength(2);
    await handle.close();
  }, 180_000);
});

describe('a member of staff with users: edit', () => {
  it('is offered only what they may give; an administrator’s account is read-only to them (en, ar)', async () => {
    const handle = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl);
    const manager = {
      email: `e2e-manager-${randomUUID().slice(0, 8)}@qahwa.local`,
      password: `pw-${randomUUID()}`,
    };
    await handle.db.insert(tables.users).values({
      email: manager.email,
      name: 'Noor Manager',
      passwordHash: await hash(manager.password),
      role: 'STAFF',
      permissions: [
        { module: 'users', canView: true, canEdit: true },
        { module: 'orders', canView: true, canEdit: false },
      ],
    });
    const [seeded] = await handle.db
      .select()
      .from(tables.users)
      .where(eq(tables.users.email, stack.admin.email));
    await handle.close();
    for (const locale of ['en', 'ar'] as const) {
      const t = admin[locale];
      const context = await staffContext(browser, stack, { locale });
      const page = await context.newPage();
      await signIn(page, stack, manager);
      await page.goto(`${stack.adminUrl}/backend/users/new`);
      await page.getByRole('heading', { name: t.InvitePage!.title }).waitFor();
      // Staff only: no Administrator in the role list.
      const role = page.getByRole('combobox', { name: t.InviteForm!.role });
      expect(await role.locator('option').allInnerTexts()).toEqual([
        (t.UserBadges as unknown as { role: Record<string, string> }).role.STAFF,
      ]);
      const menu = t.Menu as unknown as Record<string, string>;
      const box = (label: 'viewLabel' | 'editLabel', module: string) =>
        page.getByRole('checkbox', { name: fill(t.PermissionGrid![label]!, { module }) });
      expect(await box('viewLabel', menu.orders!).isEnabled()).toBe(true);
      expect(await box('editLabel', menu.orders!).isEnabled()).toBe(false);
      expect(await box('viewLabel', menu.payments!).isEnabled()).toBe(false);
      await page.getByText(t.PermissionGrid!.onlyYours!).waitFor();
      await page.screenshot({ path: `${shots}/users-invite-limited-${locale}.png`, fullPage: true });

      await page.goto(`${stack.adminUrl}/backend/users/${seeded!.id}`);
      await page.getByText(t.UserPage!.adminOnly!).waitFor();
      expect(await page.getByRole('button', { name: t.UserEditor!.deactivate }).count()).toBe(0);
      expect(await page.getByRole('button', { name: t.UserEditor!.reset }).count()).toBe(0);
      await page.screenshot({ path: `${shots}/users-admin-read-only-${locale}.png`, fullPage: true });
      await context.close();
    }
  }, 180_000);
});
