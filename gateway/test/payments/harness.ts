import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createStripeClient } from '@qahwa/checkout/payments';
import { createDb, type Db, type DbHandle, desc, eq, sql, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { StripeDouble } from '@qahwa/fake-stripe';
import type { Mailer } from '@qahwa/mail';
import { startTestWorker, temporalAddress } from '@qahwa/workflows/testing';
import { Client, Connection } from '@temporalio/client';
import pino from 'pino';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { TEST_DATABASE_URL } from '../harness';
import { claimBody } from './support/claim';
import { startPaymentEvents } from './support/payment-events';

export const WEBHOOK_SECRET = 'whsec_test_card_path';
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export interface PaymentsStackOptions {
  /** Run a checkout worker in this process (default true); false for tests that run their own. */
  worker?: boolean;
  /** Run the outbox relay and the payments projection (own stream and subject prefix). */
  events?: boolean;
  /**
   * Every sender of this stack mails through it: the gateway, the checkout worker (the card
   * order's confirmation) and, with `events`, the workers' mail consumers. Default: none for the
   * worker and the consumers, the gateway's own SMTP mailer.
   */
  mailer?: Mailer;
  /**
   * The gateway's own Stripe secret key (default: the worker's client, `sk_test_qahwa`), so a test
   * can make Stripe fail for the gateway alone (`double.outage({ secretKey })`) while the checkout
   * worker still reaches it.
   */
  gatewayStripeKey?: string;
}

/**
 * The card path for real: the gateway listening on a port (the Stripe double posts its webhooks
 * to it), the double as Stripe, a checkout worker on a private task queue with a Stripe client
 * on the double, and optionally the outbox relay and the payments projection on NATS.
 */
export async function startPaymentsStack(opts: PaymentsStackOptions = {}) {
  const handle: DbHandle = createDb(TEST_DATABASE_URL);
  await resetDatabase(handle.db);
  const double = new StripeDouble({ webhookSecret: WEBHOOK_SECRET, retryDelaysMs: [200, 1000, 3000] });
  const stripeUrl = await double.listen();
  const stripe = createStripeClient({ apiBase: stripeUrl, secretKey: 'sk_test_qahwa' });
  const gatewayStripe = opts.gatewayStripeKey
    ? createStripeClient({ apiBase: stripeUrl, secretKey: opts.gatewayStripeKey })
    : stripe;
  const taskQueue = `test-card-${randomUUID()}`;
  const worker =
    opts.worker === false
      ? null
      : await startTestWorker(handle.db, taskQueue, temporalAddress(), {
          stripe,
          ...(opts.mailer ? { mailer: opts.mailer } : {}),
        });
  const connection = await Connection.connect({ address: temporalAddress() });
  const temporal = new Client({ connection });
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      STRIPE_API_BASE: stripeUrl,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RATE_LIMIT_ORDERS: '1000000',
    }),
    checkoutTaskQueue: taskQueue,
    databaseUrl: TEST_DATABASE_URL,
  };
  const app = await buildApp({
    config,
    db: handle.db,
    temporal,
    logger,
    stripe: gatewayStripe,
    ...(opts.mailer ? { mailer: opts.mailer } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const gatewayUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  double.options.webhookUrl = `${gatewayUrl}/api/webhooks/stripe`;

  const events = opts.events ? await startPaymentEvents(handle.db, logger, 'PAYMENTS', opts.mailer) : null;

  return {
    app,
    db: handle.db,
    double,
    /** The checkout worker's Stripe client (also the gateway's unless `gatewayStripeKey`). */
    stripe,
    gatewayStripeKey: opts.gatewayStripeKey,
    temporal,
    taskQueue,
    gatewayUrl,
    async close() {
      await double.close();
      await events?.stop();
      await app.close();
      await worker?.stop();
      await connection.close();
      await handle.close();
    },
  };
}
export type PaymentsStack = Awaited<ReturnType<typeof startPaymentsStack>>;

/**
 * A checkout of two seeded variations, as the browser's payment step sends it: the two with the
 * most stock. By id alone (a new uuid each seed) it was sometimes a variation with 7 left, and
 * after a few paid orders the file's later tests were refused OUT_OF_STOCK (409).
 */
export async function checkoutClaim(db: Db, overrides: Record<string, unknown> = {}) {
  const rows = await db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .where(eq(tables.productVariations.isActive, true))
    .orderBy(desc(tables.productVariations.stockQuantity), tables.productVariations.id)
    .limit(2);
  return {
    ...claimBody(
      { fullName: 'Sara Ali', email: `sara+${randomUUID().slice(0, 8)}@example.ae`, phone: '+971501112233' },
      rows.map((r, i) => ({ ...r, quantity: i + 1 })),
      'aed',
    ),
    ...overrides,
  };
}

/** The browser's confirmation, as Stripe.js sends it: publishable key and client secret. */
export async function confirmInBrowser(
  stack: PaymentsStack,
  clientSecret: string,
  card = '4242424242424242',
) {
  const id = clientSecret.split('_secret_')[0]!;
  const res = await fetch(`${stack.double.url}/v1/payment_intents/${id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key: 'pk_test_storefront',
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card,
    }),
  });
  return { status: res.status, body: (await res.json()) as { status?: string; error?: { code?: string } } };
}

export async function countRows(db: Db) {
  const one = async (table: string) =>
    Number(
      (await db.execute<{ n: string }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n ?? 0,
    );
  return {
    orders: await one('orders'),
    payments: await one('payments'),
    webhookEvents: await one('webhook_events'),
    outbox: await one('outbox'),
    checkouts: await one('checkouts'),
  };
}

export async function waitFor<T>(
  check: () => Promise<T | undefined | false | null>,
  what: string,
  timeoutMs = 20_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false && v !== null) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
