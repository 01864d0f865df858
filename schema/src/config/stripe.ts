import { z } from 'zod';
import { ConfigError, type RunMode } from './env';

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
}

/** Development values: the Stripe double (fakes/stripe) and stripe-mock accept them. */
export const STRIPE_DEV_DEFAULTS = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_dev_qahwa_double',
} as const;

/** The Stripe variables (spread into a process's env schema). */
export const StripeEnv = {
  // Empty = Stripe itself; development points it at the double (:12120) or stripe-mock (:12111).
  STRIPE_API_BASE: z.union([z.literal(''), z.url()]).default(''),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'a Stripe secret key (sk_… or rk_…)')
    .default(STRIPE_DEV_DEFAULTS.STRIPE_SECRET_KEY),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).default(STRIPE_DEV_DEFAULTS.STRIPE_WEBHOOK_SECRET),
};

type StripeEnvValues = { STRIPE_API_BASE: string; STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string };

/**
 * The settings, with production's refusals: against Stripe itself (no STRIPE_API_BASE) a test key
 * takes no money, so a store that accepted it would hand out goods for test payments; and the
 * development webhook secret is public, so anyone could forge "payment succeeded". A production
 * build pointed at a double or stripe-mock (the Docker demo) may keep test values.
 */
export function stripeSettingsOf(e: StripeEnvValues, mode: RunMode): StripeSettings {
  const apiBase = e.STRIPE_API_BASE === '' ? null : e.STRIPE_API_BASE.replace(/\/+$/, '');
  if (mode === 'production' && apiBase === null) {
    if (/^(sk|rk)_test_/.test(e.STRIPE_SECRET_KEY)) {
      throw new ConfigError('Refusing a Stripe test key (sk_test_…) against Stripe itself in production');
    }
    if (
      e.STRIPE_WEBHOOK_SECRET === STRIPE_DEV_DEFAULTS.STRIPE_WEBHOOK_SECRET ||
      !e.STRIPE_WEBHOOK_SECRET.startsWith('whsec_')
    ) {
      throw new ConfigError(
        "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…) in production",
      );
    }
  }
  return {
    apiBase,
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    webhookToleranceSeconds: 300,
  };
}
