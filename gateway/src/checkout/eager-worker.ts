import type { TabbyClient } from '@qahwa/checkout/payments';
import type { Db } from '@qahwa/db';
import type { Mailer } from '@qahwa/mail';
import {
  cachedWorkflowBundle,
  createCheckoutWorker,
  ensureSearchAttributes,
  type LeadRecoverySettings,
  workflowsPath,
} from '@qahwa/workflows/worker';
import { Client } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, type Worker, type WorkflowBundle } from '@temporalio/worker';
import type { Logger } from 'pino';
import type Stripe from 'stripe';

export interface EagerCheckoutOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  db: Db;
  logger: Logger;
  /** For the card path's activities (the intent is retrieved before its order). */
  stripe?: Stripe;
  tabby?: TabbyClient;
  /** The order confirmation is a local activity of the checkout (docs/email.md). */
  mailer?: Mailer;
  storeUrl?: string;
  /**
   * leadConversion's recovery e-mail: this worker polls the same task queue as the workflows
   * process, so it may be handed that activity too and must be able to send it (docs/leads.md).
   */
  leadRecovery?: LeadRecoverySettings;
  /** Local activities at once: a share of the gateway's pool, which HTTP requests use too. */
  activityConcurrency: number;
  /** Wait between attempts to (re)connect. */
  retryMs?: number;
  /** The workflow bundle from the tests' cache (config.workflowBundleCache), not bundled here. */
  bundleCache?: boolean;
}

export interface EagerCheckout {
  /** A client whose starts can be eager (this process's worker takes the first task), once connected. */
  client(): Client | null;
  close(): Promise<void>;
}

/**
 * Eager workflow start (docs/checkout.md): the gateway runs a checkout worker of its own, on the
 * NativeConnection its starting client uses, so the server hands the new checkout's first
 * workflow task back in the start response instead of queueing it for a poller. One round trip
 * and the matching service's work per order are saved: measured, the Temporal dev server spends
 * 10 instead of 14.5 ms of CPU per checkout and the intake nearly doubles. The workflows process
 * still polls the same task queue (retries, and every checkout while this worker is down).
 *
 * Temporal may be down when the gateway starts or go away later: this connects in the background
 * and reconnects after a failure; meanwhile `client()` is null and checkout uses the lazy client.
 */
export function startEagerCheckout(opts: EagerCheckoutOptions): EagerCheckout {
  const log = opts.logger.child({ component: 'eager-checkout' });
  let current: { client: Client; worker: Worker } | null = null;
  let closed = false;
  let wake: (() => void) | null = null;
  // Bundled once per process: webpack takes seconds, a reconnect should not.
  let bundle: Promise<WorkflowBundle> | null = null;

  const loop = (async () => {
    while (!closed) {
      let connection: NativeConnection | null = null;
      try {
        connection = await NativeConnection.connect({ address: opts.address });
        await ensureSearchAttributes(connection, opts.namespace);
        bundle ??= opts.bundleCache
          ? cachedWorkflowBundle(workflowsPath)
          : bundleWorkflowCode({ workflowsPath, logger: quiet });
        const worker = await createCheckoutWorker({
          connection,
          deps: {
            db: opts.db,
            logger: opts.logger,
            stripe: opts.stripe,
            tabby: opts.tabby,
            mailer: opts.mailer,
            storeUrl: opts.storeUrl,
            leadRecovery: opts.leadRecovery,
          },
          taskQueue: opts.taskQueue,
          namespace: opts.namespace,
          activityConcurrency: opts.activityConcurrency,
          workflowBundle: await bundle,
        });
        current = { client: new Client({ connection, namespace: opts.namespace }), worker };
        const running = worker.run();
        // A close() that came while the worker was being made had nothing to stop yet: without
        // this the worker would poll for ever and the gateway's shutdown would wait on it.
        if (closed && worker.getState() === 'RUNNING') worker.shutdown();
        else
          log.info({ taskQueue: opts.taskQueue }, 'checkout worker running in the gateway: eager start on');
        await running;
      } catch (err) {
        if (!closed) log.warn({ err }, 'eager checkout unavailable; retrying');
      }
      current = null;
      await connection?.close().catch(() => {});
      if (!closed) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, opts.retryMs ?? 2000).unref();
        });
      }
    }
  })();

  return {
    client: () => current?.client ?? null,
    async close() {
      closed = true;
      const worker = current?.worker;
      if (worker && worker.getState() === 'RUNNING') worker.shutdown();
      wake?.();
      await loop;
    },
  };
}

const quiet = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };
