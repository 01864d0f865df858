import {
  BrevoEnv,
  DatabaseEnv,
  LeadLinkEnv,
  MailEnv,
  NatsEnv,
  StockHoldEnv,
  StripeEnv,
  TabbyEnv,
  UploadsEnv,
  WorkflowBundleEnv,
} from '@qahwa/schema/config';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { z } from 'zod';

/*
 * The gateway's environment variables: their names, types and defaults, as a zod schema that
 * ../config.ts (the only reader of the environment) parses once.
 */

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

export const GatewayEnv = z.object({
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
  // The limits' counters are shared by every gateway in PostgreSQL; each sweeps the expired ones this often.
  RATE_LIMIT_SWEEP_MS: positiveInt.default(60_000),
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
  ...StockHoldEnv,
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
