import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { verifyLeadLink } from '@qahwa/checkout';
import { type CartAbandonment, createLeadsRepository, eq, sql, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { createMailer, type Mailer } from '@qahwa/mail';
import { mailCatcher } from '@qahwa/mail/testing';
import { type DomainEvent, subjectOf } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { leadStateQuery, leadWorkflowId } from '@qahwa/workflows';
import { createLeadActivities, ensureSearchAttributes } from '@qahwa/workflows/worker';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadConsumers, type DurableConsumer, ensureStream } from '../src';
import { closeServices, connectServices, logger, type Services, waitFor } from './support';

/**
 * leadConversion end to end on real parts (docs/leads.md): events on a JetStream
 * stream of this file's own, the lead consumers signal-with-start the workflow on the real
 * Temporal dev server (a task queue of this file's own), the activities send through real SMTP
 * into the shared MailDev, and the test reads what was caught for its own unique addresses.
 * Timers: a 3-second LEAD_RECOVERY_DELAY on the real server (docs/leads.md says why not the
 * time-skipping server).
 */
const DELAY_MS = 3_000;
const SECRET = 'lead-link-secret-for-tests';
const STORE = 'http://127.0.0.1:5502';
const catcher = mailCatcher(process.env.MAILDEV_API_URL ?? SERVICE_DEFAULTS.maildevApiUrl);

let s: Services;
let consumers: DurableConsumer;
let temporal: Client;
let clientConnection: Connection;
let workerConnection: NativeConnection;
let bundle: Awaited<ReturnType<typeof bundleWorkflowCode>>;
let mailer: Mailer;
const taskQueue = `test-leads-${randomUUID()}`;
const running: { worker: Worker; done: Promise<void> }[] = [];
let variation: { productId: string; variationId: string; name: string };

async function startWorker(m: Mailer) {
  const worker = await Worker.create({
    connection: workerConnection,
    taskQueue,
    workflowBundle: bundle,
    activities: createLeadActivities({
      db: s.handle.db,
      logger,
      recovery: {
        mailer: m,
        storefrontUrl: STORE,
        linkSecret: SECRET,
        linkTtlMs: 7 * 86_400_000,
        claimLeaseMs: 2_000,
      },
    }),
    // A "killed" worker: its hanging activity is given up on after this.
    shutdownGraceTime: '200 milliseconds',
    shutdownForceTime: '1 second',
  });
  const entry = { worker, done: worker.run().catch(() => {}) };
  running.push(entry);
  return entry;
}

async function publish(event: DomainEvent, msgID: string) {
  await s.js.publish(`${s.subjectPrefix}${subjectOf(event.type)}`, JSON.stringify(event), { msgID });
}

/** The outbox row the repository appended for a lead change: the event exactly as the relay would publish it. */
async function lastEvent(type: string, leadId: string): Promise<DomainEvent> {
  const rows = await s.handle.db
    .select()
    .from(tables.outbox)
    .where(sql`${tables.outbox.type} = ${type} and ${tables.outbox.payload}->'data'->>'leadId' = ${leadId}`)
    .orderBy(sql`${tables.outbox.createdAt} desc`)
    .limit(1);
  if (!rows[0]) throw new Error(`no ${type} for ${leadId}`);
  return rows[0].payload as DomainEvent;
}

const abandonment = (email: string, cartKey: string): CartAbandonment => ({
  email,
  fullName: 'Test Shopper',
  cartKey,
  cartValueFils: 12_000,
  cartItems: [
    {
      id: `${variation.productId}-${variation.variationId}`,
      productId: variation.productId,
      variationId: variation.variationId,
      name: variation.name,
      price: 60,
      quantity: 2,
    },
  ],
  trigger: 'cart_idle',
  deviceType: 'desktop',
  locale: 'en',
  context: { timeSpentOnSite: 10, pageVisits: 2 },
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  s = await connectServices();
  await ensureStream(s.jsm, { name: s.stream, subjects: [`${s.subjectPrefix}commerce.>`] });
  // Its own catalogue: the file must not depend on an earlier one having seeded the database.
  await resetDatabase(s.handle.db);
  const [v] = await s.handle.db
    .select({
      productId: tables.products.id,
      variationId: tables.productVariations.id,
      name: tables.products.name,
    })
    .from(tables.productVariations)
    .innerJoin(tables.products, eq(tables.products.id, tables.productVariations.productId))
    .where(sql`${tables.products.isActive} and ${tables.productVariations.isActive}`)
    .limit(1);
  if (!v) throw new Error('the seeded catalogue has no active variation');
  variation = v;
  workerConnection = await NativeConnection.connect({ address: SERVICE_DEFAULTS.temporalAddress });
  await ensureSearchAttributes(workerConnection, 'default');
  clientConnection = await Connection.connect({ address: SERVICE_DEFAULTS.temporalAddress });
  temporal = new Client({ connection: clientConnection });
  bundle = await bundleWorkflowCode({
    workflowsPath: fileURLToPath(new URL('../../workflows/src/lead-conversion/workflow.ts', import.meta.url)),
    logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} },
  });
  mailer = createMailer({ smtpUrl: SERVICE_DEFAULTS.smtpUrl, from: SERVICE_DEFAULTS.mailFrom, logger });
  consumers = createLeadConsumers({
    db: s.handle.db,
    js: s.js,
    temporal,
    logger,
    taskQueue,
    recoveryDelayMs: DELAY_MS,
    conversionWindowMs: 60_000,
    heartbeatTimeoutMs: 3_000,
    stream: s.stream,
    durablePrefix: `leads-test-${randomUUID().slice(0, 8)}`,
    subjectPrefix: s.subjectPrefix,
    nakDelay: { baseMs: 100, maxMs: 500 },
  });
  consumers.start();
}, 120_000);

afterAll(async () => {
  await consumers?.stop();
  for (const r of running) {
    if (r.worker.getState() === 'RUNNING') r.worker.shutdown();
    await r.done;
  }
  mailer?.close();
  await clientConnection?.close();
  await workerConnection?.close();
  await closeServices(s);
}, 60_000);

describe('leadConversion', () => {
  it('abandon → timer → exactly one recovery e-mail, the event delivered three times and the worker killed mid-send', async () => {
    const email = `recover-${randomUUID()}@leads.test`;
    const leads = createLeadsRepository(s.handle.db);
    const { id: leadId } = await leads.abandon(abandonment(email, `cart_${randomUUID().slice(0, 12)}`));
    const event = await lastEvent('CartAbandoned', leadId);

    // Worker A takes the send and hangs in it (a process frozen mid-send) ...
    let entered!: () => void;
    const inSend = new Promise<void>((r) => {
      entered = r;
    });
    const hanging: Mailer = {
      ...mailer,
      send: () => {
        entered();
        return new Promise(() => {});
      },
    };
    const a = await startWorker(hanging);
    // ... the same event three times (a redelivery, and a relay that published twice).
    for (const n of [1, 2, 3]) await publish(event, `${event.id}-${n}`);
    await inSend;
    const claim = await s.handle.db
      .select()
      .from(tables.emails)
      .where(sql`${tables.emails.purpose} = 'cart-recovery' and ${tables.emails.subjectId} = ${leadId}`);
    expect(claim[0]?.status).toBe('pending');
    // ... and is killed; worker B takes over after the heartbeat timeout and the claim's lease.
    a.worker.shutdown();
    await a.done;
    await startWorker(mailer);

    const mail = await catcher.waitForMessage((m) => m.to.some((t) => t.address === email), 45_000);
    expect(mail.html).toContain(variation.name);
    const link = /href="([^"]*\/cart\/restore\?token=[^"]+)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&');
    expect(link).toBeDefined();
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    expect(verifyLeadLink(token, SECRET)?.leadId).toBe(leadId);
    expect(link).not.toContain(email);

    // Nothing more arrives: one e-mail, one sent row, the lead knows when.
    await sleep(DELAY_MS + 2_000);
    expect(await catcher.messagesTo(email)).toHaveLength(1);
    const rows = await s.handle.db.select().from(tables.emails).where(eq(tables.emails.subjectId, leadId));
    expect(rows.map((r) => r.status)).toEqual(['sent']);
    const [lead] = await s.handle.db.select().from(tables.leads).where(eq(tables.leads.id, leadId));
    expect(lead?.recoverySentAt).toBeInstanceOf(Date);

    // The same cart abandoned again: nothing new.
    await leads.abandon(abandonment(email, lead?.cartKey ?? ''));
    const again = await lastEvent('CartAbandoned', leadId);
    await publish(again, again.id);
    await sleep(DELAY_MS * 2);
    expect(await catcher.messagesTo(email)).toHaveLength(1);
    const state = await temporal.workflow.getHandle(leadWorkflowId(email)).query(leadStateQuery);
    expect(state).toMatchObject({ leadId, stage: 'recovery-sent' });
  }, 120_000);

  it('abandon → order before the timer → no e-mail, lead CONVERTED; a new cart afterwards is a new lead with its own e-mail', async () => {
    if (!running.some((r) => r.worker.getState() === 'RUNNING')) await startWorker(mailer);
    const email = `converts-${randomUUID()}@leads.test`;
    const leads = createLeadsRepository(s.handle.db);
    const { id: leadId } = await leads.abandon(abandonment(email, `cart_${randomUUID().slice(0, 12)}`));
    await publish(await lastEvent('CartAbandoned', leadId), randomUUID());
    const handle = temporal.workflow.getHandle(leadWorkflowId(email));
    await waitFor(
      async () => (await handle.query(leadStateQuery).catch(() => null))?.signals === 1,
      'the run',
    );

    // The order, as checkoutToOrder publishes it, for a customer with that e-mail.
    const [customer] = await s.handle.db
      .insert(tables.customers)
      .values({ email, fullName: 'Test Shopper', phone: '0501234567' })
      .returning();
    const orderId = randomUUID();
    const placed = {
      id: randomUUID(),
      type: 'OrderPlaced',
      version: 1,
      occurredAt: new Date().toISOString(),
      data: {
        orderId,
        customerId: customer?.id ?? '',
        isNewCustomer: true,
        status: 'new',
        paymentProvider: 'COD',
        totalFils: 12_000,
        placedAt: new Date().toISOString(),
        items: [],
      },
    } as unknown as DomainEvent;
    await publish(placed, placed.id);

    expect(await handle.result()).toBe('converted');
    const [lead] = await s.handle.db.select().from(tables.leads).where(eq(tables.leads.id, leadId));
    expect(lead?.status).toBe('CONVERTED');
    const converted = await lastEvent('LeadConverted', leadId);
    expect(converted.data).toMatchObject({ orderId, valueFils: 12_000 });
    await sleep(DELAY_MS + 2_000);
    expect(await catcher.messagesTo(email)).toHaveLength(0);

    // A new cart after the conversion: a new lead, a new run, its own single e-mail.
    const firstRun = (await handle.describe()).runId;
    const { id: second } = await leads.abandon(abandonment(email, `cart_${randomUUID().slice(0, 12)}`));
    expect(second).not.toBe(leadId);
    await publish(await lastEvent('CartAbandoned', second), randomUUID());
    const mail = await catcher.waitForMessage((m) => m.to.some((t) => t.address === email), 30_000);
    expect(mail.subject.length).toBeGreaterThan(0);
    const now = await temporal.workflow.getHandle(leadWorkflowId(email)).describe();
    expect(now.runId).not.toBe(firstRun);
    expect(await catcher.messagesTo(email)).toHaveLength(1);
  }, 120_000);
});
