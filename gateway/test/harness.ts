import { randomUUID } from 'node:crypto';
import { createDb, type DbHandle } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference/services';
import { startTestWorker, temporalAddress } from '@qahwa/workflows/testing';
import { Client, Connection } from '@temporalio/client';
import pino from 'pino';
import { buildApp } from '../src/app';
import { type GatewayConfig, loadConfig } from '../src/config';
import type { HealthProbe } from '../src/routes/health';

export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;

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
  const app = await buildApp({
    config,
    db: handle.db,
    temporal,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    probes: options.probes,
  });
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
