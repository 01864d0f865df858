import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { abandonedCarts } from '../../schema';

/** An abandoned cart as the dashboard counts it: the browser's cart id, its value and lines, nothing personal. */
export interface AbandonedCart {
  cartKey: string;
  valueFils: number;
  lineCount: number;
}

/**
 * The anonymous record of abandoned carts (docs/leads.md "Abandoned carts without a lead"): one row
 * per browser cart, whoever left it and however often it was reported, so the dashboard's
 * abandonment rate counts a cart once.
 */
export function createAbandonedCarts(db: DbOrTx) {
  return {
    /** The first report of a cart is kept; a later one (a page exit after the idle report) changes nothing. */
    async recordAbandonedCart(c: AbandonedCart): Promise<boolean> {
      const rows = await db
        .insert(abandonedCarts)
        .values(c)
        .onConflictDoNothing({ target: abandonedCarts.cartKey })
        .returning({ id: abandonedCarts.id });
      return rows.length > 0;
    },

    /** The browser bought the cart it had reported: it counts as an order, no longer as abandoned. */
    async markCartOrdered(cartKey: string): Promise<boolean> {
      const rows = await db
        .update(abandonedCarts)
        .set({ orderedAt: new Date() })
        .where(and(eq(abandonedCarts.cartKey, cartKey), isNull(abandonedCarts.orderedAt)))
        .returning({ id: abandonedCarts.id });
      return rows.length > 0;
    },
  };
}
