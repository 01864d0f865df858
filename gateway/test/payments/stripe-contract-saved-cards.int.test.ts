import { chargeSavedCard, createStripeClient, findSavedCardPayment } from '@qahwa/checkout/payments';
import { describe, expect, it } from 'vitest';

/**
 * The contract check of a subscription's Stripe requests (docs/subscriptions.md "Stripe") against
 * stripe-mock, which validates each request against Stripe's OpenAPI: the Customer, the first
 * PaymentIntent that saves the card, the off-session charge `chargeSavedCard` builds and the list
 * `findSavedCardPayment` reads. What
 * Stripe answers to them (saved, charged, declined) is tested against the Stripe double
 * (stripe-double-saved-cards.test.ts, workflows/test/subscription.int.test.ts).
 */
const STRIPE_MOCK = process.env.STRIPE_MOCK_URL ?? 'http://127.0.0.1:12111';
const stripe = createStripeClient({ apiBase: STRIPE_MOCK, secretKey: 'sk_test_123' });

describe('a subscription’s Stripe requests against stripe-mock', () => {
  it('the Customer, the first intent with setup_future_usage, and the off-session charge are accepted', async () => {
    const customer = await stripe.customers.create({
      email: 'sara@example.com',
      name: 'Sara Ali',
      metadata: { subscription: 'SB-100001' },
    });
    expect(customer.id).toMatch(/^cus_/);
    const first = await stripe.paymentIntents.create({
      amount: 14_100,
      currency: 'aed',
      customer: customer.id,
      setup_future_usage: 'off_session',
      automatic_payment_methods: { enabled: true },
      metadata: { checkoutId: 'card-1', subscription: 'SB-100001' },
    });
    expect(first.id).toMatch(/^pi_/);
    const outcome = await chargeSavedCard(stripe, {
      amountFils: 14_100,
      customer: customer.id,
      paymentMethod: 'pm_123',
      idempotencyKey: 'subscription-SB-100001-cycle-2-attempt-1',
      metadata: { subscription: 'SB-100001', cycle: '2' },
    });
    // stripe-mock answers a fixture (not `succeeded`): what matters here is that Stripe's schema took it.
    expect(outcome.paymentIntentId).toMatch(/^pi_/);
    // The look for a charge whose answer was lost: the Customer's intents listed.
    await expect(
      findSavedCardPayment(stripe, customer.id, { subscription: 'SB-100001', cycle: '2' }),
    ).resolves.not.toBeUndefined();
  });

  it('a request Stripe would refuse is refused (the check is not a rubber stamp)', async () => {
    await expect(
      stripe.paymentIntents.create({
        amount: 14_100,
        currency: 'aed',
        setup_future_usage: 'sometimes' as never,
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });
});
