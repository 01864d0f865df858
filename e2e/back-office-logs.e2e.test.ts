import { randomUUID } from 'node:crypto';
import { createDb, createDeadLettersRepository, type DbHandle, eq, tables } from '@qahwa/db';
import type { PaymentSucceeded } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, launchChromium, messages } from './support/browser';
import { root, type Stack, startStack } from './support/stack';
import { setStaffLocale, signIn, staffContext } from './support/staff';
import { waitUntil } from './support/wait';

/*
 * The back office's logs and payments screens end to end in Chromium over the real stack: a card
 * payment event a consumer gave up on waits in consumer_dead_letters (recorded as the durable
 * consumer records it); a member of staff in the Arabic back office re-drives it with the button;
 * it goes through the outbox, the relay and NATS to the payments projection, so the payment
 * appears on the payments screen; the re-drive is in the audit log, found with the module and user
 * filters and expanded to its before/after. Screenshots of both screens in both languages go to
 * .data/screens/.
 */
const ar = messages('admin', 'ar') as unknown as {
  Logs: {
    title: string;
    audit: { module: string; user: string; apply: string; noMatch: string };
    dead: { redriveOne: string; sentAgain: string };
    action: { redrive: string };
  };
  Menu: { logs: string };
  Payments: { title: string; tabs: { attention: string }; table: { open: string } };
};
const arLogs = ar.Logs;
const screens = `${root}.data/screens`;

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let db: DbHandle;
const paymentId = `pi_e2e${randomUUID().replace(/-/g, '')}`;
let deadLetterId = '';

beforeAll(async () => {
  stack = await startStack();
  db = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl);
  browser = await launchChromium();
  context = await staffContext(browser, stack);
  page = await context.newPage();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await db?.close();
  await stack?.stop();
});

describe('staff re-drive a failed event in Arabic and find it in the audit log', () => {
  it('a consumer gave up on a card payment event; a payment needs attention', async () => {
    const event: PaymentSucceeded = {
      id: randomUUID(),
      type: 'PaymentSucceeded',
      version: 1,
      occurredAt: new Date().toISOString(),
      requestId: `req-e2e-${randomUUID()}`,
      data: {
        checkoutId: `card-${randomUUID()}`,
        provider: 'STRIPE',
        paymentId,
        amountFils: 210_00,
        method: 'card',
      },
    };
    await createDeadLettersRepository(db.db).record({
      consumer: 'payments',
      stream: 'COMMERCE',
      streamSeq: 9_000_001,
      subject: 'commerce.payment.payment_succeeded',
      body: JSON.stringify(event),
      headers: { 'x-request-id': [event.requestId ?? ''] },
      requestId: event.requestId ?? null,
      deliveries: 20,
      lastError: 'Error: Connection terminated unexpectedly',
    });
    const [row] = await db.db
      .select()
      .from(tables.consumerDeadLetters)
      .where(eq(tables.consumerDeadLetters.streamSeq, 9_000_001));
    deadLetterId = row!.id;
    // A payment the card path flagged (amount mismatch), for the needs-attention tab.
    await db.db.insert(tables.payments).values({
      id: `pi_mismatch${randomUUID().replace(/-/g, '')}`,
      provider: 'STRIPE',
      method: 'wallet',
      status: 'succeeded',
      amountFils: 99_00,
      checkoutId: `card-${randomUUID()}`,
      needsAttention: true,
      attentionReason: 'PAYMENT_MISMATCH: paid 99.00 AED, the order totals 118.60 AED',
    });
  });

  it('re-drives it from the Arabic logs screen; the payment appears on the payments screen', async () => {
    await signIn(page, stack);

    await page.goto(`${stack.adminUrl}/backend/logs?tab=dead`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByRole('heading', { name: arLogs.title }).waitFor();
    await page.screenshot({ path: `${screens}/logs-dead-letters-ar.png`, fullPage: true });
    const started = Date.now();
    await page
      .getByRole('button', {
        name: fill(arLogs.dead.redriveOne, { subject: 'commerce.payment.payment_succeeded' }),
      })
      .click();
    await page.getByText(arLogs.dead.sentAgain).first().waitFor({ timeout: 30_000 });

    const payment = await waitUntil(
      async () => (await db.db.select().from(tables.payments).where(eq(tables.payments.id, paymentId)))[0],
      (p) => p !== undefined,
      'the re-driven event reaches the payments projection',
    );
    console.info(`re-drive click → payments row: ${Date.now() - started} ms`);
    expect(payment).toMatchObject({ status: 'succeeded', amountFils: 210_00 });
    const [dead] = await db.db
      .select()
      .from(tables.consumerDeadLetters)
      .where(eq(tables.consumerDeadLetters.id, deadLetterId));
    expect(dead?.redrivenBy).toBe(stack.admin.email);

    const payments = ar.Payments;
    await page.goto(`${stack.adminUrl}/backend/payments`);
    await page.getByRole('heading', { name: payments.title }).waitFor();
    await page.getByRole('link', { name: fill(payments.table.open, { reference: paymentId }) }).waitFor();
    await page.screenshot({ path: `${screens}/payments-ar.png`, fullPage: true });
    await page.getByRole('link', { name: payments.tabs.attention }).click();
    await page.waitForURL((u) => u.searchParams.get('attention') === 'true');
    expect(
      await page.getByRole('link', { name: fill(payments.table.open, { reference: paymentId }) }).count(),
    ).toBe(0);
    await page
      .getByRole('link', { name: /pi_mismatch/ })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname.startsWith('/backend/payments/pi_mismatch'));
    await page.getByRole('alert').filter({ hasText: 'PAYMENT_MISMATCH' }).waitFor();
    await page.screenshot({ path: `${screens}/payment-page-ar.png`, fullPage: true });
  }, 180_000);

  it('finds the re-drive in the Arabic audit log by module and user, and expands it', async () => {
    await page.goto(`${stack.adminUrl}/backend/logs`);
    await page.getByLabel(arLogs.audit.module).selectOption({ label: ar.Menu.logs });
    await page.getByLabel(arLogs.audit.user).selectOption(stack.admin.email);
    await page.getByRole('button', { name: arLogs.audit.apply }).click();
    await page.waitForURL((u) => u.searchParams.get('module') === 'logs');
    const entry = page.getByText(arLogs.action.redrive, { exact: true });
    await entry.first().click();
    const changed = page.locator('tr[data-change="changed"]');
    await changed.first().waitFor();
    expect(await changed.first().locator('th').textContent()).toBe('state');
    expect(await changed.first().textContent()).toContain('dead');
    expect(await changed.first().textContent()).toContain('queued');
    await page.screenshot({ path: `${screens}/logs-audit-ar.png`, fullPage: true });

    // Another day: nothing.
    await page.goto(`${stack.adminUrl}/backend/logs?module=logs&from=2001-01-01&to=2001-01-02`);
    await page.getByText(arLogs.audit.noMatch).waitFor();

    await setStaffLocale(context, stack, 'en');
    await page.goto(`${stack.adminUrl}/backend/logs?module=logs`);
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.getByText('re-drove', { exact: true }).first().click();
    await page.screenshot({ path: `${screens}/logs-audit-en.png`, fullPage: true });
    await page.goto(`${stack.adminUrl}/backend/logs?tab=dead&state=all`);
    await page.screenshot({ path: `${screens}/logs-dead-letters-en.png`, fullPage: true });
    await page.goto(`${stack.adminUrl}/backend/payments`);
    await page.screenshot({ path: `${screens}/payments-en.png`, fullPage: true });
    await page.goto(`${stack.adminUrl}/backend/payments/${paymentId}`);
    await page
      .getByRole('heading', { name: /Payment/ })
      .first()
      .waitFor();
    await page.screenshot({ path: `${screens}/payment-page-en.png`, fullPage: true });
  }, 180_000);
});
