import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeDouble } from '@qahwa/fake-stripe';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The stateful Stripe double (fakes/stripe) driven by the real `stripe` package: what the
 * gateway and the workflows send, the double must understand the way Stripe does, and its
 * events must pass the package's own signature check.
 */
const SECRET = 'whsec_double_test';
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

async function confirmWithPublishableKey(pi: Stripe.PaymentIntent, number: string) {
  // As Stripe.js does: the publishable key and the client secret in the form body, no secret key.
  const body = new URLSearchParams({
    key: 'pk_test_storefront',
    client_secret: pi.client_secret!,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[billing_details][name]': 'Sara Ali',
  });
  const res = await fetch(`${double.url}/v1/payment_intents/${pi.id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    body,
  });
  return {
    status: res.status,
    cors: res.headers.get('access-control-allow-origin'),
    // biome-ignore lint/suspicious/noExplicitAny: -- a Stripe object or error, read field by field
    json: (await res.json()) as any,
  };
}

describe('Stripe double', () => {
  it('creates, updates and retrieves an intent as Stripe does, metadata included', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 12_345,
      currency: 'aed',
      metadata: { checkoutId: 'card-abc12345' },
      automatic_payment_methods: { enabled: true },
    });
    expect(pi).toMatchObject({
      object: 'payment_intent',
      amount: 12_345,
      currency: 'aed',
      status: 'requires_payment_method',
    });
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_`));
    const updated = await stripe.paymentIntents.update(pi.id, { amount: 20_000, metadata: { claim: '2' } });
    expect(updated.amount).toBe(20_000);
    expect(updated.metadata).toEqual({ checkoutId: 'card-abc12345', claim: '2' });
    expect((await stripe.paymentIntents.retrieve(pi.id)).amount).toBe(20_000);
  });

  it('refuses what Stripe refuses, in Stripe error shapes', async () => {
    await expect(stripe.paymentIntents.create({ amount: 100, currency: 'aed' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_small',
    });
    await expect(stripe.paymentIntents.retrieve('pi_nope1234')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    const noKey = await fetch(`${double.url}/v1/payment_intents`, { method: 'POST' });
    expect(noKey.status).toBe(401);
  });

  it('4242 succeeds (publishable key + client secret, CORS) and sends a signed payment_intent.succeeded', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5_000, currency: 'aed' });
    const confirmed = await confirmWithPublishableKey(pi, '4242424242424242');
    expect(confirmed.status).toBe(200);
    expect(confirmed.cors).toBe('*');
    expect(confirmed.json.status).toBe('succeeded');
    await double.idle();
    const delivery = received.find((r) => r.body.includes(pi.id));
    expect(delivery).toBeDefined();
    const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, SECRET, 300);
    expect(event.type).toBe('payment_intent.succeeded');
    expect((event.data.object as Stripe.PaymentIntent).amount_received).toBe(5_000);
    // Updating a paid intent is refused, as Stripe does.
    await expect(stripe.paymentIntents.update(pi.id, { amount: 9_000 })).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it("declines Stripe's decline test cards with 402 and a payment_failed event", async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5_000, currency: 'aed' });
    const declined = await confirmWithPublishableKey(pi, '4000000000009995');
    expect(declined.status).toBe(402);
    expect(declined.json.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    expect(declined.json.error.payment_intent.status).toBe('requires_payment_method');
    expect(double.eventsFor(pi.id).map((e) => e.type)).toEqual(['payment_intent.payment_failed']);
    // The same intent can then be paid with another card.
    await expect(
      stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' }),
    ).resolves.toMatchObject({
      status: 'succeeded',
    });
  });

  it('a wrong client secret cannot confirm; a forged, stale or tampered delivery fails the check', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5_000, currency: 'aed' });
    const wrong = await confirmWithPublishableKey(
      { ...pi, client_secret: `${pi.id}_secret_wrong` },
      '4242424242424242',
    );
    expect(wrong.status).toBe(400);
    await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
    const [event] = double.eventsFor(pi.id, 'payment_intent.succeeded');
    await double.idle();
    received.length = 0;
    await double.deliver(event!, { secret: 'whsec_forged' });
    await double.deliver(event!, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    await double.deliver(event!, { tamper: (p) => p.replace('"amount": 5000', '"amount": 1') });
    expect(received).toHaveLength(3);
    for (const r of received) {
      expect(() => stripe.webhooks.constructEvent(r.body, r.signature, SECRET, 300)).toThrow();
    }
  });
});
