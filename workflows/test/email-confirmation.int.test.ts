import { randomUUID } from 'node:crypto';
import { createDb, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { createMailer, type Mailer } from '@qahwa/mail';
import { mailCatcher } from '@qahwa/mail/testing';
import type { CheckoutToOrderInput } from '@qahwa/schema';
import { formatAed } from '@qahwa/schema/money';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCheckout } from '../src/checkout/start';
import { createEmailActivities } from '../src/order-confirmation/activities';
import { sharedWorkflowBundle, temporalAddress } from '../src/testing';
import { createCheckoutWorker } from '../src/worker';
import { orderConfirmationWorkflowId, workflowIdOf } from '../src/workflow-ids';

const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const from = 'qahwa <orders@qahwa.local>';
const catcher = mailCatcher(process.env.MAILDEV_API_URL ?? SERVICE_DEFAULTS.maildevApiUrl);
/** MailDev's SMTP; a port where nothing listens stands for a mail server that is down. */
const smtpUrl = process.env.SMTP_URL ?? SERVICE_DEFAULTS.smtpUrl;
const deadSmtp = 'smtp://127.0.0.1:5499';

let handle: DbHandle;
let client: Client;
let variation: { id: string; productId: string };

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  client = new Client({ connection: await Connection.connect({ address: temporalAddress() }) });
});
beforeEach(async () => {
  await resetDatabase(handle.db);
  // A coffee with a size, beans and a type: the confirmation names all three.
  const rows = await handle.db
    .select({
      id: tables.productVariations.id,
      productId: tables.productVariations.productId,
      type: tables.variationTypes.name,
      size: tables.variationSizes.displayName,
    })
    .from(tables.productVariations)
    .innerJoin(tables.products, eq(tables.products.id, tables.productVariations.productId))
    .innerJoin(tables.variationSizes, eq(tables.variationSizes.id, tables.productVariations.sizeId))
    .innerJoin(tables.variationTypes, eq(tables.variationTypes.id, tables.productVariations.typeId))
    .where(eq(tables.products.slug, 'emirati-gahwa-blend'));
  variation = rows.find((r) => r.type === 'Cardamom' && r.size === '250g')!;
});
afterAll(async () => {
  await client?.connection.close();
  await handle?.close();
});

async function startWorker(taskQueue: string, mailer: Mailer | undefined) {
  const connection = await NativeConnection.connect({ address: temporalAddress() });
  const worker: Worker = await createCheckoutWorker({
    connection,
    deps: { db: handle.db, logger, mailer, storeUrl: 'http://127.0.0.1:3000' },
    taskQueue,
    workflowBundle: await sharedWorkflowBundle(),
  });
  const running = worker.run();
  return {
    async stop() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await connection.close();
    },
  };
}

function input(email: string, locale: 'en' | 'ar', quantity = 2): CheckoutToOrderInput {
  const checkoutId = `co-${randomUUID()}`;
  return {
    checkoutId,
    requestId: `req-${checkoutId}`,
    order: {
      customerInfo: { fullName: 'Mariam Saeed', email, phone: '+971 50 222 3344' },
      shippingInfo: { emirate: 'dubai', city: 'dubai-marina', address: 'Marina Gate 1, Apt 2204' },
      items: [
        {
          id: `${variation.productId}-${variation.id}`,
          productId: variation.productId,
          variationId: variation.id,
          name: 'Emirati Gahwa Blend',
          price: 55,
          quantity,
          variation: { weight: '250g', beans: 'House Blend', additions: 'Cardamom' },
        },
      ],
      totalAmount: 110,
      subtotal: 110,
      tax: 0,
      shippingCost: 0,
      discount: 0,
      paymentProvider: 'COD',
      locale,
    },
  };
}

const uniqueEmail = (tag: string) => `mail-${tag}-${randomUUID().slice(0, 8)}@example.ae`;
const mailer = () => createMailer({ smtpUrl, from, logger });

describe('the order confirmation, from a real cash-on-delivery checkout to the inbox', () => {
  it('arrives in English with the order number, items, variation, quantity, total and address', async () => {
    const taskQueue = `mail-confirm-${randomUUID()}`;
    const w = await startWorker(taskQueue, mailer());
    try {
      const email = uniqueEmail('en');
      const checkout = input(email, 'en');
      const result = await runCheckout(client, checkout, taskQueue);
      const [order] = await handle.db
        .select()
        .from(tables.orders)
        .where(eq(tables.orders.id, result.orderId));
      const mail = await catcher.waitForMessage((m) => m.to.some((t) => t.address === email));
      expect(mail.subject).toBe(`Your qahwa order ${result.orderId} is confirmed`);
      expect(mail.html).toMatch(/<html[^>]*dir="ltr"[^>]*lang="en"|<html[^>]*lang="en"[^>]*dir="ltr"/);
      for (const s of [
        result.orderId,
        'Emirati Gahwa Blend',
        '250g · House Blend · Cardamom',
        '× 2',
        'Marina Gate 1, Apt 2204',
        'Dubai Marina',
        'Cash on delivery',
      ]) {
        expect(mail.text).toContain(s);
      }
      expect(mail.text).toContain(`Total\n${formatAed(order!.totalFils, 'en')}`);
      expect(mail.text).toContain(`Subtotal\n${formatAed(order!.subtotalFils, 'en')}`);
      const rows = await handle.db
        .select()
        .from(tables.emails)
        .where(eq(tables.emails.subjectId, result.orderId));
      expect(rows).toMatchObject([
        { purpose: 'order-confirmation', recipient: email, locale: 'en', status: 'sent', attempts: 1 },
      ]);
      // The checkout again (a double submit joins the same run): still one mail.
      expect((await runCheckout(client, checkout, taskQueue)).orderId).toBe(result.orderId);
      expect(await catcher.messagesTo(email)).toHaveLength(1);
    } finally {
      await w.stop();
    }
  });

  it("arrives in Arabic, right to left, in the shopper's language", async () => {
    const taskQueue = `mail-confirm-${randomUUID()}`;
    const w = await startWorker(taskQueue, mailer());
    try {
      const email = uniqueEmail('ar');
      const result = await runCheckout(client, input(email, 'ar', 3), taskQueue);
      const [order] = await handle.db
        .select()
        .from(tables.orders)
        .where(eq(tables.orders.id, result.orderId));
      const mail = await catcher.waitForMessage((m) => m.to.some((t) => t.address === email));
      expect(mail.subject).toBe(`تم تأكيد طلبك ${result.orderId} من قهوة`);
      expect(mail.html).toMatch(/<html[^>]*dir="rtl"/);
      expect(mail.html).toMatch(/<html[^>]*lang="ar"/);
      for (const s of ['خلطة القهوة الإماراتية', '250 غ', 'بالهيل', '× 3', 'الدفع عند الاستلام', 'دبي'])
        expect(mail.text).toContain(s);
      expect(mail.text).toContain(`الإجمالي\n${formatAed(order!.totalFils, 'ar')}`);
    } finally {
      await w.stop();
    }
  });

  it('when the mail server is down the order is still placed at once, and a durable retry delivers one mail later', async () => {
    const taskQueue = `mail-confirm-${randomUUID()}`;
    const down = await startWorker(taskQueue, createMailer({ smtpUrl: deadSmtp, from, logger }));
    const email = uniqueEmail('down');
    const checkout = input(email, 'en');
    const confirmation = () => client.workflow.getHandle(orderConfirmationWorkflowId(workflowIdOf(checkout)));
    let orderId: string;
    try {
      const began = Date.now();
      orderId = (await runCheckout(client, checkout, taskQueue)).orderId;
      expect(Date.now() - began).toBeLessThan(15_000);
      const child = confirmation();
      expect((await child.describe()).status.name).toBe('RUNNING');
      // The send was tried and failed; the confirmation keeps retrying on its own.
      await expect
        .poll(
          async () =>
            (await handle.db.select().from(tables.emails).where(eq(tables.emails.subjectId, orderId)))[0]
              ?.status,
          { timeout: 15_000 },
        )
        .toBe('failed');
    } finally {
      await down.stop();
    }
    // The mail server is back (a worker that reaches it): the retry sends it, once.
    const up = await startWorker(taskQueue, mailer());
    try {
      await confirmation().result();
      await catcher.waitForMessage((m) => m.to.some((t) => t.address === email));
      expect(await catcher.messagesTo(email)).toHaveLength(1);
    } finally {
      await up.stop();
    }
  });
});

describe('one mail per order, whatever is retried', () => {
  async function placeDirect(email: string) {
    const taskQueue = `mail-confirm-${randomUUID()}`;
    // A worker without a mailer: the order is made, its confirmation left to the test.
    const w = await startWorker(taskQueue, undefined);
    try {
      const checkout = input(email, 'en');
      const { orderId } = await runCheckout(client, checkout, taskQueue);
      // Its confirmation fails for good here (MAIL_NOT_CONFIGURED), sending nothing.
      await expect(
        client.workflow.getHandle(orderConfirmationWorkflowId(workflowIdOf(checkout))).result(),
      ).rejects.toThrow();
      return orderId;
    } finally {
      await w.stop();
    }
  }

  it('the activity run twice sends once: the second answers already-sent', async () => {
    const email = uniqueEmail('twice');
    const orderId = await placeDirect(email);
    const { sendOrderConfirmation } = createEmailActivities({ db: handle.db, logger, mailer: mailer() });
    expect(await sendOrderConfirmation(orderId)).toEqual({ status: 'sent' });
    expect(await sendOrderConfirmation(orderId)).toEqual({ status: 'already-sent' });
    await catcher.waitForMessage((m) => m.to.some((t) => t.address === email));
    expect(await catcher.messagesTo(email)).toHaveLength(1);
  });

  it('a send that fails in the middle is retried and delivers one mail', async () => {
    const email = uniqueEmail('flaky');
    const orderId = await placeDirect(email);
    const real = mailer();
    let calls = 0;
    // The SMTP connection drops during the first exchange (before the server accepts the mail).
    const flaky: Mailer = {
      ...real,
      from: real.from,
      send: (m) => (++calls === 1 ? Promise.reject(new Error('socket hang up')) : real.send(m)),
    };
    const { sendOrderConfirmation } = createEmailActivities({ db: handle.db, logger, mailer: flaky });
    await expect(sendOrderConfirmation(orderId)).rejects.toThrow('socket hang up');
    const [failed] = await handle.db.select().from(tables.emails).where(eq(tables.emails.subjectId, orderId));
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastError: 'socket hang up' });
    expect(await sendOrderConfirmation(orderId)).toEqual({ status: 'sent' });
    expect(await sendOrderConfirmation(orderId)).toEqual({ status: 'already-sent' });
    await catcher.waitForMessage((m) => m.to.some((t) => t.address === email));
    expect(await catcher.messagesTo(email)).toHaveLength(1);
  });

  it('a worker killed mid-send leaves a claim: a parallel attempt waits, a later one takes over, one mail', async () => {
    const email = uniqueEmail('killed');
    const orderId = await placeDirect(email);
    const real = mailer();
    // The first attempt claims, then hangs in SMTP for ever: a process killed mid-send.
    const hanging: Mailer = { ...real, from: real.from, send: () => new Promise(() => {}) };
    void createEmailActivities({ db: handle.db, logger, mailer: hanging }).sendOrderConfirmation(orderId);
    await expect
      .poll(
        async () =>
          (await handle.db.select().from(tables.emails).where(eq(tables.emails.subjectId, orderId)))[0]
            ?.status,
      )
      .toBe('pending');
    // A redelivery while the claim is fresh must not send a second copy: it is told to retry later.
    const { sendOrderConfirmation } = createEmailActivities({
      db: handle.db,
      logger,
      mailer: real,
      claimLeaseMs: 1000,
    });
    await expect(sendOrderConfirmation(orderId)).rejects.toMatchObject({ code: 'EMAIL_IN_FLIGHT' });
    // After the lease the claim is stale (its owner is dead): the retry takes it and sends.
    await new Promise((r) => setTimeout(r, 1200));
    expect(await sendOrderConfirmation(orderId)).toEqual({ status: 'sent' });
    expect(await sendOrderConfirmation(orderId)).toEqual({ status: 'already-sent' });
    await catcher.waitForMessage((m) => m.to.some((t) => t.address === email));
    expect(await catcher.messagesTo(email)).toHaveLength(1);
    const [row] = await handle.db.select().from(tables.emails).where(eq(tables.emails.subjectId, orderId));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
