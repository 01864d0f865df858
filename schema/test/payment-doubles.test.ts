import { describe, expect, it } from 'vitest';
import { isConfigError } from '../src/config/env';
import { STRIPE_DEV_DEFAULTS, stripeSettingsOf } from '../src/config/stripe';
import { tabbySettingsOf } from '../src/config/tabby';
import { TABBY_DEV_DEFAULTS } from '../src/reference/services';

/*
 * Production refuses payments that take no money (docs/security.md "Payment doubles"): a test key,
 * a Stripe API base that is not Stripe's, a Tabby base that is not Tabby's, and the development
 * webhook secrets, unless ALLOW_PAYMENT_DOUBLES=1; never the development secrets beside live keys.
 */
const liveStripe = {
  STRIPE_API_BASE: '',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_endpoint',
  ALLOW_PAYMENT_DOUBLES: false,
};
const liveTabby = {
  TABBY_API_BASE: 'https://api.tabby.ai',
  TABBY_SECRET_KEY: 'sk_live_abc',
  TABBY_MERCHANT_CODE: 'GR',
  TABBY_WEBHOOK_HEADER_TITLE: 'X-Qahwa-Tabby-Token',
  TABBY_WEBHOOK_HEADER_VALUE: 'v'.repeat(32),
  ALLOW_PAYMENT_DOUBLES: false,
};

const refusal = (build: () => unknown): string | null => {
  try {
    build();
    return null;
  } catch (err) {
    if (!isConfigError(err)) throw err;
    return err.message;
  }
};

describe('Stripe in production', () => {
  const stripe = (over: Partial<typeof liveStripe>) =>
    refusal(() => stripeSettingsOf({ ...liveStripe, ...over }, 'production'));

  it('takes live keys against Stripe itself (empty base or its own address), in live mode', () => {
    expect(stripe({})).toBeNull();
    expect(stripe({ STRIPE_API_BASE: 'https://api.stripe.com/' })).toBeNull();
    expect(stripeSettingsOf(liveStripe, 'production')).toMatchObject({ apiBase: null, testMode: false });
  });

  it.each([
    ['a test key', { STRIPE_SECRET_KEY: 'sk_test_abc' }, /STRIPE_SECRET_KEY is a test key/],
    ['a restricted test key', { STRIPE_SECRET_KEY: 'rk_test_abc' }, /STRIPE_SECRET_KEY is a test key/],
    [
      'stripe-mock',
      { STRIPE_API_BASE: 'http://stripe-mock:12111' },
      /STRIPE_API_BASE is http:\/\/stripe-mock:12111, not Stripe/,
    ],
    ['the double on loopback', { STRIPE_API_BASE: 'http://127.0.0.1:12120' }, /not Stripe/],
    ['any other host', { STRIPE_API_BASE: 'https://stripe.example.com' }, /not Stripe/],
  ])('refuses %s unless ALLOW_PAYMENT_DOUBLES=1', (_label, over, reason) => {
    expect(stripe(over)).toMatch(reason);
    expect(stripe(over)).toMatch(/ALLOW_PAYMENT_DOUBLES=1/);
    expect(stripe({ ...over, ALLOW_PAYMENT_DOUBLES: true })).toBeNull();
    expect(
      stripeSettingsOf({ ...liveStripe, ...over, ALLOW_PAYMENT_DOUBLES: true }, 'production').testMode,
    ).toBe(true);
  });

  it('refuses the development webhook secret: with test payments unless allowed, with live ones always', () => {
    const devSecret = { STRIPE_WEBHOOK_SECRET: STRIPE_DEV_DEFAULTS.STRIPE_WEBHOOK_SECRET };
    expect(stripe(devSecret)).toMatch(/STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret/);
    expect(stripe({ ...devSecret, ALLOW_PAYMENT_DOUBLES: true })).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(stripe({ STRIPE_WEBHOOK_SECRET: 'not-a-whsec', ALLOW_PAYMENT_DOUBLES: true })).toMatch(
      /STRIPE_WEBHOOK_SECRET/,
    );
    const demo = {
      ...devSecret,
      STRIPE_SECRET_KEY: 'sk_test_demo',
      STRIPE_API_BASE: 'http://stripe-mock:12111',
    };
    expect(stripe(demo)).toMatch(/STRIPE_WEBHOOK_SECRET is not the endpoint's signing secret/);
    expect(stripe({ ...demo, ALLOW_PAYMENT_DOUBLES: true })).toBeNull();
  });

  it('takes the doubles in development and tests, in test mode', () => {
    const dev = {
      ...liveStripe,
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      STRIPE_SECRET_KEY: 'sk_test_123',
    };
    for (const mode of ['development', 'test'] as const) {
      expect(stripeSettingsOf({ ...dev, ...STRIPE_DEV_DEFAULTS }, mode).testMode).toBe(true);
    }
  });
});

describe('Tabby in production', () => {
  const tabby = (over: Partial<typeof liveTabby>) =>
    refusal(() => tabbySettingsOf({ ...liveTabby, ...over }, 'production'));

  it('takes a live key and a long header against Tabby itself, in live mode', () => {
    expect(tabby({})).toBeNull();
    expect(tabbySettingsOf(liveTabby, 'production').testMode).toBe(false);
  });

  it.each([
    ['the fake by its compose name', { TABBY_API_BASE: 'http://tabby-fake:4010' }],
    ['the fake on localhost', { TABBY_API_BASE: 'http://localhost:4010' }],
    ['the fake on 127.0.0.1', { TABBY_API_BASE: 'http://127.0.0.1:4010' }],
    ['any other host', { TABBY_API_BASE: 'https://tabby.example.com' }],
    ['Tabby over plain HTTP', { TABBY_API_BASE: 'http://api.tabby.ai' }],
    ['a test key', { TABBY_SECRET_KEY: 'sk_test_abc' }],
    ['the development key', { TABBY_SECRET_KEY: TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY }],
  ])('refuses %s unless ALLOW_PAYMENT_DOUBLES=1', (_label, over) => {
    expect(tabby(over)).toMatch(/Tabby in test mode/);
    expect(tabby({ ...over, ALLOW_PAYMENT_DOUBLES: true })).toBeNull();
  });

  it('refuses the development or a short webhook header: with test payments unless allowed, with live ones always', () => {
    for (const value of [TABBY_DEV_DEFAULTS.TABBY_WEBHOOK_HEADER_VALUE, 'short']) {
      expect(tabby({ TABBY_WEBHOOK_HEADER_VALUE: value })).toMatch(/TABBY_WEBHOOK_HEADER_VALUE must be set/);
      expect(tabby({ TABBY_WEBHOOK_HEADER_VALUE: value, ALLOW_PAYMENT_DOUBLES: true })).toMatch(
        /TABBY_WEBHOOK_HEADER_VALUE/,
      );
      const demo = { TABBY_WEBHOOK_HEADER_VALUE: value, TABBY_API_BASE: 'http://tabby-fake:4010' };
      expect(tabby(demo)).toMatch(/Tabby in test mode/);
      expect(tabby({ ...demo, ALLOW_PAYMENT_DOUBLES: true })).toBeNull();
    }
  });
});
