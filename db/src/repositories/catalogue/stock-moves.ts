import { type SQL, sql } from 'drizzle-orm';
import { productVariations } from '../../schema';

/**
 * One statement that changes several variations' stock by `delta` each (positive takes, negative
 * gives back), each only while enough is left, and returns the rows it changed. The rows are
 * locked first, in id order: an UPDATE … FROM (VALUES …) locks them in whatever order its join
 * reads them — the table's physical order under a hash join — so two checkouts of the same two
 * coffees could each hold one row and wait for the other's, and PostgreSQL killed one of them
 * ("deadlock detected": a shopper's 500, seen in the card race test). A CTE with a row lock is
 * never inlined, so its sort is the order the locks are taken in. The lock is FOR NO KEY UPDATE,
 * the one the UPDATE itself takes: the order's own items, inserted earlier in its transaction,
 * hold FOR KEY SHARE on these rows through their foreign key, which FOR UPDATE would wait on —
 * two orders of one coffee then deadlocked on every pair (measured: 0.1 orders/s).
 */
export function moveStock(moves: readonly (readonly [variationId: string, delta: number])[]): SQL {
  const ids = sql.join(
    moves.map(([id]) => sql`${id}::uuid`),
    sql`, `,
  );
  const values = sql.join(
    moves.map(([id, delta]) => sql`(${id}::uuid, ${delta}::int)`),
    sql`, `,
  );
  return sql`
    with locked as (
      select id from ${productVariations} where id in (${ids}) order by id for no key update
    )
    update ${productVariations} v set stock_quantity = v.stock_quantity - t.delta
    from (values ${values}) as t(id, delta), locked
    where v.id = locked.id and v.id = t.id and v.stock_quantity >= t.delta
    returning v.id, v.product_id`;
}
