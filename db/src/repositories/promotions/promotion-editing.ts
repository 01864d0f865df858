import { randomUUID } from 'node:crypto';
import {
  type CatalogueChanged,
  makeEvent,
  type Promotion,
  type PromotionPayload,
  toFils,
  windowEndMs,
  windowStartMs,
} from '@qahwa/schema';
import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { orderDiscounts, promotionRedemptions, promotions } from '../../schema';
import { createOutboxRepository } from '../operations/outbox';
import { toPromotion } from './promotions';

export class PromotionWriteError extends Error {
  override readonly name = 'PromotionWriteError';
  constructor(readonly code: 'codeInUse' | 'notFound') {
    super(`promotion write refused: ${code}`);
  }
}
export const isPromotionWriteError = (e: unknown): e is PromotionWriteError =>
  e instanceof PromotionWriteError;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return (e?.cause?.code ?? e?.code) === '23505';
};

/**
 * The payload of the promotion form (SPEC 5's per-type fields already applied) → the row. A
 * plain date means that whole day in Dubai: the start at 00:00, the end at 23:59:59.999. Fields
 * the type does not use are cleared, so switching a promotion's type leaves nothing behind.
 */
function columns(p: PromotionPayload) {
  return {
    name: p.name,
    nameAr: p.nameAr ?? '',
    description: p.description,
    descriptionAr: p.descriptionAr ?? '',
    code: p.code,
    type: p.type,
    value: p.value,
    minOrderFils: p.minOrderAmount === undefined ? null : toFils(p.minOrderAmount),
    maxUses: p.maxUses ?? null,
    startDate: new Date(windowStartMs(p.startDate)),
    endDate: new Date(windowEndMs(p.endDate)),
    isActive: p.isActive,
    isPublic: p.isPublic,
    productIds: p.productIds,
    buyQuantity: p.buyQuantity ?? null,
    getQuantity: p.getQuantity ?? null,
    bundleDiscount: p.bundleDiscount ?? null,
    targetProductIds: p.targetProductIds ?? [],
    relationshipType: p.relationshipType ?? null,
  };
}

/**
 * The back office's promotion writes (SPEC 7 POST /api/promotions, PATCH /api/promotions/{id}).
 * Each runs in the caller's transaction (with its audit entry) and appends CatalogueChanged
 * {reason: 'promotion'}, so the storefront's pages (prices, the home page's offers) follow at
 * once. Uses (`uses`) are never written here: only redemptions count them.
 */
export function createPromotionEditingRepository(db: DbOrTx) {
  const outbox = createOutboxRepository(db);

  async function changed(tx: DbOrTx, requestId?: string) {
    const event: CatalogueChanged = makeEvent(
      'CatalogueChanged',
      { reason: 'promotion', productIds: [] },
      { id: randomUUID(), occurredAt: new Date().toISOString(), ...(requestId ? { requestId } : {}) },
    );
    await outbox.append(event, tx);
  }

  async function guarded<T>(tx: DbOrTx, run: (inner: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await tx.transaction(run);
    } catch (err) {
      if (isUniqueViolation(err)) throw new PromotionWriteError('codeInUse');
      throw err;
    }
  }

  return {
    async byId(id: string, tx: DbOrTx = db): Promise<Promotion | null> {
      const [row] = await tx.select().from(promotions).where(eq(promotions.id, id));
      return row ? toPromotion(row) : null;
    },

    async create(payload: PromotionPayload, requestId?: string, tx: DbOrTx = db): Promise<Promotion> {
      const row = await guarded(tx, async (inner) => {
        const [r] = await inner.insert(promotions).values(columns(payload)).returning();
        return r as typeof promotions.$inferSelect;
      });
      await changed(tx, requestId);
      return toPromotion(row);
    },

    /**
     * Deletes a promotion nothing ever used; archives (switches off) one that a checkout held or
     * an order names, so those records keep it. `uses` is what decided: the redemptions (any
     * state, released ones included: they still name it) plus the order discounts that name it.
     */
    async remove(
      id: string,
      requestId?: string,
      tx: DbOrTx = db,
    ): Promise<{
      outcome: 'deleted' | 'archived';
      uses: number;
      before: Promotion;
      after: Promotion | null;
    }> {
      const [locked] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
      if (!locked) throw new PromotionWriteError('notFound');
      const [[held], [named]] = await Promise.all([
        tx.select({ n: count() }).from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, id)),
        tx.select({ n: count() }).from(orderDiscounts).where(eq(orderDiscounts.promotionId, id)),
      ]);
      const uses = Math.max(held?.n ?? 0, named?.n ?? 0, locked.uses);
      const before = toPromotion(locked);
      if (uses === 0) {
        await tx.delete(promotions).where(eq(promotions.id, id));
        await changed(tx, requestId);
        return { outcome: 'deleted', uses, before, after: null };
      }
      const [row] = await tx
        .update(promotions)
        .set({ isActive: false, updatedAt: sql`now()` })
        .where(eq(promotions.id, id))
        .returning();
      await changed(tx, requestId);
      return { outcome: 'archived', uses, before, after: toPromotion(row as typeof promotions.$inferSelect) };
    },

    async update(
      id: string,
      payload: PromotionPayload,
      requestId?: string,
      tx: DbOrTx = db,
    ): Promise<{ before: Promotion; after: Promotion }> {
      const [locked] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
      if (!locked) throw new PromotionWriteError('notFound');
      const row = await guarded(tx, async (inner) => {
        const [r] = await inner
          .update(promotions)
          .set({ ...columns(payload), updatedAt: sql`now()` })
          .where(eq(promotions.id, id))
          .returning();
        return r as typeof promotions.$inferSelect;
      });
      await changed(tx, requestId);
      return { before: toPromotion(locked), after: toPromotion(row) };
    },
  };
}
