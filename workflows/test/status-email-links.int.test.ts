import { randomUUID } from 'node:crypto';
import { createDb, type DbHandle } from '@qahwa/db';
import { placedOrder } from '@qahwa/db/testing';
import { issueInvoice } from '@qahwa/invoices';
import { type Mailer, type OutgoingMail, verifyTrackingToken } from '@qahwa/mail';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRefundActivities } from '../src/order-follow-up/activities';

/*
 * The status e-mails staff's moves send carry the order's signed tracking link, in the order's
 * language, and the invoice's download once it is issued (docs/order-tracking.md "The e-mails").
 */
const secret = 'status-email-links-secret-of-enough-length';
const storeUrl = 'http://store.test';
let handle: DbHandle;
const sent: OutgoingMail[] = [];
const mailer: Mailer = {
  from: 'qahwa <orders@qahwa.local>',
  async send(mail) {
    sent.push(mail);
    return { messageId: `<${randomUUID()}@qahwa.local>` };
  },
  async verify() {},
  close() {},
};

beforeAll(() => {
  handle = createDb(process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl);
});
afterAll(async () => handle?.close());

describe('the status e-mails’ links', () => {
  it('link the order page in the order’s language, then the invoice once issued', async () => {
    const { db } = handle;
    const orderId = await placedOrder(db, {
      provider: 'COD',
      customer: { fullName: 'Noura', email: `status-${randomUUID()}@example.ae`, phone: '+971501119999' },
      locale: 'ar',
    });
    const { sendOrderStatusEmail } = createRefundActivities({
      db,
      logger: pino({ level: 'silent' }),
      mailer,
      storeUrl,
      linkSecret: secret,
    });

    await sendOrderStatusEmail(orderId, 'shipped');
    const shipped = sent.at(-1)!;
    const link = /href="(http:\/\/store\.test\/orders\/track\/([^"?]+)\?lang=ar)"/.exec(shipped.html);
    expect(link, 'the tracking link in the shipped e-mail').not.toBeNull();
    expect(verifyTrackingToken(decodeURIComponent(link![2]!), secret)).toBe(orderId);
    expect(shipped.html).not.toContain('/documents/');

    const invoice = await db.transaction((tx) => issueInvoice(tx, orderId));
    await sendOrderStatusEmail(orderId, 'delivered');
    const delivered = sent.at(-1)!;
    expect(delivered.html).toMatch(
      new RegExp(`href="http://store\\.test/api/orders/track/[^"/]+/documents/${invoice.number}"`),
    );
    expect(delivered.text).toContain('تنزيل فاتورتك');
  });
});
