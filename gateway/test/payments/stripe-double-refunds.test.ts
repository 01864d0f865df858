import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DISPUTED_TEST_CARD, StripeDouble } from '@qahwa/fake-stripe';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Refunds and disputes in the Stripe double (fakes/stripe/src/charges.ts), driven by the real
 * `stripe` package: the calls the store makes must be understood as Stripe does, the charge must
 * say what was refunded or disputed, and the events must be Stripe's and pass its signature check.
 */
const SECRET = 'whsec_double_refunds';
let double: StripeDouble;
let stripe: Stripe;
let hook: Server;
const received: { body: string; signature: string }[] = [];

beforeAll(async () => {
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString(),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  double = new StripeDouble({
    webhookSecret: SECRET,
    webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
  });
  const url = new URL(await double.listen());
  stripe = new Stripe('sk_test_double', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await double.close();
  await new Promise((r) => hook.close(r));
});

async function paid(card = '4242424242424242', amount = 12_000) {
  const pi = await stripe.paymentIntents.create({ amount, currency: 'aed' });
  const pm = await stripe.paymentMethods.create({ type: 'card', card: { number: card } } as never);
  return stripe.paymentIntents.confirm(pi.id, { payment_method: pm.id });
}

const chargeOf = async (id: string) => {
  const pi = await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
  return pi.latest_charge as Stripe.Charge;
};

const delivered = (type: string, pi: string) =>
  received
    .map((r) => stripe.webhooks.constructEvent(r.body, r.signature, SECRET))
    .filter((e) => e.type === type && JSON.stringify(e.data.object).includes(pi));

describe('Stripe double: refunds and disputes', () => {
  it('refunds part, then the rest; the charge says so; charge.refunded is signed and carries the charge', async () => {
    const pi = await paid();
    const part = await stripe.refunds.create(
      { payment_intent: pi.id, amount: 2_000, reason: 'requested_by_customer', metadata: { why: 'test' } },
      { idempotencyKey: 'refund-part' },
    );
    expect(part).toMatchObject({
      object: 'refund',
      amount: 2_000,
      payment_intent: pi.id,
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { why: 'test' },
    });
    expect(await chargeOf(pi.id)).toMatchObject({ amount_refunded: 2_000, refunded: false, disputed: false });
    // No amount: what is left.
    const rest = await stripe.refunds.create({ payment_intent: pi.id });
    expect(rest.amount).toBe(10_000);
    expect(await chargeOf(pi.id)).toMatchObject({ amount_refunded: 12_000, refunded: true });
    expect((await stripe.refunds.retrieve(rest.id)).charge).toBe(part.charge);
    expect((await stripe.charges.retrieve(part.charge as string)).refunded).toBe(true);

    await double.idle();
    const events = delivered('charge.refunded', pi.id);
    expect(events).toHaveLength(2);
    const last = events[1]!.data as Stripe.Event.Data & { previous_attributes?: Record<string, unknown> };
    expect(last.object).toMatchObject({ object: 'charge', payment_intent: pi.id, amount_refunded: 12_000 });
    expect(last.previous_attributes).toEqual({ amount_refunded: 2_000, refunded: false });
    expect(double.eventsFor(pi.id, 'charge.refunded')).toHaveLength(2);
    expect(double.refundsFor(pi.id)).toHaveLength(2);
  });

  it('the same idempotency key and body answer the first refund again; nothing is refunded twice', async () => {
    const pi = await paid();
    const key = `refund-${pi.id}`;
    const [a, b] = await Promise.all([
      stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: key }),
      stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: key }),
    ]);
    const again = await stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: key });
    expect(new Set([a.id, b.id, again.id]).size).toBe(1);
    expect(double.refundsFor(pi.id)).toHaveLength(1);
    expect((await chargeOf(pi.id)).amount_refunded).toBe(12_000);
  });

  it('after the 24 hours Stripe keeps a key (the control, or the in-process call), the same key is a new request', async () => {
    const pi = await paid();
    const key = `late-${pi.id}`;
    const first = await stripe.refunds.create(
      { payment_intent: pi.id, amount: 2_000 },
      { idempotencyKey: key },
    );
    const replayed = await stripe.refunds.create(
      { payment_intent: pi.id, amount: 2_000 },
      { idempotencyKey: key },
    );
    expect(replayed.id).toBe(first.id);

    const res = await fetch(`${double.url}/_double/idempotency/expire`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { expired: number }).expired).toBeGreaterThan(0);
    const second = await stripe.refunds.create(
      { payment_intent: pi.id, amount: 2_000 },
      { idempotencyKey: key },
    );
    expect(second.id).not.toBe(first.id);
    expect(double.refundsFor(pi.id)).toHaveLength(2);
    expect((await chargeOf(pi.id)).amount_refunded).toBe(4_000);

    // A whole refund retried after the window: Stripe refuses it, there is nothing left.
    const whole = `late-whole-${pi.id}`;
    await stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: whole });
    expect(double.expireIdempotencyKeys()).toBeGreaterThan(0);
    await expect(
      stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: whole }),
    ).rejects.toMatchObject({ code: 'charge_already_refunded' });
    expect(double.refundsFor(pi.id)).toHaveLength(3);
  });

  it('refuses as Stripe does: too much, nothing left, an intent not paid', async () => {
    const pi = await paid();
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 12_001 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_large',
    });
    await stripe.refunds.create({ payment_intent: pi.id });
    await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    const unpaid = await stripe.paymentIntents.create({ amount: 5_000, currency: 'aed' });
    await expect(stripe.refunds.create({ payment_intent: unpaid.id })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
    await expect(stripe.refunds.create({ payment_intent: 'pi_nosuchintent' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('a dispute (control call, or Stripe’s test card 4000 0000 0000 0259): the charge is disputed, charge.dispute.created is sent, a refund is refused', async () => {
    const pi = await paid();
    const res = await fetch(`${double.url}/_double/payment_intents/${pi.id}/dispute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'product_not_received' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      object: 'dispute',
      payment_intent: pi.id,
      amount: 12_000,
      reason: 'product_not_received',
      status: 'needs_response',
    });
    expect((await chargeOf(pi.id)).disputed).toBe(true);
    await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      code: 'charge_disputed',
    });

    const fraud = await paid(DISPUTED_TEST_CARD);
    expect(fraud.status).toBe('succeeded');
    expect((await chargeOf(fraud.id)).disputed).toBe(true);
    await double.idle();
    const [event] = delivered('charge.dispute.created', fraud.id);
    expect(event!.data.object).toMatchObject({
      object: 'dispute',
      payment_intent: fraud.id,
      reason: 'fraudulent',
    });
    expect(delivered('charge.dispute.created', pi.id)).toHaveLength(1);
  });
});
