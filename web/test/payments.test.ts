import { describe, expect, it } from 'vitest';
import { buildCodOrder } from '@/checkout/order-request';
import { loadWebConfig } from '@/lib/config';
import { billingDetails } from '@/payments/billing';
import { cardOrderRequest, paymentIntentRequest } from '@/payments/card-order';
import {
  STRIPE_DOUBLE_PUBLISHABLE_KEY,
  STRIPE_DOUBLE_SCRIPT,
  stripeClientConfig,
} from '@/payments/stripe-client-config';

const claim = () =>
  buildCodOrder({
    customerInfo: { fullName: 'Mariam Al Hashimi', email: 'mariam@example.ae', phone: '+971 50 123 4567' },
    shippingInfo: { emirate: 'dubai', city: 'dubai-marina', address: 'Marina Walk, Tower 5, Flat 1203' },
    items: [
      {
        id: 'line-1',
        productId: '0b5b7c1e-1d2f-4c3a-9b8e-7f6a5d4c3b2a',
        variationId: '1c6c8d2f-2e3a-4d4b-8c9f-8a7b6e5d4c3b',
        name: 'Emirati Gahwa Blend',
        nameAr: 'خلطة القهوة الإماراتية',
        price: 105,
        quantity: 2,
        image: '',
        variation: { weight: '500g', beans: 'House Blend', additions: 'Cardamom' },
      },
    ],
    summary: { subtotalFils: 210_00, discountFils: 0, shippingFils: 0, totalFils: 210_00 },
    locale: 'ar',
  });

describe('which Stripe.js the payment step loads', () => {
  it('loads real Stripe.js only when a publishable key is configured', () => {
    expect(stripeClientConfig('pk_live_51abc')).toEqual({ kind: 'stripe', publishableKey: 'pk_live_51abc' });
    expect(stripeClientConfig(undefined)).toEqual({
      kind: 'double',
      publishableKey: STRIPE_DOUBLE_PUBLISHABLE_KEY,
      scriptUrl: STRIPE_DOUBLE_SCRIPT,
    });
  });

  it('reads the key at run time under either name, and refuses what is not a publishable key', () => {
    expect(loadWebConfig({}).stripePublishableKey).toBeUndefined();
    expect(loadWebConfig({ STRIPE_PUBLISHABLE_KEY: '' }).stripePublishableKey).toBeUndefined();
    expect(loadWebConfig({ NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }).stripePublishableKey).toBe(
      'pk_test_abc',
    );
    // A secret key pasted into the browser's setting would be published to every shopper.
    expect(() => loadWebConfig({ STRIPE_PUBLISHABLE_KEY: 'sk_live_abc' })).toThrow(/pk_live_/);
    expect(loadWebConfig({ STRIPE_DOUBLE_URL: 'http://127.0.0.1:5320/' }).stripeDoubleUrl).toBe(
      'http://127.0.0.1:5320',
    );
  });
});

describe('what the card path sends', () => {
  it('asks for an intent with the same claim as the order, in AED, the total as a claim', () => {
    const request = paymentIntentRequest(claim());
    expect(request).toMatchObject({
      amount: 210,
      currency: 'aed',
      subtotal: 210,
      shippingCost: 0,
      locale: 'ar',
    });
    expect(request.items).toEqual(claim().items);
    expect(request).not.toHaveProperty('totalAmount');
    expect(request).not.toHaveProperty('paymentProvider');
  });

  it('creates the order with the intent Stripe confirmed', () => {
    expect(cardOrderRequest(claim(), 'pi_3Q1abc')).toMatchObject({
      paymentProvider: 'STRIPE',
      paymentIntentId: 'pi_3Q1abc',
      totalAmount: 210,
    });
  });

  it('confirms with SPEC 7 billing details: name, e-mail, phone, city and address line', () => {
    const { customerInfo, shippingInfo } = claim();
    expect(billingDetails(customerInfo, shippingInfo)).toEqual({
      name: 'Mariam Al Hashimi',
      email: 'mariam@example.ae',
      phone: '+971 50 123 4567',
      address: { city: 'Dubai Marina', line1: 'Marina Walk, Tower 5, Flat 1203', country: 'AE' },
    });
  });
});
