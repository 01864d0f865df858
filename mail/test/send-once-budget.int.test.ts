import { randomUUID } from 'node:crypto';
import { and, createDb, eq, sql, tables } from '@qahwa/db';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { DEFAULT_SETTINGS } from '@qahwa/schema/settings';
import { afterAll, describe, expect, it } from 'vitest';
import { budgetClassOf } from '../src/budget';
import { createMailer } from '../src/mailer';
import { sendEmailOnce } from '../src/send-once';
import { mailCatcher } from '../src/testing';

/*
 * Each address's daily budget (docs/email.md "The daily budget") and the marketing headers,
 * through real PostgreSQL and real SMTP (MailDev). A small budget so the test sends little.
 */
const { db, close } = createDb(process.env.DATABASE_URL);
const inbox = mailCatcher(process.env.MAILDEV_API_URL ?? SERVICE_DEFAULTS.maildevApiUrl);
const lines: string[] = [];
const logger = {
  info: (o: object, m?: string) => lines.push(JSON.stringify({ ...o, msg: m })),
  warn: (o: object, m?: string) => lines.push(JSON.stringify({ ...o, msg: m })),
  error: (o: object, m?: string) => lines.push(JSON.stringify({ ...o, msg: m })),
};
const mailer = createMailer({
  smtpUrl: process.env.SMTP_URL ?? SERVICE_DEFAULTS.smtpUrl,
  from: 'qahwa <orders@qahwa.local>',
  logger,
  budget: { perDay: 3, ordersPerDay: 2 },
});
afterAll(async () => {
  mailer.close();
  await close();
});

const ack = (to: string, purpose = 'contact-ack') =>
  sendEmailOnce(
    { db, mailer, logger },
    {
      purpose,
      subjectId: randomUUID(),
      to,
      locale: 'en',
      template: { kind: 'contact-ack', subject: 'feedback' },
    },
  );

const rowsTo = (to: string) => db.select().from(tables.emails).where(eq(tables.emails.recipient, to));

describe('the daily budget of an address', () => {
  it('sends the day’s budget, then records the rest as suppressed without sending or logging the address', async () => {
    const to = `Budget-${randomUUID()}@Example.ae`;
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await ack(i % 2 ? to : to.toLowerCase())).status);
    // Case does not make another address.
    expect(results).toEqual(['sent', 'sent', 'sent', 'suppressed', 'suppressed']);
    const rows = await db
      .select({ status: tables.emails.status, lastError: tables.emails.lastError })
      .from(tables.emails)
      .where(sql`lower(${tables.emails.recipient}) = ${to.toLowerCase()}`);
    expect(rows.map((r) => r.status).sort()).toEqual(['sent', 'sent', 'sent', 'suppressed', 'suppressed']);
    expect(rows.filter((r) => r.status === 'suppressed').every((r) => r.lastError === null)).toBe(true);
    const caught = await inbox.messagesTo(to);
    expect(caught).toHaveLength(3);
    const suppressed = lines.filter((l) => l.includes('daily budget'));
    expect(suppressed.length).toBe(2);
    for (const l of suppressed) expect(l.toLowerCase()).not.toContain(to.toLowerCase());
  }, 30_000);

  it('counts each class on its own: a flood of acknowledgements never blocks an order’s confirmation', async () => {
    const to = `classes-${randomUUID()}@example.ae`;
    for (let i = 0; i < 4; i++) await ack(to);
    expect(budgetClassOf('order-confirmation')).toBe('order');
    expect((await ack(to, 'order-confirmation')).status).toBe('sent');
    expect((await ack(to, 'order-confirmation')).status).toBe('sent');
    expect((await ack(to, 'order-confirmation')).status).toBe('suppressed');
    // Staff mail is never budgeted.
    for (let i = 0; i < 4; i++) expect((await ack(to, 'staff-reset')).status).toBe('sent');
  }, 30_000);

  it('is exact when many sends to one address race', async () => {
    const to = `race-${randomUUID()}@example.ae`;
    const results = await Promise.all(Array.from({ length: 8 }, () => ack(to)));
    expect(results.filter((r) => r.status === 'sent')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'suppressed')).toHaveLength(5);
  }, 30_000);

  it('a suppressed mail stays suppressed when its caller retries it', async () => {
    const to = `retry-${randomUUID()}@example.ae`;
    for (let i = 0; i < 3; i++) await ack(to);
    const subjectId = randomUUID();
    const send = () =>
      sendEmailOnce(
        { db, mailer, logger },
        {
          purpose: 'contact-ack',
          subjectId,
          to,
          locale: 'en',
          template: { kind: 'contact-ack', subject: 'feedback' },
        },
      );
    expect((await send()).status).toBe('suppressed');
    expect((await send()).status).toBe('suppressed');
    const [row] = await db
      .select()
      .from(tables.emails)
      .where(and(eq(tables.emails.purpose, 'contact-ack'), eq(tables.emails.subjectId, subjectId)));
    expect(row?.status).toBe('suppressed');
    expect((await rowsTo(to)).filter((r) => r.status === 'sent')).toHaveLength(3);
  }, 30_000);
});

describe('a marketing mail', () => {
  it('carries RFC 8058 one-click unsubscribe headers, with a mailto to the sender beside the URL', async () => {
    const to = `reader-${randomUUID()}@example.ae`;
    const url = 'http://127.0.0.1:3000/api/newsletter/unsubscribe?token=abc.def';
    await sendEmailOnce(
      { db, mailer, logger },
      {
        purpose: 'newsletter-welcome',
        subjectId: randomUUID(),
        to,
        locale: 'en',
        template: { kind: 'newsletter-welcome', email: to, unsubscribeUrl: url },
        listUnsubscribe: url,
      },
    );
    const [mail] = await inbox.messagesTo(to);
    expect(mail?.headers['list-unsubscribe']).toBe(
      `<${url}>, <mailto:orders@qahwa.local?subject=unsubscribe>`,
    );
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  }, 30_000);
});

describe("the store's name", () => {
  it('is the one staff saved in Settings: the sender shown, the subject and the brand bar, in the mail’s language', async () => {
    const name = { en: 'Bayt al Bunn', ar: 'بيت البن' };
    const [before] = await db
      .select()
      .from(tables.storeSettings)
      .where(eq(tables.storeSettings.key, 'store'));
    await db
      .insert(tables.storeSettings)
      .values({ key: 'store', value: { version: 99, value: { ...DEFAULT_SETTINGS.store, name } } })
      .onConflictDoUpdate({
        target: tables.storeSettings.key,
        set: { value: { version: 99, value: { ...DEFAULT_SETTINGS.store, name } } },
      });
    try {
      for (const locale of ['en', 'ar'] as const) {
        const to = `renamed-${locale}-${randomUUID()}@example.ae`;
        await sendEmailOnce(
          { db, mailer, logger },
          {
            purpose: 'newsletter-confirm',
            subjectId: randomUUID(),
            to,
            locale,
            template: { kind: 'newsletter-confirm', email: to, confirmUrl: 'http://127.0.0.1:3000/x' },
          },
        );
        const [mail] = await inbox.messagesTo(to);
        // The display name is the store's; the address stays MAIL_FROM's.
        expect(mail?.from).toEqual([{ address: 'orders@qahwa.local', name: name[locale] }]);
        expect(mail?.subject).toContain(name[locale]);
        expect(mail?.html).toMatch(new RegExp(`data-role="brand"[^>]*>${name[locale]}<`));
      }
    } finally {
      // Other files read the same database: the store is named as it was.
      if (before) {
        await db
          .update(tables.storeSettings)
          .set({ value: before.value })
          .where(eq(tables.storeSettings.key, 'store'));
      } else {
        await db.delete(tables.storeSettings).where(eq(tables.storeSettings.key, 'store'));
      }
    }
  }, 30_000);
});
