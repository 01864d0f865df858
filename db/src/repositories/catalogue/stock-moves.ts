import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { productVariations } from '../../schema';

/**
 * Changes several variations' stock by `delta` each (positive takes, negative gives back), each
 * only while enough is left, in the caller's transaction, and returns the rows it changed.
 *
 * Several rows are locked first, in id order, by a statement of their own: an UPDATE … FROM
 * (VALUES …) locks them in whatever order its join reads them — the table's physical order under
 * a hash join — so two checkouts of the same two coffees could each hold one row and wait for the
 * other's, and PostgreSQL killed one ("deadlock detected": a shopper's 500, seen in the card race
 * test). The lock is FOR NO KEY UPDATE, the one the UPDATE itself takes: the order's own items,
 * inserted earlier in its transaction, hold FOR KEY SHARE on these rows through their foreign key,
 * which FOR UPDATE would wait on (two orders of one coffee then deadlocked on every pair). Not one
 * statement with the lock in a CTE: its UPDATE, reading the rows again after the CTE waited for
 * them, deadlocked against itself under 20 card intents/s of one coffee (measured: 1,113 in a
 * bench). One row needs no order: it is updated alone, as before, with no extra round trip under
 * the lock of a best-seller's row.
 */
export async function moveStock(
  tx: DbOrTx,
  moves: readonly (readonly [variationId: string, delta: number])[],
): Promise<{ id: string; product_id: string }[]> {
  if (new Set(moves.map(([id]) => id)).size > 1) {
    await tx.execute(sql`
      select id from ${productVariations}
      where id in (${sql.join(
        moves.map(([id]) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by id for no key update`);
  }
  const { rows } = await tx.execute<{ id: string; product_id: string }>(sql`
    update ${productVariations} v set stock_quantity = v.stock_quantity - t.delta
    from (values ${sql.join(
      moves.map(([id, delta]) => sql`(${id}::uuid, ${delta}::int)`),
      sql`, `,
    )}) as t(id, delta)
    where v.id = t.id and v.stock_quantity >= t.delta
    returning v.id, v.product_id`);
  return rows;
}
