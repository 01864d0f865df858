import { z } from 'zod';
import { SERVICE_DEFAULTS, TABBY_DEV_DEFAULTS } from '../reference/services';
import { ConfigError, type RunMode } from './env';
import { AllowPaymentDoublesEnv, refuseTestPayments } from './payment-doubles';

/**
 * Tabby settings of the server side, read by the gateway (sessions, the webhook's header) and the
 * workflows (payment reads, capture, close). docs/pay-later.md says why these rules. The web
 * app's public key and promo script are in web/lib/config.ts.
 */
export interface TabbySettings {
  /** Tabby's API host in production; the fake (`fakes/tabby`, :4010) in development and tests. */
  apiBase: string;
  secretKey: string;
  /** SPEC 7: 'GR' unless configured. */
  merchantCode: string;
  /** The one static header Tabby sends with every webhook: its only authentication (TABBY.md). */
  webhookHeader: { title: string; value: string };
  /** No money is taken: a test key, or anything but Tabby's own API (the fake) in its place. */
  testMode: boolean;
}

/** Tabby's one API host, for test and live keys alike (the key selects the mode; docs/tabby.md). */
const TABBY_ITSELF = 'https://api.tabby.ai';

/** The Tabby variables (spread into a process's env schema). */
export const TabbyEnv = {
  TABBY_API_BASE: z.url().default(SERVICE_DEFAULTS.tabbyApiBase),
  TABBY_SECRET_KEY: z
    .string()
    .regex(/^sk_(test_)?[A-Za-z0-9_-]+$/, 'a Tabby secret key (sk_… or sk_test_…)')
    .default(TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY),
  TABBY_MERCHANT_CODE: z.string().min(1).max(50).default(TABBY_DEV_DEFAULTS.TABBY_MERCHANT_CODE),
  TABBY_WEBHOOK_HEADER_TITLE: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'an HTTP header name')
    .default(TABBY_DEV_DEFAULTS.TABBY_WEBHOOK_HEADER_TITLE),
  TABBY_WEBHOOK_HEADER_VALUE: z.string().min(1).default(TABBY_DEV_DEFAULTS.TABBY_WEBHOOK_HEADER_VALUE),
  ...AllowPaymentDoublesEnv,
};

type TabbyEnvValues = {
  TABBY_API_BASE: string;
  TABBY_SECRET_KEY: string;
  TABBY_MERCHANT_CODE: string;
  TABBY_WEBHOOK_HEADER_TITLE: string;
  TABBY_WEBHOOK_HEADER_VALUE: string;
  ALLOW_PAYMENT_DOUBLES: boolean;
};

/**
 * The settings, with production's refusals (as for Stripe; docs/security.md "Payment doubles"):
 * - a test key (or the development one, which is public) takes no money, and so does any
 *   TABBY_API_BASE but Tabby's own (the fake, on loopback, as `tabby-fake` or under any other
 *   name: a host name proves nothing): refused unless ALLOW_PAYMENT_DOUBLES=1;
 * - the webhook's static header is its only authentication, so the development value (public,
 *   the same on every install) or a short one is refused too, under the same flag when no money
 *   is taken, and always with a live key against Tabby itself.
 */
export function tabbySettingsOf(e: TabbyEnvValues, mode: RunMode): TabbySettings {
  const apiBase = e.TABBY_API_BASE.replace(/\/+$/, '');
  const weakHeader =
    e.TABBY_WEBHOOK_HEADER_VALUE === TABBY_DEV_DEFAULTS.TABBY_WEBHOOK_HEADER_VALUE ||
    e.TABBY_WEBHOOK_HEADER_VALUE.length < 24;
  const testReasons = [
    ...(apiBase === TABBY_ITSELF ? [] : [`TABBY_API_BASE is ${apiBase}, not Tabby`]),
    ...(e.TABBY_SECRET_KEY === TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY ||
    e.TABBY_SECRET_KEY.startsWith('sk_test_')
      ? ['TABBY_SECRET_KEY is a test key (sk_test_…)']
      : []),
  ];
  if (mode === 'production' && weakHeader && testReasons.length === 0) {
    throw new ConfigError('TABBY_WEBHOOK_HEADER_VALUE must be set (24+ characters) in production');
  }
  refuseTestPayments(
    'Tabby',
    [
      ...testReasons,
      ...(weakHeader ? ['TABBY_WEBHOOK_HEADER_VALUE is the development or a short value'] : []),
    ],
    mode,
    e.ALLOW_PAYMENT_DOUBLES,
  );
  return {
    apiBase,
    secretKey: e.TABBY_SECRET_KEY,
    merchantCode: e.TABBY_MERCHANT_CODE,
    webhookHeader: { title: e.TABBY_WEBHOOK_HEADER_TITLE, value: e.TABBY_WEBHOOK_HEADER_VALUE },
    testMode: testReasons.length > 0,
  };
}
