import { DATABASE_DEFAULTS, type DatabaseSettings } from '@qahwa/schema/config';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; every repository method accepts one so callers can write state and outbox together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const DEFAULT_DATABASE_URL = SERVICE_DEFAULTS.databaseUrl;

/** The timeouts of every connection; the defaults and their reasons are in @qahwa/schema's DATABASE_DEFAULTS. */
export type DbTimeouts = Pick<
  DatabaseSettings,
  'connectTimeoutMs' | 'statementTimeoutMs' | 'queryTimeoutMs' | 'idleInTransactionTimeoutMs'
>;

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  connectTimeoutMs: DATABASE_DEFAULTS.connectTimeoutMs,
  statementTimeoutMs: DATABASE_DEFAULTS.statementTimeoutMs,
  queryTimeoutMs: DATABASE_DEFAULTS.queryTimeoutMs,
  idleInTransactionTimeoutMs: DATABASE_DEFAULTS.idleInTransactionTimeoutMs,
};

export interface DbOptions extends Partial<DbTimeouts> {
  /** Pool size. */
  max?: number;
  /** A process's `DatabaseSettings` carry the pool size under this name. */
  poolSize?: number;
  /** Shown in pg_stat_activity, so an operator can tell whose connection a slow query is. */
  applicationName?: string;
}

export interface DbHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * `url` defaults for the one-off scripts (seed, drizzle-kit); the processes pass their config's.
 * `options` may be a bare pool size, as older callers pass it.
 */
export function createDb(
  url: string = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
  options: number | DbOptions = {},
): DbHandle {
  const opts: DbOptions = typeof options === 'number' ? { max: options } : options;
  const max = opts.max ?? opts.poolSize ?? DATABASE_DEFAULTS.poolSize;
  const applicationName = opts.applicationName ?? 'qahwa';
  const d = DEFAULT_DB_TIMEOUTS;
  const timeouts: DbTimeouts = {
    connectTimeoutMs: opts.connectTimeoutMs ?? d.connectTimeoutMs,
    statementTimeoutMs: opts.statementTimeoutMs ?? d.statementTimeoutMs,
    queryTimeoutMs: opts.queryTimeoutMs ?? d.queryTimeoutMs,
    idleInTransactionTimeoutMs: opts.idleInTransactionTimeoutMs ?? d.idleInTransactionTimeoutMs,
  };
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    query_timeout: timeouts.queryTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
  });
  // An idle client that errors (e.g. the server restarts) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema });
  return { db, pool, close: () => pool.end() };
}

export async function pingDb(db: DbOrTx): Promise<void> {
  await db.execute('select 1');
}

/**
 * The database could not be reached or had no connection free in time: the pool's acquire
 * timeout ("timeout exceeded when trying to connect"), a refused or dropped connection, the server
 * shutting down. A request failing so is worth trying again later (503), unlike a failing query.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === '57P01' || code === '57P03') return true;
    if (
      typeof message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated/.test(message)
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
