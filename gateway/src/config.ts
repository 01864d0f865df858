import {
  BrevoEnv,
  type BrevoSettings,
  brevoSettingsOf,
  ConfigError,
  DatabaseEnv,
  type DatabaseSettings,
  databaseSettingsOf,
  isConfigError,
  LeadLinkEnv,
  MailEnv,
  type MailSettings,
  mailSettingsOf,
  NatsEnv,
  type NatsSettings,
  natsSettingsOf,
  parseEnv,
  type RunMode,
  revalidateSecretOf,
  runMode,
  StripeEnv,
  type StripeSettings,
  stripeSettingsOf,
  TabbyEnv,
  type TabbySettings,
  tabbySettingsOf,
  UploadsEnv,
  type UploadsSettings,
  uploadsSettingsOf,
  WorkflowBundleEnv,
  workflowBundleCacheOf,
} from '@qahwa/schema/config';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { z } from 'zod';

export { ConfigError, isConfigError };

/**
 * The gateway's settings: the environment is read once, here, validated with zod, typed, and
 * every default is written once (service addresses in the shared SERVICE_DEFAULTS table).
 * Other modules receive the `GatewayConfig` object and never read `process.env` themselves.
 */
export interface GatewayConfig {
  env: RunMode;
  port: number;
  host: string;
  databaseUrl: string;
  /** Pool size and the timeouts of every connection (docs/operations.md). */
  db: DatabaseSettings;
  natsUrl: string;
  /** NATS_URL with NATS_USER and NATS_PASSWORD when the server requires them: what `connect()` takes. */
  nats: NatsSettings;
  temporalAddress: string;
  temporalNamespace: string;
  checkoutTaskQueue: string;
  /** The eager worker takes the workflow bundle from the tests' cache (WORKFLOW_BUNDLE_CACHE; refused in production). */
  workflowBundleCache: boolean;
  sessionSecret: string;
  sessionTtlMs: number;
  /** A staff session unused this long is over (SESSION_IDLE_HOURS, default 8; docs/security.md). */
  sessionIdleMs: number;
  /**
   * The back office's own origin (BACKOFFICE_URL's): a state-changing staff request must come from
   * a page of it (auth/same-origin.ts, docs/security.md "Cross-site requests").
   */
  backOfficeOrigin: string;
  /**
   * How long shutting down waits for card orders in flight (a paid shopper waiting for their
   * order) before closing connections: SHUTDOWN_GRACE_MS, more than ORDER_TIMEOUT_MS.
   */
  shutdownGraceMs: number;
  /** No money is taken (a test key or a provider double): every page of both apps says so. */
  testPayments: boolean;
  logLevel: string;
  /** How long POST /api/orders waits for the workflow before answering "still processing". */
  orderTimeoutMs: number;
  /**
   * Which peers may tell us the client's address in X-Forwarded-For: Fastify's `trustProxy`
   * address/CIDR list (proxy-addr names such as `loopback` allowed). Only these hops are believed,
   * so a browser's own claim is never the rate-limit key. No hop count: Fastify 5 refuses it
   * (it cannot check who the immediate peer is), and so do we.
   */
  trustProxy: string[];
  /**
   * Request deadlines: the whole request must arrive within `requestTimeoutMs`; the answer must
   * leave within `handlerTimeoutMs` (else 503 TIMEOUT), which must exceed `orderTimeoutMs`.
   */
  http: { requestTimeoutMs: number; handlerTimeoutMs: number };
  /** Per-account sign-in limit: free failures per e-mail, then a delay that doubles up to a cap. */
  signIn: { freeFailures: number; baseDelayMs: number; maxDelayMs: number };
  /**
   * Per-address request limits (@fastify/rate-limit's `max` requests per `timeWindow` ms), one per
   * limited route, set here and nowhere else so a test or the fuzzer can raise them without
   * touching the routes. The defaults are the production values (docs/security.md).
   */
  rateLimits: {
    orders: RateLimit;
    signIn: RateLimit;
    notFound: RateLimit;
    /** What a person writes (a review, a contact message, a newsletter signup): a few a minute. */
    messages: RateLimit;
    /** Product page views (POST /api/products/{id}/views): one per page a shopper opens. */
    views: RateLimit;
    /** The storefront's content and category reads, which the Next server asks on renders. */
    contentReads: RateLimit;
    /** The storefront's lead reports (PATCH /api/leads, cart abandonment beacons): a few per page view. */
    leads: RateLimit;
    /**
     * Coupon checks (POST /api/promotions/validate, docs/promotions.md): per address; and, counted
     * whoever asks, refused checks per typed code and refused checks of the whole store.
     */
    coupons: RateLimit;
    couponCode: RateLimit;
    couponsAll: RateLimit;
  };
  /** Signs and checks the cart-recovery link's token (docs/leads.md); shared with the workflows. */
  leadLinkSecret: string;
  /** How long a recovery link the gateway's own checkout worker signs works (LEAD_LINK_TTL). */
  leadLinkTtlMs: number;
  /** Prefix of the event subjects (EVENTS_SUBJECT_PREFIX, shared with the workers): the gateway follows CatalogueChanged under it. */
  eventsSubjectPrefix: string;
  /** The in-memory catalogue's safety rebuild, in case a CatalogueChanged never arrives (docs/performance.md). */
  catalogueRefreshMs: number;
  /** The shortest time between two rebuilds on CatalogueChanged (a burst of orders becomes one). */
  catalogueEventGapMs: number;
  /** Storefronts to tell when the catalogue changed (web `POST /revalidate/catalogue`), and the shared secret. */
  storefrontRevalidation: { urls: string[]; secret: string };
  /** Payment intents and the webhook's signature (docs/payments.md). */
  stripe: StripeSettings;
  /** Pay later: Tabby's API and the webhook's static header (docs/pay-later.md). */
  tabby: TabbySettings;
  payLater: {
    /** The storefront's public origin: Tabby sends the shopper back to `{origin}/checkout/pay-later`. */
    storefrontUrl: string;
    /** How long the shopper's return waits for the workflow's answer before saying `pending`. */
    returnWaitMs: number;
    timing: { expiryMs: number; pollMs: number[] };
    /** Sessions one phone or e-mail may have open at Tabby at once (docs/pay-later.md). */
    maxOpenSessionsPerContact: number;
  };
  /** The e-mail-marketing provider: /backend/brevo asks it whether the key works (docs/crm.md). */
  brevo: BrevoSettings;
  /** The order confirmation is sent by the checkout worker in this process too (docs/email.md). */
  mail: MailSettings;
  /** Staff's images: local disk (UPLOADS_DIR) or Cloudinary when its keys are set (docs/admin.md). */
  uploads: UploadsSettings;
  /**
   * Staff invitations and resets (docs/users.md): the back office's public origin, where the
   * e-mailed one-time link opens, and how long such a link works.
   */
  staffLinks: { backOfficeUrl: string; ttlMs: number };
}

/** A route's per-address limit, in the shape `config.rateLimit` of @fastify/rate-limit takes. */
export interface RateLimit {
  max: number;
  timeWindow: number;
}

/** The development values that production refuses: any of them in production is a break-in waiting to happen. */
export const DEV_DEFAULTS = {
  SESSION_SECRET: 'dev-session-secret-change-me',
  ADMIN_EMAIL: 'admin@qahwa.local',
  ADMIN_PASSWORD: 'qahwa-admin-dev',
  STRIPE_SECRET_KEY: 'sk_test_123',
  LEAD_LINK_SECRET: 'dev-lead-link-secret-change-me',
} as const;

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();

const GatewayEnv = z.object({
  GATEWAY_PORT: port.default(4000),
  GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
  ...DatabaseEnv,
  ...NatsEnv,
  TEMPORAL_ADDRESS: z.string().min(1).default(SERVICE_DEFAULTS.temporalAddress),
  TEMPORAL_NAMESPACE: z.string().min(1).default(SERVICE_DEFAULTS.temporalNamespace),
  CHECKOUT_TASK_QUEUE: z.string().min(1).default('checkout'),
  SESSION_SECRET: z.string().min(1).default(DEV_DEFAULTS.SESSION_SECRET),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(8),
  SHUTDOWN_GRACE_MS: positiveInt.default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ORDER_TIMEOUT_MS: positiveInt.default(25_000),
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  HTTP_HANDLER_TIMEOUT_MS: positiveInt.default(30_000),
  // The storefront and admin proxies run beside the gateway, on loopback; in Docker set the
  // apps' network (e.g. `172.16.0.0/12`) or a hop count.
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v) =>
      v
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[0-9A-Za-z.:/]+$/, 'an address, a CIDR or a proxy-addr name')).min(1)),
  SIGN_IN_FREE_FAILURES: positiveInt.default(5),
  SIGN_IN_BASE_DELAY_MS: positiveInt.default(30_000),
  SIGN_IN_MAX_DELAY_MS: positiveInt.default(15 * 60_000),
  // Per address and window: orders (a shopper retrying, an office behind one NAT), sign-in
  // attempts (password guessing from one place; the per-account limit above holds beyond it),
  // and 404s (route scanning).
  RATE_LIMIT_WINDOW_MS: positiveInt.default(60_000),
  RATE_LIMIT_ORDERS: positiveInt.default(30),
  RATE_LIMIT_SIGN_IN: positiveInt.default(10),
  RATE_LIMIT_NOT_FOUND: positiveInt.default(60),
  // Likewise for what shoppers send and read besides orders: reviews, contact and newsletter
  // posts; product views; content and category reads.
  RATE_LIMIT_MESSAGES: positiveInt.default(5),
  RATE_LIMIT_VIEWS: positiveInt.default(120),
  RATE_LIMIT_CONTENT_READS: positiveInt.default(600),
  RATE_LIMIT_LEADS: positiveInt.default(30),
  // Coupon checks: per address; refused checks per code and for the whole store (docs/promotions.md).
  RATE_LIMIT_COUPONS: positiveInt.default(10),
  RATE_LIMIT_COUPON_CODE: positiveInt.default(30),
  RATE_LIMIT_COUPONS_ALL: positiveInt.default(300),
  LEAD_LINK_SECRET: z.string().min(1).default(DEV_DEFAULTS.LEAD_LINK_SECRET),
  LEAD_LINK_TTL: LeadLinkEnv.LEAD_LINK_TTL,
  EVENTS_SUBJECT_PREFIX: z.string().default(''),
  CATALOGUE_REFRESH_MS: z.coerce.number().int().min(0).default(30_000),
  CATALOGUE_EVENT_GAP_MS: z.coerce.number().int().min(0).max(1_000).default(250),
  STOREFRONT_REVALIDATE_URLS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  REVALIDATE_SECRET: z.string().optional(),
  ...StripeEnv,
  ...TabbyEnv,
  // Pay later (docs/pay-later.md): how long the shopper's return (to STOREFRONT_URL, the mail's
  // setting) waits for the workflow's answer, and the workflow's looks and expiry.
  PAY_LATER_RETURN_WAIT_MS: positiveInt.default(8000),
  PAY_LATER_EXPIRY_MS: positiveInt.default(30 * 60_000),
  PAY_LATER_POLL_MS: z
    .string()
    .default('10000,30000,60000,120000,300000')
    .transform((v) => v.split(',').map((part) => Number(part.trim())))
    .pipe(z.array(z.number().int().positive()).min(1)),
  PAY_LATER_MAX_OPEN_SESSIONS: positiveInt.default(3),
  ...BrevoEnv,
  ...MailEnv,
  ...UploadsEnv,
  ...WorkflowBundleEnv,
  BACKOFFICE_URL: z.url().default(SERVICE_DEFAULTS.backOfficeUrl),
  STAFF_LINK_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(72),
});

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
    leadLinkSecret: e.LEAD_LINK_SECRET,
    leadLinkTtlMs: e.LEAD_LINK_TTL,
    eventsSubjectPrefix: e.EVENTS_SUBJECT_PREFIX,
    catalogueRefreshMs: e.CATALOGUE_REFRESH_MS,
    catalogueEventGapMs: e.CATALOGUE_EVENT_GAP_MS,
    storefrontRevalidation: { urls: e.STOREFRONT_REVALIDATE_URLS, secret: revalidateSecret ?? '' },
    stripe,
    tabby,
    payLater: {
      storefrontUrl: e.STOREFRONT_URL.replace(/\/+$/, ''),
      returnWaitMs: e.PAY_LATER_RETURN_WAIT_MS,
      timing: { expiryMs: e.PAY_LATER_EXPIRY_MS, pollMs: e.PAY_LATER_POLL_MS },
      maxOpenSessionsPerContact: e.PAY_LATER_MAX_OPEN_SESSIONS,
    },
    brevo: brevoSettingsOf(e, mode),
    mail: mailSettingsOf(e),
    uploads: uploadsSettingsOf(e),
    staffLinks: {
      backOfficeUrl: e.BACKOFFICE_URL.replace(/\/+$/, ''),
      ttlMs: e.STAFF_LINK_TTL_HOURS * 3600_000,
    },
  };
}
