import { z } from 'zod';
import { SERVICE_DEFAULTS } from '../reference/services';

/**
 * Every Postgres connection is bounded in time, so a stuck database becomes an error a caller
 * can answer (a 503, a retried activity) instead of a request or a worker that hangs for ever.
 * docs/operations.md says why these values.
 */
export interface DatabaseSettings {
  url: string;
  /**
   * Where the reads that may lag a moment go (a streaming hot standby: docs/deploy.md says which
   * reads); the primary's `url` unless DATABASE_READ_URL names another.
   */
  readUrl: string;
  poolSize: number;
  /** Giving up on opening a connection (pg `connectionTimeoutMillis`). */
  connectTimeoutMs: number;
  /** The server cancels a statement running longer (`statement_timeout`). */
  statementTimeoutMs: number;
  /** The client stops waiting for an answer (`query_timeout`): covers a network that went silent. */
  queryTimeoutMs: number;
  /** The server ends a session left idle inside a transaction (`idle_in_transaction_session_timeout`). */
  idleInTransactionTimeoutMs: number;
}

export const DATABASE_DEFAULTS: Omit<DatabaseSettings, 'url' | 'readUrl'> = {
  poolSize: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  queryTimeoutMs: 20_000,
  idleInTransactionTimeoutMs: 30_000,
};

const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The database variables every process reads (spread into its own env schema). */
export const DatabaseEnv = {
  DATABASE_URL: z.string().min(1).default(SERVICE_DEFAULTS.databaseUrl),
  // Empty: DATABASE_URL.
  DATABASE_READ_URL: z.string().default(''),
  DB_POOL_SIZE: positive(DATABASE_DEFAULTS.poolSize),
  DB_CONNECT_TIMEOUT_MS: positive(DATABASE_DEFAULTS.connectTimeoutMs),
  DB_STATEMENT_TIMEOUT_MS: positive(DATABASE_DEFAULTS.statementTimeoutMs),
  DB_QUERY_TIMEOUT_MS: positive(DATABASE_DEFAULTS.queryTimeoutMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: positive(DATABASE_DEFAULTS.idleInTransactionTimeoutMs),
};

type ParsedDatabaseEnv = { [K in keyof typeof DatabaseEnv]: z.output<(typeof DatabaseEnv)[K]> };

export function databaseSettingsOf(e: ParsedDatabaseEnv): DatabaseSettings {
  return {
    url: e.DATABASE_URL,
    readUrl: e.DATABASE_READ_URL || e.DATABASE_URL,
    poolSize: e.DB_POOL_SIZE,
    connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    queryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}
