import { randomUUID } from 'node:crypto';
import { createDb, type DbHandle } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { startTestWorker, temporalAddress } from '@qahwa/workflows/testing';
import { Client, Connection } from '@temporalio/client';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app';
import { STATE_CHANGING } from '../src/auth/same-origin';
import { type GatewayConfig, loadConfig } from '../src/config';
import type { HealthProbe } from '../src/routes/health';

export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;

/** The back office's origin in tests (the default BACKOFFICE_URL's): the `Origin` its pages send. */
export const BACK_OFFICE_ORIGIN = loadConfig({ NODE_ENV: 'test' }).backOfficeOrigin;

/**
 * Makes `app.inject` send a state-changing request as a page of the back office does: with
 * `Origin: BACK_OFFICE_ORIGIN` (the gateway refuses a staff write without it: auth/same-origin.ts).
 * The check itself is untouched: a test that sets `origin` or `sec-fetch-site` sends exactly
 * that, and `origin: undefined` sends no Origin at all.
 */
export function fromBackOffice<A extends Pick<FastifyInstance, 'inject'>>(app: A): A {
  const inject = app.inject.bind(app) as (opts?: InjectOptions | string, cb?: unknown) => unknown;
  const patched = (opts?: InjectOptions | string, cb?: unknown) => {
    if (opts === undefined) return inject();
    const options = typeof opts === 'string' ? { url: opts } : opts;
    const headers: Record<string, unknown> = { ...(options.headers ?? {}) };
    const names = Object.keys(headers).map((name) => name.toLowerCase());
    const chosen = names.includes('origin') || names.includes('sec-fetch-site');
    if (!chosen && STATE_CHANGING.has((options.method ?? 'GET').toUpperCase())) {
      headers.origin = BACK_OFFICE_ORIGIN;
    }
    for (const [name, value] of Object.entries(headers)) if (value === undefined) delete headers[name];
    const sent = { ...options, headers } as InjectOptions;
    return cb === undefined ? inject(sent) : inject(sent, cb);
  };
  app.inject = patched as A['inject'];
  return app;
}

/** The real gateway over the real test database, Temporal and a checkout worker on a private task queue. */
export async function startGateway(
  options: { probes?: HealthProbe[]; poolSize?: number; config?: Partial<GatewayConfig> } = {},
) {
  // One pool for the gateway and its test worker; a test sending hundreds of orders at once may
  // ask for a bigger one (in production each process has its own).
  const handle: DbHandle = createDb(TEST_DATABASE_URL, options.poolSize ? { max: options.poolSize } : {});
  await resetDatabase(handle.db);
  const taskQueue = `test-checkout-${randomUUID()}`;
  const worker = await startTestWorker(handle.db, taskQueue);
  const connection = await Connection.connect({ address: temporalAddress() });
  const temporal = new Client({ connection });
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    checkoutTaskQueue: taskQueue,
    databaseUrl: TEST_DATABASE_URL,
    ...options.config,
  };
  const app = fromBackOffice(
    await buildApp({
      config,
      db: handle.db,
      temporal,
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      probes: options.probes,
    }),
  );
  await app.ready();
  return {
    app,
    db: handle.db,
    async close() {
      await app.close();
      await worker.stop();
      await connection.close();
      await handle.close();
    },
  };
}

export type Gateway = Awaited<ReturnType<typeof startGateway>>;
