import { randomUUID } from 'node:crypto';
import { createMarketingRepository, type MarketingPayload, sql, tables } from '@qahwa/db';
import { type BrevoFake, startBrevoFake } from '@qahwa/fake-brevo';
import { type DomainEvent, makeEvent } from '@qahwa/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBrevoFeed, createBrevoSync, type DurableConsumer } from '../src';
import { closeServices, logger, publishEvent, type Services, startOnStream, waitFor } from './support';

/**
 * The e-mail-marketing sync (docs/crm.md) against the Brevo fake (fakes/brevo, Brevo's documented
 * contacts API) and the real database and JetStream.
 */

const KEY = 'xkeysib-test-crm';
const lists = { subscriber: [2], lead: [3], customer: [4] };
let s: Services;
let fake: BrevoFake;
let feed: DurableConsumer;
const durable = `brevo-feed-test-${randomUUID().slice(0, 8)}`;

const sync = (o: { apiKey?: string; maxAttempts?: number } = {}) =>
  createBrevoSync({
    db: s.handle.db,
    logger,
    apiKey: o.apiKey ?? KEY,
    apiBase: fake.url,
    pollIntervalMs: 50,
    batchSize: 25,
    maxAttempts: o.maxAttempts ?? 5,
    backoff: { baseMs: 50, maxMs: 200 },
    requestTimeoutMs: 2_000,
  });

const rowsOf = (email: string) => createMarketingRepository(s.handle.db).forEmail(email);
const contactPosts = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v3/contacts');

async function owe(source: 'subscriber' | 'lead' | 'customer', payload: MarketingPayload) {
  await s.handle.db.transaction((tx) =>
    createMarketingRepository(s.handle.db).enqueue('test', randomUUID(), source, payload, tx),
  );
}

const publish = (event: DomainEvent, msgID?: string) => publishEvent(s, event, msgID);
const meta = () => ({ id: randomUUID(), occurredAt: new Date().toISOString() });

beforeAll(async () => {
  fake = await startBrevoFake({ apiKeys: [KEY] });
  ({ s, consumer: feed } = await startOnStream((base) =>
    createBrevoFeed({ ...base, durable, listIds: lists }),
  ));
});
afterAll(async () => {
  await feed?.stop();
  await fake?.close();
  if (s) await closeServices(s);
});
beforeEach(async () => {
  fake.reset();
  await s.handle.db.execute(sql`truncate ${tables.marketingSync}`);
});

describe('brevo feed: events become owed contacts', () => {
  it('a signup, a lead qualified then converted, and an order: one row per contact and source, each event once', async () => {
    const email = `feed-${randomUUID().slice(0, 8)}@example.ae`;
    const [customer] = await s.handle.db
      .insert(tables.customers)
      .values({ email, fullName: 'Mariam Al Hashimi', phone: '+971501234567' })
      .returning();
    const subscribed = makeEvent(
      'NewsletterSubscribed',
      { subscriberId: randomUUID(), email, locale: 'ar' },
      meta(),
    );
    await publish(subscribed);
    // The same event again under another message id: JetStream cannot drop it, the guard must.
    await publish(subscribed, `${subscribed.id}-again`);
    await publish(
      makeEvent(
        'LeadQualified',
        { leadId: randomUUID(), email, cartValueFils: 12_500, preferredPayment: 'card' },
        meta(),
      ),
    );
    await publish(makeEvent('LeadConverted', { leadId: randomUUID(), email, valueFils: 12_500 }, meta()));
    await publish(
      makeEvent(
        'OrderPlaced',
        {
          orderId: randomUUID(),
          customerId: customer!.id,
          isNewCustomer: true,
          status: 'pending',
          paymentProvider: 'COD',
          totalFils: 15_000,
          placedAt: '2026-11-22T10:00:00.000Z',
          items: [],
        },
        meta(),
      ),
    );
    // An event the feed does not keep is acked and ignored.
    await publish(makeEvent('ProductViewed', { productId: randomUUID(), locale: 'en' }, meta()));

    await waitFor(async () => (await rowsOf(email)).length === 3 || undefined, 'three contacts owed');
    await waitFor(async () => {
      const info = await s.jsm.consumers.info(s.stream, durable);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, 'the feed to settle');
    const rows = Object.fromEntries((await rowsOf(email)).map((r) => [r.source, r]));
    expect(rows.subscriber?.payload).toEqual({
      email,
      attributes: { LOCALE: 'ar', NEWSLETTER: true },
      listIds: [2],
      emailBlacklisted: false,
    });
    expect(rows.lead?.payload.attributes).toEqual({ LEAD_STATUS: 'CONVERTED', CART_VALUE: 125 });
    expect(rows.customer?.payload).toEqual({
      email,
      attributes: {
        FIRSTNAME: 'Mariam',
        LASTNAME: 'Al Hashimi',
        LAST_ORDER_ID: expect.any(String),
        LAST_ORDER_TOTAL: 150,
        LAST_ORDER_AT: '2026-11-22',
      },
      listIds: [4],
    });
    for (const r of Object.values(rows)) expect(r.status).toBe('pending');
    const { rows: processed } = await s.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from processed_events where consumer = ${durable}`,
    );
    // Four events kept, each once (the copy and the view add nothing).
    expect(processed[0]?.n).toBe(4);
  });

  it('an unconfirmed signup reaches nothing; the confirmation does; an unsubscribe opts the contact out', async () => {
    const email = `double-opt-in-${randomUUID().slice(0, 8)}@example.ae`;
    const subscriberId = randomUUID();
    const asked = makeEvent('NewsletterConfirmationRequested', { subscriberId, locale: 'en' }, meta());
    await publish(asked);
    await waitFor(async () => {
      const info = await s.jsm.consumers.info(s.stream, durable);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, 'the feed to settle');
    expect(await rowsOf(email)).toEqual([]);

    await publish(makeEvent('NewsletterSubscribed', { subscriberId, email, locale: 'en' }, meta()));
    await waitFor(async () => (await rowsOf(email)).length === 1 || undefined, 'the subscriber owed');
    await publish(makeEvent('NewsletterUnsubscribed', { subscriberId, email }, meta()));
    await waitFor(
      async () => (await rowsOf(email))[0]?.payload.emailBlacklisted === true || undefined,
      'the opt-out owed',
    );
    const [row] = await rowsOf(email);
    expect(row?.payload).toEqual({
      email,
      attributes: { NEWSLETTER: false },
      listIds: [],
      emailBlacklisted: true,
    });
    // Brevo is told in the one call every contact goes by; the fake keeps the opt-out.
    const run = sync();
    run.start();
    try {
      await waitFor(
        async () => fake.contacts.get(email)?.emailBlacklisted === true || undefined,
        'Brevo has the opt-out',
      );
    } finally {
      await run.stop();
    }
  });
});

describe('brevo sync against the fake', () => {
  it('creates the contact, then updates the same contact: one contact in Brevo, nothing resent', async () => {
    const email = `upsert-${randomUUID().slice(0, 8)}@example.ae`;
    const run = sync();
    await owe('lead', { email, attributes: { LEAD_STATUS: 'QUALIFIED', CART_VALUE: 80 }, listIds: [3] });
    expect(await run.runOnce()).toBe(1);
    await owe('lead', { email, attributes: { LEAD_STATUS: 'CONVERTED', CART_VALUE: 80 }, listIds: [3] });
    await owe('subscriber', { email, attributes: { LOCALE: 'en', NEWSLETTER: true }, listIds: [2] });
    expect(await run.runOnce()).toBe(2);
    // The same payload owed again (a redelivered event under a new id) is not due again.
    await owe('subscriber', { email, attributes: { LOCALE: 'en', NEWSLETTER: true }, listIds: [2] });
    expect(await run.runOnce()).toBe(0);

    expect(fake.contacts.size).toBe(1);
    const contact = fake.contacts.get(email);
    expect(contact?.attributes).toEqual({
      LEAD_STATUS: 'CONVERTED',
      CART_VALUE: 80,
      LOCALE: 'en',
      NEWSLETTER: true,
    });
    expect(contact?.listIds.sort()).toEqual([2, 3]);
    expect(contactPosts().map((r) => r.status)).toEqual([201, 204, 204]);
    expect(contactPosts().every((r) => (r.body as { updateEnabled?: boolean }).updateEnabled === true)).toBe(
      true,
    );
    expect((await rowsOf(email)).map((r) => r.status)).toEqual(['synced', 'synced']);
  });

  it('a 503 then a 429 then success: retried with back-off, Brevo’s reset honoured, one contact', async () => {
    const email = `retry-${randomUUID().slice(0, 8)}@example.ae`;
    fake.failNextWrites(1, 503);
    const run = sync();
    await owe('subscriber', { email, attributes: { LOCALE: 'en', NEWSLETTER: true }, listIds: [2] });
    expect(await run.runOnce()).toBe(1);
    let [row] = await rowsOf(email);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('503');
    // Not due before its back-off ends.
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    fake.failNextWrites(1, 429, 1);
    await waitFor(async () => (await run.runOnce()) === 1 || undefined, 'the second attempt');
    [row] = await rowsOf(email);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row?.lastError).toContain('429');
    const waitMs = row!.nextAttemptAt.getTime() - row!.updatedAt.getTime();
    expect(waitMs).toBeGreaterThanOrEqual(990); // x-sib-ratelimit-reset: 1 (second)

    run.start();
    await waitFor(
      async () => (await rowsOf(email))[0]?.status === 'synced' || undefined,
      'the sync to succeed',
      10_000,
    );
    await run.stop();
    expect(contactPosts().map((r) => r.status)).toEqual([503, 429, 201]);
    expect(fake.contacts.size).toBe(1);
    expect((await rowsOf(email))[0]).toMatchObject({ attempts: 3, lastError: null });
  });

  it('a refused key (401) fails the row at once with Brevo’s reason, for /backend/brevo', async () => {
    const email = `refused-${randomUUID().slice(0, 8)}@example.ae`;
    await owe('customer', { email, attributes: { FIRSTNAME: 'Omar' }, listIds: [] });
    expect(await sync({ apiKey: 'xkeysib-wrong' }).runOnce()).toBe(1);
    const [row] = await rowsOf(email);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastError).toBe('Brevo 401 unauthorized: Key not found');
    const summary = await createMarketingRepository(s.handle.db).summary();
    expect(summary.counts.failed).toBe(1);
    expect(summary.failures[0]).toMatchObject({ email, source: 'customer', lastError: row?.lastError });
    expect(fake.contacts.size).toBe(0);

    // "Sync now" with the right key: the failed row goes again and lands.
    expect(await createMarketingRepository(s.handle.db).requeueAll()).toBe(1);
    expect(await sync().runOnce()).toBe(1);
    expect((await rowsOf(email))[0]?.status).toBe('synced');
  });

  it('without an API key: recorded as what would be sent, nothing leaves', async () => {
    const email = `nokey-${randomUUID().slice(0, 8)}@example.ae`;
    await owe('subscriber', { email, attributes: { LOCALE: 'ar', NEWSLETTER: true }, listIds: [2] });
    expect(await sync({ apiKey: '' }).runOnce()).toBe(1);
    const [row] = await rowsOf(email);
    expect(row).toMatchObject({ status: 'recorded', payload: { email, listIds: [2] } });
    expect(fake.requests).toHaveLength(0);
  });

  it('a run killed mid-send leaves its rows claimed only until the lease ends; the next run sends them', async () => {
    const email = `lease-${randomUUID().slice(0, 8)}@example.ae`;
    await owe('lead', { email, attributes: { LEAD_STATUS: 'QUALIFIED', CART_VALUE: 10 }, listIds: [] });
    const marketing = createMarketingRepository(s.handle.db);
    // The dead run: claimed, never marked.
    expect(await marketing.claimDue(10, 300)).toHaveLength(1);
    expect(await sync().runOnce()).toBe(0);
    await new Promise((r) => setTimeout(r, 350));
    expect(await sync().runOnce()).toBe(1);
    expect((await rowsOf(email))[0]?.status).toBe('synced');
    expect(fake.contacts.size).toBe(1);
  });
});
