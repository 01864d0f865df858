import { randomUUID } from 'node:crypto';
import { type CatalogueChanged, type DomainEvent, eventEnvelope } from '@qahwa/schema';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { orderItems, orders, productVariations } from '../../schema';
import { createOutboxRepository } from '../operations/outbox';
import { createStockHolds } from './stock-holds';
import { moveStock } from './stock-moves';

export interface StockLine {
  productId: string;
  variationId: string;
  quantity: number;
}

/**
 * The one place stock changes. Every change runs inside the caller's transaction and
 * appends CatalogueChanged {reason: 'stock'} to the outbox in that same transaction, so the
 * gateway's in-memory catalogue and the storefront's pages learn of it exactly when it commits.
 * Nothing is ever sold that is not there: `take` decrements only where enough is left.
 */
export function createStockRepository(db: DbOrTx) {
  const outbox = createOutboxRepository(db);

  async function changed(
    tx: DbOrTx,
    productIds: string[],
    requestId: string | undefined,
    alongside: readonly DomainEvent[] = [],
  ) {
    const event: CatalogueChanged = eventEnvelope(
      'CatalogueChanged',
      { reason: 'stock', productIds: [...new Set(productIds)].sort() },
      { id: randomUUID(), occurredAt: new Date().toISOString(), ...(requestId ? { requestId } : {}) },
    );
    // Nothing of the stock moved (an order of nothing): only the caller's own events go.
    await outbox.append(productIds.length > 0 ? [...alongside, event] : [...alongside], tx);
  }

  return {
    // A card checkout's held units (stock-holds.ts): the same announcement, the same table.
    ...createStockHolds(db, changed),

    /**
     * An order takes its lines out of stock, in one statement, each line only if enough is left.
     * Returns the lines that were short, with what is left of them; when any is short nothing
     * is taken (the caller throws and its transaction rolls back, the event below with it). Call it
     * last in the checkout's transaction: the rows stay locked from here to the commit. The
     * CatalogueChanged event goes into the outbox first, so the lock is held for the update and the
     * commit only: every order of a best-seller queues on its row, and one more round trip under
     * the lock made 50 orders/s of one coffee queue for a second (docs/performance.md).
     * `alongside`: the caller's own events of this transaction (the order's OrderPlaced), appended
     * in the same statement as CatalogueChanged: one round trip fewer per order.
     */
    async take(
      lines: readonly StockLine[],
      requestId?: string,
      alongside: readonly DomainEvent[] = [],
      tx: DbOrTx = db,
    ): Promise<{ variationId: string; available: number }[]> {
      if (lines.length === 0) {
        await outbox.append(alongside, tx);
        return [];
      }
      await changed(
        tx,
        lines.map((l) => l.productId),
        requestId,
        alongside,
      );
      const rows = await moveStock(
        tx,
        lines.map((l) => [l.variationId, l.quantity] as const),
      );
      if (rows.length < lines.length) {
        const taken = new Set(rows.map((r) => r.id));
        const short = lines.filter((l) => !taken.has(l.variationId)).map((l) => l.variationId);
        const left = await tx
          .select({ variationId: productVariations.id, available: productVariations.stockQuantity })
          .from(productVariations)
          .where(inArray(productVariations.id, short));
        return left.map((l) => ({ variationId: l.variationId, available: Math.max(0, l.available) }));
      }
      return [];
    },

    /**
     * Staff set a variation's stock to a count (the back office's variations editor).
     * Returns false when there is no such variation (nothing is announced then).
     */
    async set(
      line: { productId: string; variationId: string; quantity: number },
      requestId?: string,
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const updated = await tx
        .update(productVariations)
        .set({ stockQuantity: line.quantity, updatedAt: sql`now()` })
        .where(eq(productVariations.id, line.variationId))
        .returning({ id: productVariations.id });
      if (updated.length === 0) return false;
      await changed(tx, [line.productId], requestId);
      return true;
    },

    /**
     * Units that came back to the shelf (a return staff marked resaleable): added to stock and
     * announced, so the catalogue and back-in-stock alerts see them. The caller's guard (the
     * return's own status change) makes it happen once.
     */
    async giveBack(lines: readonly StockLine[], requestId?: string, tx: DbOrTx = db): Promise<void> {
      const back = lines.filter((l) => l.quantity > 0);
      if (back.length === 0) return;
      for (const l of back) {
        await tx
          .update(productVariations)
          .set({
            stockQuantity: sql`${productVariations.stockQuantity} + ${l.quantity}`,
            updatedAt: sql`now()`,
          })
          .where(eq(productVariations.id, l.variationId));
      }
      await changed(
        tx,
        back.map((l) => l.productId),
        requestId,
      );
    },

    /**
     * Cancels an order and gives its stock back, once: the status change is the guard, so a
     * second cancellation (a double click, a redelivered command) returns false and changes
     * nothing. The status flow around it (who may cancel when) comes with the order screens.
     */
    async cancelOrder(orderId: string, requestId?: string, tx: DbOrTx = db): Promise<boolean> {
      const [cancelled] = await tx
        .update(orders)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), ne(orders.status, 'cancelled')))
        .returning({ id: orders.id });
      if (!cancelled) return false;
      const lines = await tx
        .select({
          productId: orderItems.productId,
          variationId: orderItems.variationId,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId));
      for (const l of lines) {
        await tx
          .update(productVariations)
          .set({ stockQuantity: sql`${productVariations.stockQuantity} + ${l.quantity}` })
          .where(eq(productVariations.id, l.variationId));
      }
      if (lines.length > 0) {
        await changed(
          tx,
          lines.map((l) => l.productId),
          requestId,
        );
      }
      return true;
    },
  };
}
export type StockRepository = ReturnType<typeof createStockRepository>;
