import { analyticsStreamOf, CHECKOUT_TASK_QUEUE, STREAM_NAME } from '@qahwa/schema';
import {
  BrevoEnv,
  type BrevoSettings,
  brevoSettingsOf,
  DatabaseEnv,
  type DatabaseSettings,
  databaseSettingsOf,
  LeadLinkEnv,
  LeadTimingEnv,
  leadLinkSettingsOf,
  MailEnv,
  type MailSettings,
  mailSettingsOf,
  NatsEnv,
  type NatsSettings,
  natsSettingsOf,
  parseEnv,
  runMode,
  StockHoldEnv,
  stockHoldSettingsOf,
} from '@qahwa/schema/config';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { z } from 'zod';

/** The workers' settings: the environment read once, here, when the process starts. */
export interface WorkersConfig {
  logLevel: string;
  db: DatabaseSettings;
  natsUrl: string;
  /** NATS_URL with NATS_USER and NATS_PASSWORD when the server requires them: what `connect()` takes. */
  nats: NatsSettings;
  /** Overridable so a second stack (the end-to-end tests) can share a NATS server without sharing events. */
  eventsStream: string;
  /** The analytics stream (product views, one replica), named after eventsStream (analyticsStreamOf). */
  analyticsStream: string;
  eventsSubjectPrefix: string;
  /** EVENTS_MAX_AGE_DAYS: how long the stream keeps an event (0: for ever); docs/operations.md. */
  eventsMaxAgeMs: number;
  /** EVENTS_STREAM_REPLICAS: servers of a NATS cluster that keep the commerce stream (1: one server); docs/deploy.md. */
  eventsStreamReplicas: number;
  projectionDurable: string;
  outbox: {
    /** Attempts a row gets before it moves to the dead letters. */
    maxAttempts: number;
    batchSize: number;
    pollIntervalMs: number;
  };
  /** How long finished bookkeeping is kept, and how often it is pruned (docs/operations.md). */
  retention: {
    intervalMs: number;
    processedEventsDays: number;
    publishedOutboxDays: number;
    /** Past their expiry: keys and sessions are already dead when they expire; kept a little for inquiries. */
    expiredIdempotencyKeysHours: number;
    expiredSessionsHours: number;
    /** Provider webhook bodies (personal data) kept this long, then reduced to their ids. */
    webhookPayloadsDays: number;
  };
  /** Payments without their provider's webhook (docs/payments-logs.md). */
  webhookWatch: { intervalMs: number; missingAfterMs: number; lookbackMs: number };
  /** Coupon uses held by checkouts that will never order (docs/promotions.md). */
  couponHolds: { intervalMs: number; graceMs: number; orphanAfterMs: number };
  /** Card payments' stock held past its expiry (docs/payments.md "Stock held for a card payment"). */
  stockHolds: { intervalMs: number };
  /** The small HTTP server that answers /health/live and /health/ready; 0 turns it off. */
  healthPort: number;
  healthHost: string;
  /** Where the lead consumers start leadConversion (the workflows worker polls the checkout queue). */
  temporal: { address: string; namespace: string; taskQueue: string };
  /** leadConversion's timings (docs/leads.md): LEAD_RECOVERY_DELAY (1h), LEAD_CONVERSION_WINDOW (7d). */
  leads: { recoveryDelayMs: number; conversionWindowMs: number };
  /** The e-mail-marketing sync (workers/src/brevo, docs/crm.md). */
  brevo: BrevoSyncSettings;
  /** The contact and newsletter mail consumers (workers/src/mail, docs/email.md). */
  mail: MailSettings & {
    durablePrefix: string;
    /** LEAD_LINK_SECRET: signs the newsletter's confirmation and unsubscribe links (docs/crm.md). */
    linkSecret: string;
  };
}

export interface BrevoSyncSettings extends BrevoSettings {
  durable: string;
  pollIntervalMs: number;
  batchSize: number;
  maxAttempts: number;
  backoff: { baseMs: number; maxMs: number };
}

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const WorkersEnv = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...DatabaseEnv,
  ...NatsEnv,
  EVENTS_STREAM: z.string().min(1).default(STREAM_NAME),
  EVENTS_SUBJECT_PREFIX: z.string().default(''),
  EVENTS_MAX_AGE_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  // JetStream keeps at most 5 replicas; an even count buys nothing over the odd one below it.
  EVENTS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  PROJECTION_DURABLE: z.string().min(1).default('order-stats'),
  OUTBOX_MAX_ATTEMPTS: count(10),
  OUTBOX_BATCH_SIZE: count(100),
  OUTBOX_POLL_INTERVAL_MS: ms(250),
  PRUNE_INTERVAL_MS: ms(3_600_000),
  RETAIN_PROCESSED_EVENTS_DAYS: count(30),
  RETAIN_PUBLISHED_OUTBOX_DAYS: count(7),
  RETAIN_EXPIRED_IDEMPOTENCY_KEYS_HOURS: count(24),
  RETAIN_EXPIRED_SESSIONS_HOURS: count(24),
  RETAIN_WEBHOOK_PAYLOADS_DAYS: count(30),
  WEBHOOK_WATCH_INTERVAL_MS: ms(300_000),
  WEBHOOK_MISSING_AFTER_MS: ms(1_800_000),
  WEBHOOK_WATCH_LOOKBACK_HOURS: count(168),
  // Past a pay-later session's expiry (30 min) plus this; a hold of a card or COD process that
  // died (its retries last minutes) after this.
  COUPON_HOLD_SWEEP_INTERVAL_MS: ms(300_000),
  COUPON_HOLD_GRACE_MS: ms(900_000),
  COUPON_HOLD_ORPHAN_AFTER_MS: ms(1_800_000),
  ...StockHoldEnv,
  WORKERS_HEALTH_PORT: z.coerce.number().int().min(0).max(65_535).default(4002),
  WORKERS_HEALTH_HOST: z.string().min(1).default('127.0.0.1'),
  TEMPORAL_ADDRESS: z.string().min(1).default(SERVICE_DEFAULTS.temporalAddress),
  TEMPORAL_NAMESPACE: z.string().min(1).default(SERVICE_DEFAULTS.temporalNamespace),
  CHECKOUT_TASK_QUEUE: z.string().min(1).default(CHECKOUT_TASK_QUEUE),
  ...LeadTimingEnv,
  ...LeadLinkEnv,
  ...BrevoEnv,
  ...MailEnv,
  MAIL_DURABLE_PREFIX: z.string().min(1).default('mail'),
  BREVO_DURABLE: z.string().min(1).default('brevo-feed'),
  BREVO_SYNC_INTERVAL_MS: ms(2_000),
  BREVO_SYNC_BATCH_SIZE: count(25),
  BREVO_MAX_ATTEMPTS: count(8),
  BREVO_BACKOFF_BASE_MS: ms(2_000),
  BREVO_BACKOFF_MAX_MS: ms(600_000),
});

export function loadWorkersConfig(env: Record<string, string | undefined> = process.env): WorkersConfig {
  const e = parseEnv('workers', WorkersEnv, env);
  return {
    logLevel: e.LOG_LEVEL,
    db: databaseSettingsOf(e),
    natsUrl: e.NATS_URL,
    nats: natsSettingsOf(e),
    eventsStream: e.EVENTS_STREAM,
    analyticsStream: analyticsStreamOf(e.EVENTS_STREAM),
    eventsSubjectPrefix: e.EVENTS_SUBJECT_PREFIX,
    eventsMaxAgeMs: e.EVENTS_MAX_AGE_DAYS * 86_400_000,
    eventsStreamReplicas: e.EVENTS_STREAM_REPLICAS,
    projectionDurable: e.PROJECTION_DURABLE,
    outbox: {
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      batchSize: e.OUTBOX_BATCH_SIZE,
      pollIntervalMs: e.OUTBOX_POLL_INTERVAL_MS,
    },
    retention: {
      intervalMs: e.PRUNE_INTERVAL_MS,
      processedEventsDays: e.RETAIN_PROCESSED_EVENTS_DAYS,
      publishedOutboxDays: e.RETAIN_PUBLISHED_OUTBOX_DAYS,
      expiredIdempotencyKeysHours: e.RETAIN_EXPIRED_IDEMPOTENCY_KEYS_HOURS,
      expiredSessionsHours: e.RETAIN_EXPIRED_SESSIONS_HOURS,
      webhookPayloadsDays: e.RETAIN_WEBHOOK_PAYLOADS_DAYS,
    },
    webhookWatch: {
      intervalMs: e.WEBHOOK_WATCH_INTERVAL_MS,
      missingAfterMs: e.WEBHOOK_MISSING_AFTER_MS,
      lookbackMs: e.WEBHOOK_WATCH_LOOKBACK_HOURS * 3_600_000,
    },
    couponHolds: {
      intervalMs: e.COUPON_HOLD_SWEEP_INTERVAL_MS,
      graceMs: e.COUPON_HOLD_GRACE_MS,
      orphanAfterMs: e.COUPON_HOLD_ORPHAN_AFTER_MS,
    },
    stockHolds: { intervalMs: stockHoldSettingsOf(e).sweepIntervalMs },
    healthPort: e.WORKERS_HEALTH_PORT,
    healthHost: e.WORKERS_HEALTH_HOST,
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.CHECKOUT_TASK_QUEUE,
    },
    leads: { recoveryDelayMs: e.LEAD_RECOVERY_DELAY, conversionWindowMs: e.LEAD_CONVERSION_WINDOW },
    mail: {
      ...mailSettingsOf(e),
      durablePrefix: e.MAIL_DURABLE_PREFIX,
      linkSecret: leadLinkSettingsOf(e, runMode(env.NODE_ENV)).secret,
    },
    brevo: {
      ...brevoSettingsOf(e, runMode(env.NODE_ENV)),
      durable: e.BREVO_DURABLE,
      pollIntervalMs: e.BREVO_SYNC_INTERVAL_MS,
      batchSize: e.BREVO_SYNC_BATCH_SIZE,
      maxAttempts: e.BREVO_MAX_ATTEMPTS,
      backoff: { baseMs: e.BREVO_BACKOFF_BASE_MS, maxMs: e.BREVO_BACKOFF_MAX_MS },
    },
  };
}
