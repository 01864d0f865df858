import { StripeDouble } from '@qahwa/fake-stripe';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The double's Customers, saved cards and off-session charges (fakes/stripe/src/customers.ts,
 * off-session.ts), driven by the real `stripe` package as a subscription's cycles will drive them
 * (docs/subscriptions.md): the first payment saves the card, later ones charge it with nobody
 * present, each with its own Idempotency-Key, and Stripe's test cards fail the way Stripe's do.
 */
let double: StripeDouble;
let stripe: Stripe;

beforeAll(async () => {
  double = new StripeDouble();
  await double.listen();
  stripe = new Stripe('sk_test_double', double.clientConfig());
});
afterAll(async () => {
  await double.close();
});

const chargesOf = (pi: string) => [...double.charges.values()].filter((c) => c.payment_intent === pi);
const paidCharges = (customerPayments: string[]) =>
  customerPayments.flatMap(chargesOf).filter((c) => c.status === 'succeeded');

/** The first delivery: the shopper pays on-session and agrees to have the card saved. */
async function subscribe(paymentMethod: string, email = 'sara@example.com') {
  const customer = await stripe.customers.create({
    email,
    name: 'Sara Ali',
    metadata: { subscription: 'SB-1' },
  });
  const first = await stripe.paymentIntents.create({
    amount: 9_500,
    currency: 'aed',
    customer: customer.id,
    setup_future_usage: 'off_session',
  });
  const paid = await stripe.paymentIntents.confirm(first.id, { payment_method: paymentMethod });
  return { customer, first: paid, card: paid.payment_method as string };
}

/** A later cycle: the saved card charged with nobody present. */
const chargeCycle = (customer: string, card: string, key: string, amount = 9_500) =>
  stripe.paymentIntents.create(
    {
      amount,
      currency: 'aed',
      customer,
      payment_method: card,
      off_session: true,
      confirm: true,
      metadata: { subscription: 'SB-1' },
    },
    { idempotencyKey: key },
  );

describe('Stripe double: customers and saved cards', () => {
  it('creates, retrieves and updates a customer; an unknown one is 404 resource_missing', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com', name: 'Amal' });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'a@example.com',
      name: 'Amal',
      invoice_settings: { default_payment_method: null },
    });
    expect(customer.id).toMatch(/^cus_/);
    await expect(stripe.customers.retrieve(customer.id)).resolves.toMatchObject({ email: 'a@example.com' });
    await expect(stripe.customers.update(customer.id, { email: 'b@example.com' })).resolves.toMatchObject({
      email: 'b@example.com',
    });
    await expect(stripe.customers.retrieve('cus_nobody')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('saves the first payment’s card to the customer and charges it off-session, once per key', async () => {
    const { customer, first, card } = await subscribe('pm_card_visa');
    expect(first).toMatchObject({
      status: 'succeeded',
      customer: customer.id,
      setup_future_usage: 'off_session',
    });
    expect(card).toMatch(/^pm_/);
    const saved = await stripe.customers.listPaymentMethods(customer.id);
    expect(saved.data.map((pm) => [pm.id, pm.customer, pm.card?.last4])).toEqual([
      [card, customer.id, '4242'],
    ]);
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card } });

    const cycle2 = await chargeCycle(customer.id, card, 'subscription-SB-1-cycle-2-attempt-1');
    expect(cycle2).toMatchObject({ status: 'succeeded', amount_received: 9_500, customer: customer.id });
    // The worker died before it recorded the answer: the retry with the same key is the same intent.
    const retried = await chargeCycle(customer.id, card, 'subscription-SB-1-cycle-2-attempt-1');
    expect(retried.id).toBe(cycle2.id);
    expect(paidCharges([first.id, cycle2.id])).toHaveLength(2);
    // The next cycle is a new key and a new charge.
    const cycle3 = await chargeCycle(customer.id, card, 'subscription-SB-1-cycle-3-attempt-1');
    expect(cycle3.id).not.toBe(cycle2.id);
    expect(paidCharges([first.id, cycle2.id, cycle3.id])).toHaveLength(3);
    // The customer's intents, newest first: where a charge whose answer was lost is found again.
    const listed = await stripe.paymentIntents.list({ customer: customer.id, limit: 2 });
    expect(listed.data.map((pi) => [pi.id, pi.metadata.subscription])).toEqual([
      [cycle3.id, 'SB-1'],
      [cycle2.id, 'SB-1'],
    ]);
    expect(listed.has_more).toBe(true);
  });

  it('insufficient funds off-session: 402, the intent back to requires_payment_method, the key replays the decline', async () => {
    const customer = await stripe.customers.create({ email: 'poor@example.com' });
    const pm = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000000000009995', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    await stripe.paymentMethods.attach(pm.id, { customer: customer.id });
    const failure = await chargeCycle(customer.id, pm.id, 'subscription-SB-2-cycle-2-attempt-1').catch(
      (e) => e,
    );
    expect(failure).toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    expect(failure.payment_intent).toMatchObject({
      status: 'requires_payment_method',
      customer: customer.id,
    });
    const replay = await chargeCycle(customer.id, pm.id, 'subscription-SB-2-cycle-2-attempt-1').catch(
      (e) => e,
    );
    expect(replay).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
    expect(replay.payment_intent.id).toBe(failure.payment_intent.id);
    expect(chargesOf(failure.payment_intent.id)).toHaveLength(1);
    // The retry days later is a new attempt with its own key: charged again, declined again.
    const later = await chargeCycle(customer.id, pm.id, 'subscription-SB-2-cycle-2-attempt-2').catch(
      (e) => e,
    );
    expect(later.payment_intent.id).not.toBe(failure.payment_intent.id);
  });

  it('4000 0027 6000 3184 pays on-session but every off-session charge needs authentication', async () => {
    const { customer, card } = await subscribe('pm_card_authenticationRequired');
    const failure = await chargeCycle(customer.id, card, 'subscription-SB-3-cycle-2-attempt-1').catch(
      (e) => e,
    );
    expect(failure).toMatchObject({
      statusCode: 402,
      code: 'authentication_required',
      decline_code: 'authentication_required',
    });
    // The shopper comes back (the manage link) and confirms that same intent on-session.
    const intent = failure.payment_intent as Stripe.PaymentIntent;
    expect(intent.status).toBe('requires_payment_method');
    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method: card })).resolves.toMatchObject({
      status: 'succeeded',
    });
  });

  it('4000 0025 0000 3155 needs authentication off-session unless it was set up by the shopper’s payment', async () => {
    const { customer, card } = await subscribe('pm_card_authenticationRequiredOnSetup');
    await expect(
      chargeCycle(customer.id, card, 'subscription-SB-4-cycle-2-attempt-1'),
    ).resolves.toMatchObject({
      status: 'succeeded',
    });
    // Only attached, never set up with the shopper present: the bank asks for authentication.
    const other = await stripe.customers.create({ email: 'c@example.com' });
    const attached = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000002500003155', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    await stripe.paymentMethods.attach(attached.id, { customer: other.id });
    await expect(
      chargeCycle(other.id, attached.id, 'subscription-SB-5-cycle-2-attempt-1'),
    ).rejects.toMatchObject({
      code: 'authentication_required',
    });
  });

  it('4000 0000 0000 0341 attaches to the customer, and every charge of it is declined', async () => {
    const customer = await stripe.customers.create({ email: 'd@example.com' });
    const pm = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000000000000341', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    await expect(stripe.paymentMethods.attach(pm.id, { customer: customer.id })).resolves.toMatchObject({
      customer: customer.id,
    });
    await expect(
      chargeCycle(customer.id, pm.id, 'subscription-SB-6-cycle-2-attempt-1'),
    ).rejects.toMatchObject({
      statusCode: 402,
      code: 'card_declined',
    });
  });

  it('a card saved to one customer cannot pay for another’s, nor off-session without its customer', async () => {
    const { card } = await subscribe('pm_card_visa', 'e@example.com');
    const stranger = await stripe.customers.create({ email: 'f@example.com' });
    await expect(chargeCycle(stranger.id, card, 'subscription-SB-7-cycle-2-attempt-1')).rejects.toMatchObject(
      {
        statusCode: 400,
        type: 'StripeInvalidRequestError',
        param: 'payment_method',
      },
    );
    await expect(
      stripe.paymentIntents.create({ amount: 500, currency: 'aed', customer: 'cus_nobody' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
  });

  it('detaching a card takes it off the customer’s list and default', async () => {
    const { customer, card } = await subscribe('pm_card_visa', 'g@example.com');
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card } });
    await stripe.paymentMethods.detach(card);
    await expect(stripe.customers.retrieve(customer.id)).resolves.toMatchObject({
      invoice_settings: { default_payment_method: null },
    });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
  });
});
