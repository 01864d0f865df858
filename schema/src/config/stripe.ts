import { z } from 'zod';
import { ConfigError, type RunMode } from './env';
import { AllowPaymentDoublesEnv, refuseTestPayments } from './payment-doubles';

/**
 * Stripe settings, read by the gateway (payment intents, webhooks) and the workflows (the
 * intent's retrieval at capture). docs/payments.md says why these rules.
 */
export interface StripeSettings {
  /** Where the Stripe API answers; null = Stripe itself (api.stripe.com over HTTPS). */
  apiBase: string | null;
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** Oldest signature timestamp accepted, seconds (Stripe's default and our rule: 300). */
  webhookToleranceSeconds: number;
  /** No money is taken: a test key, or a double or stripe-mock in Stripe's place. */
  testMode: boolean;
}

/** Development values: the Stripe double (fakes/stripe) and stripe-mock accept them. */
export const STRIPE_DEV_DEFAULTS = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_dev_qahwa_double',
} as const;

/** Stripe's own API: the only base where a live key takes money. */
const STRIPE_ITSELF = 'https://api.stripe.com';

/** The Stripe variables (spread into a process's env schema). */
export const StripeEnv = {
  // Empty = Stripe itself; development points it at the double (:12120) or stripe-mock (:12111).
  STRIPE_API_BASE: z.union([z.literal(''), z.url()]).default(''),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'a Stripe secret key (sk_… or rk_…)')
    .default(STRIPE_DEV_DEFAULTS.STRIPE_SECRET_KEY),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).default(STRIPE_DEV_DEFAULTS.STRIPE_WEBHOOK_SECRET),
  ...AllowPaymentDoublesEnv,
};

type StripeEnvValues = {
  STRIPE_API_BASE: string;
  STRIPE_SECRET_KEY: string;
  STRIPE_WEBHOOK_SECRET: string;
  ALLOW_PAYMENT_DOUBLES: boolean;
};

/**
 * The settings, with production's refusals (docs/security.md "Payment doubles"):
 * - a test key, or any STRIPE_API_BASE but Stripe's own (the double, stripe-mock, anything else),
 *   takes no money, so a store that accepted it would hand out goods for test payments: refused
 *   unless ALLOW_PAYMENT_DOUBLES=1 (a demo, which then says so on every page);
 * - the development webhook secret is public (anyone could forge "payment succeeded"), so it is
 *   refused too, under the same flag when no money is taken, and always with a live key against
 *   Stripe itself: the flag never lets real money ride on a forgeable webhook.
 */
export function stripeSettingsOf(e: StripeEnvValues, mode: RunMode): StripeSettings {
  const base = e.STRIPE_API_BASE.replace(/\/+$/, '');
  const apiBase = base === '' || base === STRIPE_ITSELF ? null : base;
  const weakWebhookSecret =
    e.STRIPE_WEBHOOK_SECRET === STRIPE_DEV_DEFAULTS.STRIPE_WEBHOOK_SECRET ||
    !e.STRIPE_WEBHOOK_SECRET.startsWith('whsec_');
  const testReasons = [
    ...(apiBase === null ? [] : [`STRIPE_API_BASE is ${apiBase}, not Stripe`]),
    ...(/^(sk|rk)_test_/.test(e.STRIPE_SECRET_KEY) ? ['STRIPE_SECRET_KEY is a test key (sk_test_…)'] : []),
  ];
  if (mode === 'production' && weakWebhookSecret && testReasons.length === 0) {
    throw new ConfigError(
      "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…) in production",
    );
  }
  refuseTestPayments(
    'Stripe',
    [
      ...testReasons,
      ...(weakWebhookSecret ? ["STRIPE_WEBHOOK_SECRET is not the endpoint's signing secret"] : []),
    ],
    mode,
    e.ALLOW_PAYMENT_DOUBLES,
  );
  return {
    apiBase,
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    webhookToleranceSeconds: 300,
    testMode: testReasons.length > 0,
  };
}
