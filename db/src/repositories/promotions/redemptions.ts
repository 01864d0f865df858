import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { checkouts, orders, promotionRedemptions, promotions } from '../../schema';

export type RedeemResult = { ok: true; reused: boolean } | { ok: false; reason: 'usageLimit' | 'missing' };

/** A held use the sweeper gave back (docs/promotions.md "Held uses that outlive their checkout"). */
export interface ReleasedHold {
  promotionId: string;
  checkoutId: string;
  /** Past the payment's own expiry (pay later), or an old hold of a process that died (no expiry). */
  why: 'expired' | 'orphaned';
}

/**
 * Checkout states that may still become an order: a paid card checkout waiting for its order, or
 * one staff must look at (they may still complete it). Every other state is final.
 */
const UNFINISHED_CHECKOUT = ['open', 'needs_attention'];

/**
 * A promotion's uses (one per promotion and checkout). `maxUses` is enforced here and only here:
 * a redemption is taken under the promotion's row lock (`select … for update`), so two checkouts
 * racing for the last use take turns and the second sees the first's count. A retried or re-run
 * activity finds its own use and does not count twice. Held uses are given back by their
 * checkout's failure or by the sweeper.
 */
export function createRedemptionsRepository(db: DbOrTx) {
  return {
    /**
     * Takes one use of a promotion for a checkout. Locks the promotion's row until the caller's
     * transaction ends, so call it late in that transaction. `orderId` given = the use is final
     * ('used'); without it the use is held for a payment still under way ('reserved').
     */
    async redeem(
      input: {
        promotionId: string;
        checkoutId: string;
        orderId?: string;
        /** A hold's end (a pay-later session's expiry at the provider); past it the sweeper releases it. */
        expiresAt?: Date;
      },
      tx: DbOrTx = db,
    ): Promise<RedeemResult> {
      const status = input.orderId ? ('used' as const) : ('reserved' as const);
      const expiresAt = input.orderId ? null : (input.expiresAt ?? null);
      const mineNow = () =>
        tx
          .select()
          .from(promotionRedemptions)
          .where(
            and(
              eq(promotionRedemptions.promotionId, input.promotionId),
              eq(promotionRedemptions.checkoutId, input.checkoutId),
            ),
          )
          .then((rows) => rows[0]);
      const keep = async (mine: { id: string; status: string }) => {
        if (input.orderId && mine.status !== 'used') {
          await tx
            .update(promotionRedemptions)
            .set({ status, orderId: input.orderId, updatedAt: new Date() })
            .where(eq(promotionRedemptions.id, mine.id));
        }
        return { ok: true as const, reused: true };
      };
      // This checkout's own use (reserved earlier, or a retried attempt): no need for the
      // promotion's row lock, so a retry never queues behind other shoppers.
      const before = await mineNow();
      if (before && before.status !== 'released') return keep(before);

      const { rows } = await tx.execute<{ max_uses: number | null; uses: number }>(
        sql`select max_uses, uses from ${promotions} where id = ${input.promotionId} for update`,
      );
      const promotion = rows[0];
      if (!promotion) return { ok: false, reason: 'missing' };
      // Looked at again under the lock: another attempt of this checkout may have just taken it.
      const mine = await mineNow();
      if (mine && mine.status !== 'released') return keep(mine);
      if (promotion.max_uses !== null && promotion.uses >= promotion.max_uses) {
        return { ok: false, reason: 'usageLimit' };
      }
      if (mine) {
        await tx
          .update(promotionRedemptions)
          .set({ status, orderId: input.orderId ?? null, expiresAt, updatedAt: new Date() })
          .where(eq(promotionRedemptions.id, mine.id));
      } else {
        await tx.insert(promotionRedemptions).values({
          promotionId: input.promotionId,
          checkoutId: input.checkoutId,
          orderId: input.orderId ?? null,
          status,
          expiresAt,
        });
      }
      await tx
        .update(promotions)
        .set({ uses: sql`${promotions.uses} + 1` })
        .where(eq(promotions.id, input.promotionId));
      return { ok: true, reused: false };
    },

    /** A reserved use becomes final once its order exists (card and pay-later flows). */
    async markUsed(checkoutId: string, orderId: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(promotionRedemptions)
        .set({ status: 'used', orderId, updatedAt: new Date() })
        .where(
          and(eq(promotionRedemptions.checkoutId, checkoutId), eq(promotionRedemptions.status, 'reserved')),
        );
    },

    /**
     * A checkout that failed or was cancelled gives its uses back (only `promotionId`'s, if given). Each released row gives back
     * exactly one use, under the promotion's row lock; releasing twice changes nothing.
     */
    async release(checkoutId: string, promotionId?: string, tx: DbOrTx = db): Promise<number> {
      const held = await tx
        .select({ id: promotionRedemptions.id, promotionId: promotionRedemptions.promotionId })
        .from(promotionRedemptions)
        .where(
          and(
            eq(promotionRedemptions.checkoutId, checkoutId),
            ne(promotionRedemptions.status, 'released'),
            promotionId ? eq(promotionRedemptions.promotionId, promotionId) : undefined,
          ),
        );
      for (const r of held) {
        await tx.execute(sql`select 1 from ${promotions} where id = ${r.promotionId} for update`);
        const released = await tx
          .update(promotionRedemptions)
          .set({ status: 'released', updatedAt: new Date() })
          .where(and(eq(promotionRedemptions.id, r.id), ne(promotionRedemptions.status, 'released')))
          .returning({ id: promotionRedemptions.id });
        if (released.length > 0) {
          await tx
            .update(promotions)
            .set({ uses: sql`greatest(${promotions.uses} - 1, 0)` })
            .where(eq(promotions.id, r.promotionId));
        }
      }
      return held.length;
    },

    /**
     * Gives back the held uses nobody will turn into an order (the sweeper's pass): a pay-later
     * hold past its session's expiry plus `graceMs`; a hold without an expiry (cash on delivery,
     * card: taken just before the order's transaction) older than `orphanAfterMs` whose checkout
     * is not one that may still be completed. Never a use with an order, never a used one: each
     * is released in its own short transaction under the promotion's row lock (the order of locks
     * `release` takes), and only while it is still 'reserved', so an order committing at that
     * moment keeps its use.
     */
    async releaseStaleHolds(input: {
      now: Date;
      graceMs: number;
      orphanAfterMs: number;
      limit?: number;
    }): Promise<ReleasedHold[]> {
      const expiredBefore = new Date(input.now.getTime() - input.graceMs);
      const orphanedBefore = new Date(input.now.getTime() - input.orphanAfterMs);
      const noOrder = sql`not exists (select 1 from ${orders} where ${orders.checkoutId} = ${promotionRedemptions.checkoutId})`;
      const candidates = await db
        .select({
          id: promotionRedemptions.id,
          promotionId: promotionRedemptions.promotionId,
          checkoutId: promotionRedemptions.checkoutId,
          expiresAt: promotionRedemptions.expiresAt,
        })
        .from(promotionRedemptions)
        .where(
          and(
            eq(promotionRedemptions.status, 'reserved'),
            sql`${promotionRedemptions.orderId} is null`,
            noOrder,
            sql`(
              (${promotionRedemptions.expiresAt} is not null and ${promotionRedemptions.expiresAt} < ${expiredBefore})
              or (${promotionRedemptions.expiresAt} is null and ${promotionRedemptions.updatedAt} < ${orphanedBefore}
                and not exists (select 1 from ${checkouts} where ${checkouts.id} = ${promotionRedemptions.checkoutId}
                  and ${inArray(checkouts.status, UNFINISHED_CHECKOUT)}))
            )`,
          ),
        )
        .orderBy(promotionRedemptions.updatedAt)
        .limit(input.limit ?? 500);
      const released: ReleasedHold[] = [];
      for (const c of candidates) {
        const gone = await db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from ${promotions} where id = ${c.promotionId} for update`);
          const rows = await tx
            .update(promotionRedemptions)
            .set({ status: 'released', updatedAt: new Date() })
            .where(
              and(
                eq(promotionRedemptions.id, c.id),
                eq(promotionRedemptions.status, 'reserved'),
                sql`${promotionRedemptions.orderId} is null`,
                noOrder,
              ),
            )
            .returning({ id: promotionRedemptions.id });
          if (rows.length === 0) return false;
          await tx
            .update(promotions)
            .set({ uses: sql`greatest(${promotions.uses} - 1, 0)` })
            .where(eq(promotions.id, c.promotionId));
          return true;
        });
        if (gone) {
          released.push({
            promotionId: c.promotionId,
            checkoutId: c.checkoutId,
            why: c.expiresAt ? 'expired' : 'orphaned',
          });
        }
      }
      return released;
    },

    /** The promotions this checkout holds a use of (reserved or used). */
    async heldBy(checkoutId: string, tx: DbOrTx = db): Promise<string[]> {
      const rows = await tx
        .select({ promotionId: promotionRedemptions.promotionId })
        .from(promotionRedemptions)
        .where(
          and(eq(promotionRedemptions.checkoutId, checkoutId), ne(promotionRedemptions.status, 'released')),
        );
      return rows.map((r) => r.promotionId);
    },

    /** How many uses a promotion holds (reserved or used): what `uses` must always equal. */
    async countRedemptions(promotionId: string, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(promotionRedemptions)
        .where(
          and(eq(promotionRedemptions.promotionId, promotionId), ne(promotionRedemptions.status, 'released')),
        );
      return row?.n ?? 0;
    },
  };
}
