import { createStripeClient, refundCard } from '@qahwa/checkout/payments';
import { describe, expect, it } from 'vitest';

/**
 * The contract check of the card refund (refundCard: a cancelled order's refund and a staff refund
 * from the payments screen), against stripe-mock, which validates each request against Stripe's
 * OpenAPI and refuses what Stripe would refuse. The flows themselves are tested against the
 * Stripe double (staff-actions, refunded-checkout).
 */
const STRIPE_MOCK = process.env.STRIPE_MOCK_URL ?? 'http://127.0.0.1:12111';
const stripe = createStripeClient({ apiBase: STRIPE_MOCK, secretKey: 'sk_test_123' });

describe('the card refund against stripe-mock', () => {
  it('a staff refund (no amount: what is left) and an order refund (an amount), each with its idempotency key', async () => {
    const whole = await refundCard(
      stripe,
      {
        paymentIntentId: 'pi_123',
        reference: 'staff-refund-pi_123',
        metadata: { checkoutId: 'card-1', reason: 'no_order' },
      },
      { timeout: 8_000, maxNetworkRetries: 1 },
    );
    expect(whole).toMatchObject({ object: 'refund', id: expect.stringMatching(/^re_/) });
    const part = await refundCard(stripe, {
      paymentIntentId: 'pi_123',
      amountFils: 1_250,
      reference: 'refund-QH-100001-card-1',
      metadata: { orderId: 'QH-100001' },
    });
    expect(part.object).toBe('refund');
  });

  it('a request Stripe would refuse is refused (the check is not a rubber stamp)', async () => {
    await expect(
      stripe.refunds.create({ payment_intent: 'pi_123', reason: 'because' as never }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });
});
