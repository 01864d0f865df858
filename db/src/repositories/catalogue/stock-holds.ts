import type { DomainEvent } from '@qahwa/schema';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { checkouts, productVariations, stockHolds } from '../../schema';
import { moveStock } from './stock-moves';

/** One line per variation (a cart may name one twice), in the order of the variation ids. */
function merged(lines: readonly HeldLine[]): HeldLine[] {
  const byId = new Map<string, HeldLine>();
  for (const l of lines) {
    const seen = byId.get(l.variationId);
    byId.set(l.variationId, seen ? { ...seen, quantity: seen.quantity + l.quantity } : { ...l });
  }
  // PostgreSQL orders uuids as their lower-case hex text: the rows are locked in that order.
  const key = (l: HeldLine) => l.variationId.toLowerCase();
  return [...byId.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** A line of stock: what a checkout holds, an order takes or a hold gives back. */
export interface HeldLine {
  productId: string;
  variationId: string;
  quantity: number;
}

/** A line the stock could not cover, with what is left of it. */
export interface ShortLine {
  variationId: string;
  available: number;
}

/** A hold given back: to whom it belonged and how many units went back into stock. */
export interface ReleasedStockHold {
  checkoutId: string;
  variationId: string;
  quantity: number;
}

/** Appends CatalogueChanged {reason: 'stock'} for these products (stock.ts's `changed`). */
export type AnnounceStock = (
  tx: DbOrTx,
  productIds: string[],
  requestId: string | undefined,
  alongside?: readonly DomainEvent[],
) => Promise<void>;

/**
 * Stock held by a card checkout while its payment is under way (docs/payments.md "Stock held for
 * a card payment"). The held units are OUT of `stock_quantity`, in `stock_holds`: the catalogue,
 * cash on delivery's check and the next shopper's intent see them gone without knowing of holds.
 *
 * Every move deletes the checkout's hold rows, then changes each variation by what is wanted now
 * less what was held, in the same transaction: PostgreSQL lets one deleter have a row, so whoever
 * deletes a hold (the paid order, a failed payment, a closed checkout, the sweeper) is the one
 * that decides what becomes of its units — never given back twice, never taken twice. A line
 * is taken only where enough is left (and the column's check keeps it from going negative); when
 * any line is short the caller must roll its transaction back (the hold rows come back with it).
 * Hold rows are locked before variation rows, and variations in the order of their ids.
 */
export function createStockHolds(db: DbOrTx, announce: AnnounceStock) {
  /**
   * The checkout's holds are deleted and each variation changed by `wanted − held`; returns the
   * lines that were short and each variation that moved (delta > 0 taken, < 0 given back).
   */
  async function settle(
    checkoutId: string,
    wanted: readonly HeldLine[],
    tx: DbOrTx,
  ): Promise<{ short: ShortLine[]; moved: { productId: string; variationId: string; delta: number }[] }> {
    // Its own statement, before the stock's: the update then reads the stock as it is after any
    // step that had this hold first (the sweeper gave it back: the units are there to take). In
    // one statement its snapshot would predate that and refuse a line the stock covers.
    const held = await tx
      .delete(stockHolds)
      .where(eq(stockHolds.checkoutId, checkoutId))
      .returning({ variationId: stockHolds.variationId, quantity: stockHolds.quantity });
    const delta = new Map<string, number>();
    for (const l of merged(wanted)) delta.set(l.variationId.toLowerCase(), l.quantity);
    for (const h of held) delta.set(h.variationId, (delta.get(h.variationId) ?? 0) - h.quantity);
    // Fully held lines move nothing: the order of a held bag does not even lock its row.
    const moves = [...delta].filter(([, d]) => d !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (moves.length === 0) return { short: [], moved: [] };
    const rows = await moveStock(tx, moves);
    const productOf = new Map(rows.map((r) => [r.id, r.product_id]));
    const moved = moves.flatMap(([variationId, d]) => {
      const productId = productOf.get(variationId);
      return productId ? [{ productId, variationId, delta: d }] : [];
    });
    const shortIds = moves.filter(([id, d]) => d > 0 && !productOf.has(id)).map(([id]) => id);
    if (shortIds.length === 0) return { short: [], moved };
    const left = await tx
      .select({ id: productVariations.id, stock: productVariations.stockQuantity })
      .from(productVariations)
      .where(inArray(productVariations.id, shortIds));
    const available = new Map(left.map((r) => [r.id, r.stock]));
    return {
      short: shortIds.map((variationId) => ({
        variationId,
        available: Math.max(0, available.get(variationId) ?? 0),
      })),
      moved,
    };
  }

  /** Products changed that the event announced before the statement did not name (a held line the order does not have). */
  async function announceRest(
    tx: DbOrTx,
    announced: readonly HeldLine[],
    moved: { productId: string }[],
    requestId: string | undefined,
  ) {
    const named = new Set(announced.map((l) => l.productId));
    const rest = moved.map((m) => m.productId).filter((id) => !named.has(id));
    if (rest.length > 0) await announce(tx, rest, requestId);
  }

  /**
   * The checkout's hold goes back into stock (its payment failed, it closed without an order).
   * Returns what was given back; nothing when another step already had it (the order consumed
   * it, the sweeper or a second delivery gave it back).
   */
  async function releaseHold(checkoutId: string, requestId?: string, tx: DbOrTx = db): Promise<HeldLine[]> {
    const { moved } = await settle(checkoutId, [], tx);
    if (moved.length > 0) {
      await announce(
        tx,
        moved.map((m) => m.productId),
        requestId,
      );
    }
    return moved.map((m) => ({ productId: m.productId, variationId: m.variationId, quantity: -m.delta }));
  }

  return {
    releaseHold,

    /**
     * The checkout holds exactly `lines` until `expiresAt`: a hold it had is given back and the new
     * one taken in the same statement (the browser changed the order before paying). Returns the
     * lines the stock could not cover: then the caller rolls back (its old hold stays as it was).
     */
    async hold(
      checkoutId: string,
      lines: readonly HeldLine[],
      expiresAt: Date,
      requestId?: string,
      tx: DbOrTx = db,
    ): Promise<ShortLine[]> {
      await announce(
        tx,
        lines.map((l) => l.productId),
        requestId,
      );
      const { short, moved } = await settle(checkoutId, lines, tx);
      if (short.length > 0) return short;
      const held = merged(lines).filter((l) => l.quantity > 0);
      if (held.length > 0) {
        await tx
          .insert(stockHolds)
          .values(
            held.map((l) => ({ checkoutId, variationId: l.variationId, quantity: l.quantity, expiresAt })),
          );
      }
      await announceRest(tx, lines, moved, requestId);
      return [];
    },

    /**
     * The order of a checkout takes its lines: what the checkout holds is consumed (already out of
     * stock, not taken again), the rest is taken from free stock only where enough is left (a hold
     * that expired and was swept, a checkout made before holds, cash on delivery). Returns the short
     * lines; the caller throws and its transaction rolls back, the holds with it. Call it last in
     * the order's transaction, as stock.ts's `take`: `alongside` (the order's events) goes into the
     * outbox with CatalogueChanged in the statement before the rows are locked.
     */
    async takeForCheckout(
      checkoutId: string,
      lines: readonly HeldLine[],
      requestId?: string,
      alongside: readonly DomainEvent[] = [],
      tx: DbOrTx = db,
    ): Promise<ShortLine[]> {
      await announce(
        tx,
        lines.map((l) => l.productId),
        requestId,
        alongside,
      );
      if (lines.length === 0) return [];
      const { short, moved } = await settle(checkoutId, lines, tx);
      if (short.length === 0) await announceRest(tx, lines, moved, requestId);
      return short;
    },

    /**
     * The holds of the cart's open card checkouts (`checkout_key`) go back into stock: its shopper
     * is paying another way (cash on delivery, pay later), and their own card intent must not
     * keep the bags from them. Returns what was given back. The intent stays payable at Stripe:
     * paid after all, it takes free stock, or is the cart's second payment and refunded.
     */
    async releaseHoldsOfCart(checkoutKey: string, requestId?: string, tx: DbOrTx = db): Promise<HeldLine[]> {
      const { rows } = await tx.execute<{ checkout_id: string }>(sql`
        select distinct h.checkout_id from ${stockHolds} h
        join ${checkouts} c on c.id = h.checkout_id
        where c.checkout_key = ${checkoutKey} and c.status = 'open'
        order by h.checkout_id`);
      const back: HeldLine[] = [];
      for (const { checkout_id } of rows) back.push(...(await releaseHold(checkout_id, requestId, tx)));
      return back;
    },

    /**
     * Gives back holds past their expiry, at most `limit` of them; a hold an order (or another
     * sweeper) is taking right now is skipped, not waited for. Returns what went back.
     */
    async releaseExpiredHolds(now: Date, limit = 500, tx: DbOrTx = db): Promise<ReleasedStockHold[]> {
      const { rows } = await tx.execute<{
        checkout_id: string;
        variation_id: string;
        quantity: number;
        product_id: string | null;
      }>(sql`
        with expired as (
          select checkout_id, variation_id from ${stockHolds}
          where expires_at <= ${now.toISOString()}::timestamptz
          order by expires_at
          limit ${limit}
          for update skip locked
        ), held as (
          delete from ${stockHolds} h using expired e
          where h.checkout_id = e.checkout_id and h.variation_id = e.variation_id
          returning h.checkout_id, h.variation_id, h.quantity
        ), back as (
          select variation_id as id, sum(quantity)::int as quantity from held group by variation_id order by variation_id
        ), given as (
          update ${productVariations} v set stock_quantity = v.stock_quantity + back.quantity
          from back where v.id = back.id
          returning v.id, v.product_id
        )
        select held.checkout_id, held.variation_id, held.quantity, given.product_id
        from held left join given on given.id = held.variation_id`);
      const productIds = rows.flatMap((r) => (r.product_id ? [r.product_id] : []));
      if (productIds.length > 0) await announce(tx, productIds, undefined);
      return rows.map((r) => ({
        checkoutId: r.checkout_id,
        variationId: r.variation_id,
        quantity: r.quantity,
      }));
    },

    /** What a checkout holds now (the gateway's tests and staff's look). */
    async heldBy(checkoutId: string, tx: DbOrTx = db): Promise<{ variationId: string; quantity: number }[]> {
      const { rows } = await tx.execute<{ variation_id: string; quantity: number }>(
        sql`select variation_id, quantity from ${stockHolds} where checkout_id = ${checkoutId} order by variation_id`,
      );
      return rows.map((r) => ({ variationId: r.variation_id, quantity: r.quantity }));
    },
  };
}
