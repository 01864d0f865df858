import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';

/** A limited key's count in its current window, and how long until the window ends. */
export interface LimitCount {
  hits: number;
  /** Milliseconds until the window ends (0 when no window is open). */
  ttlMs: number;
}

/**
 * The one counter behind every request limit of every gateway (docs/shared-state.md): a fixed
 * window per key that opens on the key's first hit and lasts `windowMs`, as the in-process
 * limiter it replaces did. One statement per hit: the upsert takes the row's lock, so hits from
 * any number of gateways at once are each counted once, and the window is measured by the
 * database's clock, never by the gateways' (which may disagree).
 */
export function createRateLimitsRepository(db: DbOrTx) {
  const ttl = sql`greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int`;
  return {
    /** One more hit of `key`: the count including it, in a window that is opened if none is. */
    async hit(key: string, windowMs: number): Promise<LimitCount> {
      const ends = sql`now() + make_interval(secs => ${windowMs / 1000})`;
      const { rows } = await db.execute<{ hits: number; ttl_ms: number }>(sql`
        insert into rate_limit_counters as c (key, hits, resets_at) values (${key}, 1, ${ends})
        on conflict (key) do update set
          hits = case when c.resets_at <= now() then 1 else c.hits + 1 end,
          resets_at = case when c.resets_at <= now() then ${ends} else c.resets_at end
        returning hits, ${ttl} as ttl_ms`);
      const row = rows[0];
      return { hits: Number(row?.hits ?? 1), ttlMs: Number(row?.ttl_ms ?? windowMs) };
    },

    /** The count of `key` now, counting nothing. */
    async read(key: string): Promise<LimitCount> {
      const { rows } = await db.execute<{ hits: number; ttl_ms: number }>(sql`
        select hits, ${ttl} as ttl_ms from rate_limit_counters where key = ${key} and resets_at > now()`);
      const row = rows[0];
      return row ? { hits: Number(row.hits), ttlMs: Number(row.ttl_ms) } : { hits: 0, ttlMs: 0 };
    },

    /** Deletes the counters whose window has ended (a later hit opens a new one). */
    async sweep(): Promise<number> {
      const result = await db.execute(sql`delete from rate_limit_counters where resets_at <= now()`);
      return result.rowCount ?? 0;
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
