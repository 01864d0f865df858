import { CHECKOUT_TASK_QUEUE } from '@qahwa/schema';
import {
  ConfigError,
  DatabaseEnv,
  type DatabaseSettings,
  databaseSettingsOf,
  LeadLinkEnv,
  type LeadLinkSettings,
  leadLinkSettingsOf,
  MailEnv,
  type MailSettings,
  mailSettingsOf,
  parseEnv,
  runMode,
  StripeEnv,
  type StripeSettings,
  stripeSettingsOf,
  TabbyEnv,
  type TabbySettings,
  tabbySettingsOf,
  WorkflowBundleEnv,
  workflowBundleCacheOf,
} from '@qahwa/schema/config';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { z } from 'zod';

/** The Temporal worker's settings: the environment read once, here, when the process starts. */
export interface WorkflowsConfig {
  logLevel: string;
  db: DatabaseSettings;
  temporalAddress: string;
  temporalNamespace: string;
  checkoutTaskQueue: string;
  /** The workflow bundle from the tests' cache instead of bundling at start (WORKFLOW_BUNDLE_CACHE; refused in production). */
  workflowBundleCache: boolean;
  /**
   * Activities (and local activities) this worker runs at once. Each holds one database
   * connection for its transaction, so it never exceeds the pool: a checkout must not wait for a
   * connection while holding stock locks, and the pool must not be queued behind by Temporal.
   */
  activityConcurrency: number;
  /** The card path retrieves each payment intent from Stripe (or the double) before its order. */
  stripe: StripeSettings;
  /** Pay later reads, captures and closes Tabby payments (docs/pay-later.md). */
  tabby: TabbySettings;
  /** SMTP server, sender, staff inbox and store origin of the e-mails (docs/email.md). */
  mail: MailSettings;
  /** The cart-recovery link's secret and lifetime (docs/leads.md). */
  leadLink: LeadLinkSettings;
}

const WorkflowsEnv = z
  .object({
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ...DatabaseEnv,
    TEMPORAL_ADDRESS: z.string().min(1).default(SERVICE_DEFAULTS.temporalAddress),
    TEMPORAL_NAMESPACE: z.string().min(1).default(SERVICE_DEFAULTS.temporalNamespace),
    CHECKOUT_TASK_QUEUE: z.string().min(1).default(CHECKOUT_TASK_QUEUE),
    /** Defaults to the pool size. */
    WORKFLOWS_ACTIVITY_CONCURRENCY: z.coerce.number().int().positive().optional(),
    ...StripeEnv,
    ...TabbyEnv,
    ...MailEnv,
    ...LeadLinkEnv,
    ...WorkflowBundleEnv,
  })
  .refine(
    (e) =>
      e.WORKFLOWS_ACTIVITY_CONCURRENCY === undefined || e.WORKFLOWS_ACTIVITY_CONCURRENCY <= e.DB_POOL_SIZE,
    {
      path: ['WORKFLOWS_ACTIVITY_CONCURRENCY'],
      error: 'must not exceed DB_POOL_SIZE (each activity holds one connection)',
    },
  );

export function loadWorkflowsConfig(env: Record<string, string | undefined> = process.env): WorkflowsConfig {
  const e = parseEnv('workflows', WorkflowsEnv, env);
  return {
    logLevel: e.LOG_LEVEL,
    db: databaseSettingsOf(e),
    temporalAddress: e.TEMPORAL_ADDRESS,
    temporalNamespace: e.TEMPORAL_NAMESPACE,
    checkoutTaskQueue: e.CHECKOUT_TASK_QUEUE,
    workflowBundleCache: workflowBundleCacheOf(e, runMode(env.NODE_ENV)),
    activityConcurrency: e.WORKFLOWS_ACTIVITY_CONCURRENCY ?? e.DB_POOL_SIZE,
    stripe: stripeSettingsOf(e, runMode(env.NODE_ENV)),
    tabby: tabbySettingsOf(e, runMode(env.NODE_ENV)),
    mail: mailSettingsOf(e),
    leadLink: leadLinkSettingsOf(e, runMode(env.NODE_ENV)),
  };
}

export { ConfigError };
