import { randomUUID } from 'node:crypto';
import { createDb, eq, sql, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { createMailer, verifyUnsubscribeLink } from '@qahwa/mail';
import { mailCatcher } from '@qahwa/mail/testing';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { MockActivityEnvironment } from '@temporalio/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadActivities, type RecoveryResult } from '../src/lead-conversion/activities';

/*
 * The cart-recovery e-mail's words to an unverified address (docs/leads.md): it greets only a
 * name an order wrote, never one typed at a checkout nobody finished; it carries the one-click
 * unsubscribe; an address that unsubscribed gets none. The activity itself, run in Temporal's mock
 * activity environment, over real PostgreSQL and real SMTP (MailDev).
 */
const { db, close } = createDb(process.env.DATABASE_URL);
const inbox = mailCatcher(process.env.MAILDEV_API_URL ?? SERVICE_DEFAULTS.maildevApiUrl);
const logger = pino({ level: 'silent' });
const mailer = createMailer({
  smtpUrl: process.env.SMTP_URL ?? SERVICE_DEFAULTS.smtpUrl,
  from: 'qahwa <orders@qahwa.local>',
  logger,
});
const SECRET = 'lead-recovery-test-secret';
const activities = createLeadActivities({
  db,
  logger,
  recovery: { mailer, storefrontUrl: 'http://127.0.0.1:3000', linkSecret: SECRET, linkTtlMs: 86_400_000 },
});
let variationId: string;

beforeAll(async () => {
  await resetDatabase(db);
  const { rows } = await db.execute<{ id: string }>(
    sql`select v.id from product_variations v join products p on p.id = v.product_id
        where v.is_active and p.is_active limit 1`,
  );
  if (!rows[0]) throw new Error('no sellable variation in the test database');
  variationId = rows[0].id;
});
afterAll(async () => {
  mailer.close();
  await close();
});

async function lead(email: string, fullName: string | null) {
  const [row] = await db
    .insert(tables.leads)
    .values({
      email,
      status: 'ABANDONED',
      fullName,
      locale: 'en',
      cartItems: [{ id: 'l1', variationId, name: 'Beans', price: 50, quantity: 1 }],
    })
    .returning();
  return row!;
}

const send = async (leadId: string) =>
  (await new MockActivityEnvironment().run(activities.sendLeadRecovery, { leadId })) as RecoveryResult;

describe('the cart-recovery e-mail', () => {
  it('greets neutrally when the only name is one typed at the checkout', async () => {
    const email = `typed-${randomUUID().slice(0, 8)}@example.ae`;
    const l = await lead(email, 'Dear Victim, your account is locked: call +971 50 000 0000');
    expect(await send(l.id)).toBe('sent');
    const mail = await inbox.waitForMessage((m) => m.to.some((t) => t.address === email));
    expect(mail?.text).toMatch(/^Hello,$/m);
    expect(mail?.text).not.toContain('Victim');
    expect(mail?.html).not.toContain('locked');
  });

  it('greets by the name an order wrote for this address', async () => {
    const email = `customer-${randomUUID().slice(0, 8)}@example.ae`;
    const [customer] = await db
      .insert(tables.customers)
      .values({ email, fullName: 'Mariam Al Hashimi', phone: '+971501234567' })
      .returning();
    await db.insert(tables.orders).values({
      id: `QH-T${randomUUID().slice(0, 8)}`,
      checkoutId: `chk-${randomUUID()}`,
      customerId: customer!.id,
      paymentProvider: 'COD',
      subtotalFils: 5000,
      shippingFils: 0,
      totalFils: 5000,
      customerName: 'Mariam Al Hashimi',
      customerEmail: email,
      customerPhone: '+971501234567',
      emirate: 'dubai',
      city: 'dubai',
      address: 'Street 1',
    });
    // The lead's own name (typed at a later checkout) is not the one greeted.
    const l = await lead(email, 'Someone Else');
    expect(await send(l.id)).toBe('sent');
    const mail = await inbox.waitForMessage((m) => m.to.some((t) => t.address === email));
    expect(mail?.text).toMatch(/^Hello Mariam Al Hashimi,$/m);
    expect(mail?.text).not.toContain('Someone Else');
    // A reminder is marketing: the one-click unsubscribe, naming the lead, not the address.
    const header = String(mail?.headers['list-unsubscribe']);
    const token = decodeURIComponent(/token=([^>]+)>/.exec(header)?.[1] ?? '');
    expect(verifyUnsubscribeLink(token, SECRET)).toEqual({ kind: 'lead', id: l.id });
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.html).toContain('/newsletter/unsubscribe?token=');
  });

  it('is not sent to an address that unsubscribed', async () => {
    const email = `left-${randomUUID().slice(0, 8)}@example.ae`;
    await db
      .insert(tables.newsletterSubscribers)
      .values({ email, status: 'unsubscribed', unsubscribedAt: new Date(), source: 'unsubscribe' });
    const l = await lead(email, null);
    expect(await send(l.id)).toBe('unsubscribed');
    expect(await inbox.messagesTo(email)).toEqual([]);
    const rows = await db.select().from(tables.emails).where(eq(tables.emails.recipient, email));
    expect(rows).toEqual([]);
  });
});
