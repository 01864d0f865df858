import type { DiscountLine, Promotion, PromotionType, RelationshipType } from '@qahwa/schema';
import { toAed } from '@qahwa/schema';
import { and, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { orderDiscounts, promotionRedemptions, promotions } from '../../schema';
import { createRedemptionsRepository } from './redemptions';

export type { RedeemResult, ReleasedHold } from './redemptions';

type PromotionRow = typeof promotions.$inferSelect;

/** A row as the pure rules read it (SPEC 3 "Promotion"): money in AED, dates as ISO instants. */
export function toPromotion(r: PromotionRow): Promotion {
  return {
    id: r.id,
    name: r.name,
    nameAr: r.nameAr || null,
    description: r.description || null,
    descriptionAr: r.descriptionAr || null,
    code: r.code && r.code.trim() !== '' ? r.code : null,
    type: r.type as PromotionType,
    value: r.value,
    minOrderAmount: r.minOrderFils === null ? null : toAed(r.minOrderFils),
    maxUses: r.maxUses,
    usedCount: r.uses,
    startDate: r.startDate.toISOString(),
    endDate: r.endDate.toISOString(),
    isActive: r.isActive,
    isPublic: r.isPublic,
    productIds: r.productIds,
    buyQuantity: r.buyQuantity,
    getQuantity: r.getQuantity,
    bundleDiscount: r.bundleDiscount,
    targetProductIds: r.targetProductIds,
    relationshipType: (r.relationshipType as RelationshipType | null) ?? null,
  };
}

/**
 * Promotions and their uses: the reads pricing and the back office make, the order's discount
 * lines, and the uses themselves (redemptions.ts, where `maxUses` is enforced). One repository,
 * as its callers have always used it.
 */
export function createPromotionsRepository(db: DbOrTx) {
  return {
    ...createRedemptionsRepository(db),

    /**
     * Promotions switched on whose window contains `now` (the pricing candidates). The pure rules
     * check the window again in Dubai days; this only keeps the read small.
     */
    async active(now: Date, tx: DbOrTx = db): Promise<Promotion[]> {
      const rows = await tx
        .select()
        .from(promotions)
        .where(
          and(eq(promotions.isActive, true), lte(promotions.startDate, now), gte(promotions.endDate, now)),
        );
      return rows.map(toPromotion);
    },

    /**
     * The automatic promotions (no code) in force at `now` that have a usage limit and uses left,
     * or whose use `checkoutId` holds already (`held`, an earlier attempt's): the ones an order
     * reserves a use of before its transaction. Usually none, so the order's path pays one small
     * read and nothing more (a used-up one no longer prices a cart).
     */
    async limitedAutomatic(
      now: Date,
      checkoutId: string,
      tx: DbOrTx = db,
    ): Promise<{ id: string; held: boolean }[]> {
      const held = sql<boolean>`exists (select 1 from ${promotionRedemptions} where ${promotionRedemptions.promotionId} = ${promotions.id} and ${promotionRedemptions.checkoutId} = ${checkoutId} and ${promotionRedemptions.status} <> 'released')`;
      const rows = await tx
        .select({ id: promotions.id, held })
        .from(promotions)
        .where(
          and(
            eq(promotions.isActive, true),
            lte(promotions.startDate, now),
            gte(promotions.endDate, now),
            isNotNull(promotions.maxUses),
            sql`coalesce(trim(${promotions.code}), '') = ''`,
            or(sql`${promotions.uses} < ${promotions.maxUses}`, held),
          ),
        );
      return rows.map((r) => ({ id: r.id, held: Boolean(r.held) }));
    },

    /** Every promotion, newest first (the back office's list). */
    async all(tx: DbOrTx = db): Promise<Promotion[]> {
      const rows = await tx.select().from(promotions).orderBy(desc(promotions.createdAt));
      return rows.map(toPromotion);
    },

    /** The promotion a typed code names (compared trimmed and upper-cased), whatever its state. */
    async byCode(code: string, tx: DbOrTx = db): Promise<Promotion | null> {
      const wanted = code.trim().toUpperCase();
      if (wanted === '') return null;
      const [row] = await tx
        .select()
        .from(promotions)
        .where(sql`upper(trim(${promotions.code})) = ${wanted}`)
        .limit(1);
      return row ? toPromotion(row) : null;
    },

    async byIds(ids: readonly string[], tx: DbOrTx = db): Promise<Promotion[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select()
        .from(promotions)
        .where(inArray(promotions.id, [...ids]));
      return rows.map(toPromotion);
    },

    /** The order's discount lines, written in the order's transaction (staff and e-mails show them). */
    async insertOrderDiscounts(
      orderId: string,
      lines: readonly DiscountLine[],
      tx: DbOrTx = db,
    ): Promise<void> {
      if (lines.length === 0) return;
      await tx.insert(orderDiscounts).values(
        lines.map((l) => ({
          orderId,
          promotionId: l.promotionId,
          kind: l.kind,
          code: l.code,
          name: l.name,
          nameAr: l.nameAr,
          promotionType: l.promotionType,
          amountFils: l.amountFils,
        })),
      );
    },

    async orderDiscounts(orderId: string, tx: DbOrTx = db) {
      return tx.select().from(orderDiscounts).where(eq(orderDiscounts.orderId, orderId));
    },
  };
}
