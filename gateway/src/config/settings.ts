import type {
  BrevoSettings,
  DatabaseSettings,
  MailSettings,
  NatsSettings,
  RunMode,
  StockHoldSettings,
  StripeSettings,
  TabbySettings,
  UploadsSettings,
} from '@qahwa/schema/config';

/**
 * The gateway's settings as every other module receives them (the `GatewayConfig` object that
 * `loadConfig` in ../config.ts builds from the environment, the only place it is read).
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
   * Per-address request limits (@fastify/rate-limit's `max` requests per `timeWindow` ms, counted
   * across every gateway), one per limited route, set here and nowhere else so a test or the fuzzer can raise them without
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
  /**
   * How often this gateway deletes the limits' expired counters (RATE_LIMIT_SWEEP_MS). The counters
   * live in PostgreSQL, shared by every gateway (platform/shared-limits.ts, docs/shared-state.md).
   */
  rateLimitSweepMs: number;
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
  /** How long a card payment holds its stock (docs/payments.md "Stock held for a card payment"). */
  stockHolds: StockHoldSettings;
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
