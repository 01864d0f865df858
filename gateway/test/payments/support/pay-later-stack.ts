import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createTabbyClient } from '@qahwa/checkout/payments';
import { createDb, type Db, type DbHandle, desc, eq, inArray, sql, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { startTabbyFake } from '@qahwa/fake-tabby';
import { TABBY_DEV_DEFAULTS } from '@qahwa/schema/reference';
import { startTestWorker, temporalAddress } from '@qahwa/workflows/testing';
import { Client, Connection } from '@temporalio/client';
import pino from 'pino';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { TEST_DATABASE_URL } from '../../harness';
import { claimBody } from './claim';
import { startPaymentEvents } from './payment-events';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * Pay later for real: the Tabby fake (its webhooks registered to the gateway, as a merchant
 * registers them at Tabby), the gateway listening on a port, a checkout worker with a Tabby
 * client on a private task queue, and optionally the outbox relay and the payments projection.
 * The workflow's looks are short (300 ms growing to 1 s) so "webhook never" is found in seconds.
 */
export async function startPayLaterStack(opts: { events?: boolean; expiryMs?: number } = {}) {
  const handle: DbHandle = createDb(TEST_DATABASE_URL);
  await resetDatabase(handle.db);
  const fake = await startTabbyFake({ port: 0, webhookRetryDelayMs: 200 });
  const tabby = createTabbyClient({
    apiBase: fake.url,
    secretKey: TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY,
    merchantCode: 'GR',
  });
  const taskQueue = `test-pay-later-${randomUUID()}`;
  const worker = await startTestWorker(handle.db, taskQueue, temporalAddress(), { tabby });
  const connection = await Connection.connect({ address: temporalAddress() });
  const temporal = new Client({ connection });
  const base = loadConfig({
    NODE_ENV: 'test',
    TABBY_API_BASE: fake.url,
    RATE_LIMIT_ORDERS: '1000000',
    RATE_LIMIT_VIEWS: '1000000',
  });
  const config = {
    ...base,
    checkoutTaskQueue: taskQueue,
    databaseUrl: TEST_DATABASE_URL,
    payLater: {
      ...base.payLater,
      storefrontUrl: 'http://shop.test',
      timing: { pollMs: [300, 600, 1000], expiryMs: opts.expiryMs ?? 60_000 },
    },
  };
  const app = await buildApp({ config, db: handle.db, temporal, logger, tabby });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const gatewayUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await tabby.registerWebhook({
    url: `${gatewayUrl}/api/webhooks/tabby`,
    header: config.tabby.webhookHeader,
  });

  const events = opts.events ? await startPaymentEvents(handle.db, logger, 'PAY_LATER') : null;

  return {
    app,
    db: handle.db,
    fake,
    tabby,
    temporal,
    taskQueue,
    gatewayUrl,
    config,
    async close() {
      await fake.control.idle().catch(() => {});
      await events?.stop();
      await app.close();
      await worker.stop();
      await fake.stop();
      await connection.close();
      await handle.close();
    },
  };
}
export type PayLaterStack = Awaited<ReturnType<typeof startPayLaterStack>>;

/** A pay-later checkout of seeded variations, as the payment step sends it (SPEC 7). */
export async function payLaterClaim(
  db: Db,
  opts: {
    lines?: number;
    quantity?: number;
    email?: string;
    phone?: string;
    coupon?: string;
    priciest?: boolean;
  } = {},
) {
  const rows = await db
    .select({
      id: tables.productVariations.id,
      productId: tables.productVariations.productId,
      priceFils: tables.productVariations.priceFils,
    })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.isActive, true))
    .orderBy(opts.priciest ? desc(tables.productVariations.priceFils) : tables.productVariations.id)
    .limit(opts.lines ?? 2);
  // Which variations come first depends on the seed's random ids, and some have only a few in
  // stock: these tests are about paying, not about stock (one test takes it away on purpose).
  await db
    .update(tables.productVariations)
    .set({ stockQuantity: sql`greatest(${tables.productVariations.stockQuantity}, 100)` })
    .where(
      inArray(
        tables.productVariations.id,
        rows.map((r) => r.id),
      ),
    );
  return {
    ...claimBody(
      {
        fullName: 'Mariam Al Suwaidi',
        email: opts.email ?? `mariam+${randomUUID().slice(0, 8)}@example.ae`,
        // A shopper of their own each time: one contact may hold only a few open sessions.
        phone: opts.phone ?? `+97150${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      },
      rows.map((r, i) => ({
        id: r.id,
        productId: r.productId,
        price: r.priceFils / 100,
        quantity: opts.quantity ?? i + 1,
      })),
      'AED',
    ),
    ...(opts.coupon ? { appliedCoupon: { code: opts.coupon, discountAmount: 1 } } : {}),
  };
}

export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  ms = 20_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
