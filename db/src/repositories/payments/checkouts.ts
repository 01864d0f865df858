import { type FinalCheckoutStatus, isOpenCheckout, OPEN_CHECKOUT_STATUSES } from '@qahwa/schema/payments';
import { storableJson } from '@qahwa/schema/validation';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { checkouts, webhookEvents } from '../../schema';
import { createStockRepository } from '../catalogue/stock';

export type CheckoutRow = typeof checkouts.$inferSelect;
export type NewCheckout = typeof checkouts.$inferInsert;

/** The checkout a cart's key was already ordered through, and its order. */
export interface OrderedCheckout {
  checkoutId: string;
  orderId: string;
}

/** The ordered checkout of a cart's key, other than `exceptId` (at most one: a unique index). */
function orderedByKey(tx: DbOrTx, key: string, exceptId?: string): Promise<OrderedCheckout[]> {
  return tx
    .select({ checkoutId: checkouts.id, orderId: sql<string>`${checkouts.orderId}` })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.checkoutKey, key),
        eq(checkouts.status, 'ordered'),
        isNotNull(checkouts.orderId),
        exceptId === undefined ? undefined : ne(checkouts.id, exceptId),
      ),
    )
    .limit(1);
}

/**
 * Checkouts priced before the shopper paid (card now, pay later next): the claim and the
 * server's pricing kept so that a webhook alone can make the order when the tab is gone.
 */
export function createCheckoutsRepository(db: DbOrTx) {
  return {
    /** The claim is kept as received, made storable first (a NUL or a lone surrogate would be a 500). */
    async insert(row: NewCheckout, tx: DbOrTx = db): Promise<void> {
      await tx.insert(checkouts).values({ ...row, request: storableJson(row.request) });
    },

    async byPaymentId(providerPaymentId: string, tx: DbOrTx = db): Promise<CheckoutRow | null> {
      const [row] = await tx
        .select()
        .from(checkouts)
        .where(eq(checkouts.providerPaymentId, providerPaymentId))
        .limit(1);
      return row ?? null;
    },

    /** The order a cart was already paid for, if any (docs/payments.md "One checkout, one payment"). */
    async orderedWithKey(key: string, tx: DbOrTx = db): Promise<OrderedCheckout | null> {
      const [row] = await orderedByKey(tx, key);
      return row ?? null;
    },

    async byId(id: string, tx: DbOrTx = db): Promise<CheckoutRow | null> {
      const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, id)).limit(1);
      return row ?? null;
    },

    /** A new price or new details for the same intent (the browser changed the order before paying). */
    async reprice(
      id: string,
      change: Pick<NewCheckout, 'request' | 'pricing' | 'totalFils' | 'locale' | 'requestId'>,
      tx: DbOrTx = db,
    ): Promise<void> {
      await tx
        .update(checkouts)
        .set({ ...change, request: storableJson(change.request), updatedAt: sql`now()` })
        .where(eq(checkouts.id, id));
    },

    /**
     * The checkout of a payment, its row locked until the transaction ends: a staff action and the
     * order's transaction (which also takes this row, `markOrdered`) wait for each other, so
     * whichever commits first decides and the other sees it.
     */
    async lockByPaymentId(providerPaymentId: string, tx: DbOrTx): Promise<CheckoutRow | null> {
      const [row] = await tx
        .select()
        .from(checkouts)
        .where(eq(checkouts.providerPaymentId, providerPaymentId))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /**
     * Moves an open checkout (`open`, `needs_attention`) to a final state; a final one is left as
     * it is (docs/payments.md "Checkout states"). True when this call closed it. A closed
     * checkout never orders, so the stock it held goes back, in the same transaction.
     */
    async close(id: string, status: FinalCheckoutStatus, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(checkouts)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(checkouts.id, id), inArray(checkouts.status, [...OPEN_CHECKOUT_STATUSES])))
        .returning({ id: checkouts.id, requestId: checkouts.requestId });
      const [closed] = rows;
      if (closed) await createStockRepository(tx).releaseHold(id, closed.requestId ?? undefined, tx);
      return rows.length > 0;
    },

    /**
     * In the order's transaction: the checkout made this order. Only an open checkout (or one
     * already `ordered` with this very order: a retried attempt) can be. Otherwise `ordered` is
     * false and `status` says what it became meanwhile (refunded, failed, resolved by staff): the
     * order must not be made. `status` null: no such checkout row (a run started by hand with an
     * input of its own). `duplicateOf`: another checkout of the same cart (its checkout key) is
     * already ordered; this one never will be.
     */
    async markOrdered(
      id: string,
      orderId: string,
      tx: DbOrTx,
    ): Promise<{ ordered: boolean; status: string | null; duplicateOf?: OrderedCheckout }> {
      const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, id)).for('update').limit(1);
      if (!row) return { ordered: false, status: null };
      const retried = row.status === 'ordered' && row.orderId === orderId;
      if (row.checkoutKey && !retried) {
        // One cart, one order (docs/payments.md "One checkout, one payment"): the key's lock
        // makes two tabs' paid orders take turns, so the second sees the first's and is refused
        // here rather than by the unique index's error. A lock on the key, not on the other
        // checkouts' rows: each transaction already holds its own row, and taking the other's too
        // would deadlock the two. Asked before the state: a second payment already given back is
        // still told as the duplicate it is.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-key:${row.checkoutKey}`}, 0))`,
        );
        const [other] = await orderedByKey(tx, row.checkoutKey, id);
        if (other) return { ordered: false, status: row.status, duplicateOf: other };
      }
      if (!isOpenCheckout(row.status) && !retried) return { ordered: false, status: row.status };
      await tx
        .update(checkouts)
        .set({ status: 'ordered', orderId, updatedAt: sql`now()` })
        .where(eq(checkouts.id, id));
      return { ordered: true, status: 'ordered' };
    },

    /**
     * Paid but no order: an open checkout becomes `needs_attention`. A final one stays final
     * (`closed`: refunded or resolved meanwhile, nothing for staff to do); `missing`: no row.
     */
    async flagForStaff(id: string, tx: DbOrTx): Promise<'flagged' | 'closed' | 'missing'> {
      const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, id)).for('update').limit(1);
      if (!row) return 'missing';
      if (!isOpenCheckout(row.status)) return 'closed';
      await tx
        .update(checkouts)
        .set({ status: 'needs_attention', updatedAt: sql`now()` })
        .where(eq(checkouts.id, id));
      return 'flagged';
    },

    /** The order the payment made, or the state it is in (`needs_attention`, `failed`). */
    async mark(
      id: string,
      change: { status: string; orderId?: string | null },
      tx: DbOrTx = db,
    ): Promise<void> {
      await tx
        .update(checkouts)
        .set({
          status: change.status,
          ...(change.orderId !== undefined ? { orderId: change.orderId } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(checkouts.id, id));
    },

    /**
     * Records one delivery of a provider's webhook event. Returns true the first time the event
     * id is seen; a redelivery only bumps the count.
     */
    async recordWebhook(
      event: { id: string; provider: string; type: string; payload: unknown },
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const rows = await tx
        .insert(webhookEvents)
        .values({ id: event.id, provider: event.provider, type: event.type, payload: event.payload })
        .onConflictDoUpdate({
          target: webhookEvents.id,
          set: { handledCount: sql`${webhookEvents.handledCount} + 1` },
        })
        .returning({ handledCount: webhookEvents.handledCount });
      return rows[0]?.handledCount === 1;
    },
  };
}
