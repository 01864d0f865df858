import { sql, type Tx } from '@qahwa/db';

/*
 * Advisory locks of the projections (transaction-scoped, released at commit). Two-key form:
 * the first key names the kind of lock, so these never collide with other advisory locks.
 */
const PROJECTION_SWAP = 70_071;
const PROJECTION_ROW = 70_072;

/**
 * Every live apply holds its projection's lock shared; a rebuild's swap holds it exclusively,
 * so no live event commits between the rebuild's last replayed event and the swap.
 */
export async function holdProjectionShared(tx: Tx, projection: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${PROJECTION_SWAP}, hashtext(${projection}))`);
}

export async function holdProjectionExclusive(tx: Tx, projection: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PROJECTION_SWAP}, hashtext(${projection}))`);
}

/**
 * Serialises the events of one order (or one customer) across concurrent transactions: the rules
 * read a row, then write, and two copies of one order must not both see "not placed yet". Takes
 * every order key before any customer key, each group by hash, so two transactions holding
 * several keys (batches) take the ones they share in the same order and cannot deadlock.
 */
export async function lockKeys(
  tx: Tx,
  keys: ReadonlyArray<readonly ['order' | 'customer', string]>,
): Promise<void> {
  if (keys.length === 0) return;
  const names = keys.map(([kind, id]) => `${kind}:${id}`);
  const ranks = keys.map(([kind]) => (kind === 'order' ? 0 : 1));
  await tx.execute(sql`
    select count(pg_advisory_xact_lock(${PROJECTION_ROW}, k.h)) from (
      select distinct r, hashtext(n) as h
      from unnest(${sql.param(names)}::text[], ${sql.param(ranks)}::int[]) as u(n, r)
      order by r, h
    ) as k`);
}
