import {
  brevoSettingsOf,
  ConfigError,
  databaseSettingsOf,
  isConfigError,
  mailSettingsOf,
  natsSettingsOf,
  parseEnv,
  revalidateSecretOf,
  runMode,
  stockHoldSettingsOf,
  stripeSettingsOf,
  tabbySettingsOf,
  uploadsSettingsOf,
  workflowBundleCacheOf,
} from '@qahwa/schema/config';
import { DEV_DEFAULTS, GatewayEnv } from './config/environment';
import type { GatewayConfig } from './config/settings';

export type { GatewayConfig, RateLimit } from './config/settings';
export { ConfigError, isConfigError };

/**
 * The gateway's settings: the environment is read once, here, validated with zod, typed, and
 * every default is written once (the variables: config/environment.ts; service addresses in the
 * shared SERVICE_DEFAULTS table). Other modules receive the `GatewayConfig` object
 * (config/settings.ts) and never read `process.env` themselves.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  // Production unless NODE_ENV is exactly development or test (the shared rule).
  const mode = runMode(env.NODE_ENV);
  if (mode === 'production') {
    const offending = Object.entries(DEV_DEFAULTS)
      .filter(([key, value]) => !env[key] || env[key] === value)
      .map(([key]) => key);
    if (offending.length > 0) {
      throw new ConfigError(
        `Refusing to start in production with default or missing secrets: ${offending.join(', ')}`,
      );
    }
    if ((env.SESSION_SECRET ?? '').length < 32) {
      throw new ConfigError('SESSION_SECRET must be at least 32 characters in production');
    }
  }
  const e = parseEnv('gateway', GatewayEnv, env);
  // The storefront checks the same secret by the same rule (schema/src/config/revalidation.ts).
  const revalidateSecret = revalidateSecretOf('gateway', mode, e.REVALIDATE_SECRET);
  if (e.STOREFRONT_REVALIDATE_URLS.length > 0 && revalidateSecret === null) {
    throw new ConfigError(
      'gateway: STOREFRONT_REVALIDATE_URLS needs REVALIDATE_SECRET (32+ characters) in production',
    );
  }
  if (e.HTTP_HANDLER_TIMEOUT_MS <= e.ORDER_TIMEOUT_MS) {
    // Else a slow checkout would answer 503 TIMEOUT instead of "still processing, try again".
    throw new ConfigError('gateway: HTTP_HANDLER_TIMEOUT_MS must exceed ORDER_TIMEOUT_MS');
  }
  if (e.SHUTDOWN_GRACE_MS <= e.ORDER_TIMEOUT_MS) {
    // Else a deploy could cut off a paid shopper's order while it is still being placed.
    throw new ConfigError('gateway: SHUTDOWN_GRACE_MS must exceed ORDER_TIMEOUT_MS');
  }
  const stripe = stripeSettingsOf(e, mode);
  const tabby = tabbySettingsOf(e, mode);
  return {
    env: mode,
    port: e.GATEWAY_PORT,
    host: e.GATEWAY_HOST,
    databaseUrl: e.DATABASE_URL,
    db: databaseSettingsOf(e),
    natsUrl: e.NATS_URL,
    nats: natsSettingsOf(e),
    temporalAddress: e.TEMPORAL_ADDRESS,
    temporalNamespace: e.TEMPORAL_NAMESPACE,
    checkoutTaskQueue: e.CHECKOUT_TASK_QUEUE,
    workflowBundleCache: workflowBundleCacheOf(e, mode),
    sessionSecret: e.SESSION_SECRET,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3600_000,
    backOfficeOrigin: new URL(e.BACKOFFICE_URL).origin,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    testPayments: stripe.testMode || tabby.testMode,
    logLevel: e.LOG_LEVEL,
    orderTimeoutMs: e.ORDER_TIMEOUT_MS,
    http: { requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS, handlerTimeoutMs: e.HTTP_HANDLER_TIMEOUT_MS },
    trustProxy: e.TRUST_PROXY,
    signIn: {
      freeFailures: e.SIGN_IN_FREE_FAILURES,
      baseDelayMs: e.SIGN_IN_BASE_DELAY_MS,
      maxDelayMs: e.SIGN_IN_MAX_DELAY_MS,
    },
    rateLimits: {
      orders: { max: e.RATE_LIMIT_ORDERS, timeWindow: e.RATE_LIMIT_WINDOW_MS },
      signIn: { max: e.RATE_LIMIT_SIGN_IN, timeWindow: e.RATE_LIMIT_WINDOW_MS },
      notFound: { max: e.RATE_LIMIT_NOT_FOUND, timeWindow: e.RATE_LIMIT_WINDOW_MS },
      messages: { max: e.RATE_LIMIT_MESSAGES, timeWindow: e.RATE_LIMIT_WINDOW_MS },
      views: { max: e.RATE_LIMIT_VIEWS, timeWindow: e.RATE_LIMIT_WINDOW_MS },
      contentReads: { max: e.RATE_LIMIT_CONTENT_READS, timeWindow: e.RATE_LIMIT_WINDOW_MS },
      leads: { max: e.RATE_LIMIT_LEADS, timeWindow: e.RATE_LIMIT_WINDOW_MS },
      coupons: { max: e.RATE_LIMIT_COUPONS, timeWindow: e.RATE_LIMIT_WINDOW_MS },
      couponCode: { max: e.RATE_LIMIT_COUPON_CODE, timeWindow: e.RATE_LIMIT_WINDOW_MS },
      couponsAll: { max: e.RATE_LIMIT_COUPONS_ALL, timeWindow: e.RATE_LIMIT_WINDOW_MS },
    },
    rateLimitSweepMs: e.RATE_LIMIT_SWEEP_MS,
    leadLinkSecret: e.LEAD_LINK_SECRET,
    leadLinkTtlMs: e.LEAD_LINK_TTL,
    eventsSubjectPrefix: e.EVENTS_SUBJECT_PREFIX,
    catalogueRefreshMs: e.CATALOGUE_REFRESH_MS,
    catalogueEventGapMs: e.CATALOGUE_EVENT_GAP_MS,
    storefrontRevalidation: { urls: e.STOREFRONT_REVALIDATE_URLS, secret: revalidateSecret ?? '' },
    stripe,
    stockHolds: stockHoldSettingsOf(e),
    tabby,
    payLater: {
      storefrontUrl: e.STOREFRONT_URL.replace(/\/+$/, ''),
      returnWaitMs: e.PAY_LATER_RETURN_WAIT_MS,
      timing: { expiryMs: e.PAY_LATER_EXPIRY_MS, pollMs: e.PAY_LATER_POLL_MS },
      maxOpenSessionsPerContact: e.PAY_LATER_MAX_OPEN_SESSIONS,
    },
    brevo: brevoSettingsOf(e, mode),
    mail: mailSettingsOf(e),
    uploads: uploadsSettingsOf(e, mode),
    staffLinks: {
      backOfficeUrl: e.BACKOFFICE_URL.replace(/\/+$/, ''),
      ttlMs: e.STAFF_LINK_TTL_HOURS * 3600_000,
    },
  };
}
