import { StripeDouble } from '@qahwa/fake-stripe';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Stripe double's outage control: Stripe down for one caller (by its secret key), one method
 * and path, while every other caller is served — how the card-path tests make the gateway lose
 * Stripe while the checkout worker still reaches it. A refused request is not carried out.
 */
let double: StripeDouble;
const client = (key: string) => {
  const url = new URL(double.url);
  return new Stripe(key, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
};

beforeAll(async () => {
  double = new StripeDouble({ webhookSecret: 'whsec_outage_test' });
  await double.listen();
});
afterAll(async () => {
  await double.close();
});

describe('Stripe double outages', () => {
  it("refuses the named caller's requests with Stripe's 503 api_error and serves the others; ending it serves all", async () => {
    const gateway = client('sk_test_gateway');
    const worker = client('sk_test_worker');
    const intent = await worker.paymentIntents.create({ amount: 1_000, currency: 'aed' });
    const end = double.outage({ method: 'GET', path: /payment_intents/, secretKey: 'sk_test_gateway' });

    const down = await gateway.paymentIntents.retrieve(intent.id).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect((down as Stripe.errors.StripeAPIError).statusCode).toBe(503);
    expect((await worker.paymentIntents.retrieve(intent.id)).id).toBe(intent.id);
    // Another method on the same path, for the same caller, is served.
    expect((await gateway.paymentIntents.update(intent.id, { metadata: { a: '1' } })).metadata.a).toBe('1');

    end();
    expect((await gateway.paymentIntents.retrieve(intent.id)).id).toBe(intent.id);
  });

  it('a refused refund is not made, and its Idempotency-Key is not kept: the retry after the outage refunds once', async () => {
    const stripe = client('sk_test_gateway');
    const created = await stripe.paymentIntents.create({ amount: 2_000, currency: 'aed' });
    const pm = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242' },
    } as never);
    const intent = await stripe.paymentIntents.confirm(created.id, { payment_method: pm.id });
    expect(intent.status).toBe('succeeded');
    const res = await fetch(`${double.url}/_double/outage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', path: '^/v1/refunds$', secretKey: 'sk_test_gateway' }),
    });
    expect(res.status).toBe(200);
    const refund = () =>
      stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: `auto-refund-${intent.id}` });

    expect(await refund().catch((e: unknown) => (e as Stripe.errors.StripeError).statusCode)).toBe(503);
    expect(double.refundsFor(intent.id)).toEqual([]);

    expect((await fetch(`${double.url}/_double/outage`, { method: 'DELETE' })).status).toBe(200);
    const made = await refund();
    expect(made).toMatchObject({ amount: 2_000, status: 'succeeded' });
    expect(double.refundsFor(intent.id)).toHaveLength(1);
  });
});
