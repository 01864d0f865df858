import { createCardPayments, createStripeClient } from '@qahwa/checkout/payments';
import { createDb, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { temporalAddress } from '@qahwa/workflows/testing';
import { Client, Connection } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { TEST_DATABASE_URL } from '../harness';
import { checkoutClaim } from './harness';

/**
 * The contract check: every request our code sends to Stripe — create, update and retrieve of
 * a PaymentIntent, with the very parameters the gateway and the workflow build — goes to
 * stripe-mock, which validates it against Stripe's OpenAPI and answers 400 to anything Stripe
 * would refuse. (stripe-mock is stateless; the flows are tested against the Stripe double.)
 */
const STRIPE_MOCK = process.env.STRIPE_MOCK_URL ?? 'http://127.0.0.1:12111';
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

let handle: DbHandle;
let app: FastifyInstance;
let connection: Connection;
beforeAll(async () => {
  handle = createDb(TEST_DATABASE_URL);
  await resetDatabase(handle.db);
  connection = await Connection.connect({ address: temporalAddress() });
  const config = loadConfig({
    NODE_ENV: 'test',
    STRIPE_API_BASE: STRIPE_MOCK,
    STRIPE_SECRET_KEY: 'sk_test_123',
  });
  app = await buildApp({ config, db: handle.db, temporal: new Client({ connection }), logger });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await connection?.close();
  await handle?.close();
});

describe('every Stripe request the code makes, against stripe-mock', () => {
  it('create (POST /v1/payment_intents), update (POST /v1/payment_intents/:id), retrieve with expand', async () => {
    const claim = await checkoutClaim(handle.db);
    const created = await app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: claim });
    expect(created.statusCode).toBe(200);
    const { paymentIntentId, clientSecret } = created.json();
    expect(paymentIntentId).toMatch(/^pi_/);
    expect(clientSecret).toBeTruthy();

    const updated = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { ...claim, paymentIntentId, paymentMethod: 'wallet' },
    });
    expect(updated.statusCode).toBe(200);
    const [row] = await handle.db
      .select()
      .from(tables.checkouts)
      .where(eq(tables.checkouts.providerPaymentId, paymentIntentId));
    expect(row).toBeDefined();

    const { retrievePayment } = createCardPayments({
      db: handle.db,
      logger,
      stripe: createStripeClient({ apiBase: STRIPE_MOCK, secretKey: 'sk_test_123' }),
    });
    const payment = await retrievePayment(paymentIntentId);
    expect(payment).toMatchObject({
      paymentIntentId: expect.stringMatching(/^pi_/),
      currency: expect.any(String),
    });
  });
});
