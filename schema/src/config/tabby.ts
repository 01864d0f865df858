import { z } from 'zod';
import { SERVICE_DEFAULTS, TABBY_DEV_DEFAULTS } from '../reference/services';
import { ConfigError, type RunMode } from './env';

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
}

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
};

type TabbyEnvValues = {
  TABBY_API_BASE: string;
  TABBY_SECRET_KEY: string;
  TABBY_MERCHANT_CODE: string;
  TABBY_WEBHOOK_HEADER_TITLE: string;
  TABBY_WEBHOOK_HEADER_VALUE: string;
};

/**
 * The settings, with production's refusals (as for Stripe): the development secret key is public
 * and a test key takes no money, so goods would go out for nothing; the development header value
 * is public too, and the header is the webhook's only authentication — with it anyone could make
 * the store look at a payment (harmless, the workflow asks Tabby, but noisy) and, worse, the value
 * would be the same on every install. A production build pointed at the fake (the Docker demo,
 * TABBY_API_BASE on loopback) may keep the development values.
 */
export function tabbySettingsOf(e: TabbyEnvValues, mode: RunMode): TabbySettings {
  const apiBase = e.TABBY_API_BASE.replace(/\/+$/, '');
  const host = new URL(apiBase).hostname;
  const isFake = host === '127.0.0.1' || host === 'localhost' || host === '::1' || host === 'tabby-fake';
  if (mode === 'production' && !isFake) {
    if (
      e.TABBY_SECRET_KEY === TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY ||
      e.TABBY_SECRET_KEY.startsWith('sk_test_')
    ) {
      throw new ConfigError('Refusing a Tabby test key (sk_test_…) against Tabby itself in production');
    }
    if (
      e.TABBY_WEBHOOK_HEADER_VALUE === TABBY_DEV_DEFAULTS.TABBY_WEBHOOK_HEADER_VALUE ||
      e.TABBY_WEBHOOK_HEADER_VALUE.length < 24
    ) {
      throw new ConfigError('TABBY_WEBHOOK_HEADER_VALUE must be set (24+ characters) in production');
    }
  }
  return {
    apiBase,
    secretKey: e.TABBY_SECRET_KEY,
    merchantCode: e.TABBY_MERCHANT_CODE,
    webhookHeader: { title: e.TABBY_WEBHOOK_HEADER_TITLE, value: e.TABBY_WEBHOOK_HEADER_VALUE },
  };
}
