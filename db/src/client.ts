import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; every repository method accepts one so callers can write state and outbox together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const DEFAULT_DATABASE_URL = 'postgres://qahwa:qahwa@127.0.0.1:5432/qahwa';

export interface DbHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDb(url: string = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, max = 10): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that errors (e.g. the server restarts) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema });
  return { db, pool, close: () => pool.end() };
}

export async function pingDb(db: DbOrTx): Promise<void> {
  await db.execute('select 1');
}
