import { type ShippingRule, type ShippingRuleWrite, toFils } from '@qahwa/schema';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { shippingRules } from '../../schema';
import { shippingRuleOf } from './shipping';

type Row = typeof shippingRules.$inferSelect;

const columns = (w: ShippingRuleWrite) => ({
  name: w.name,
  nameAr: w.nameAr,
  type: w.type,
  description: w.description,
  descriptionAr: w.descriptionAr,
  costFils: toFils(w.cost),
  freeShippingThresholdFils: w.freeShippingThreshold === null ? null : toFils(w.freeShippingThreshold),
  isActive: w.isActive,
  estimatedDays: w.estimatedDays,
  cities: [...new Set(w.cities)],
});

/**
 * The back office's shipping rules (SPEC 3), every one including those switched off. The checkout
 * reads the active ones per order (`createShippingRepository().activeRules`), so a change applies
 * to the next quote without any event. Writes take the caller's transaction (with the audit entry).
 */
export function createShippingEditingRepository(db: DbOrTx) {
  return {
    async all(): Promise<ShippingRule[]> {
      const rows = await db.select().from(shippingRules).orderBy(asc(shippingRules.createdAt));
      return rows.map(shippingRuleOf);
    },
    async create(w: ShippingRuleWrite, tx: DbOrTx = db): Promise<ShippingRule> {
      const [row] = await tx.insert(shippingRules).values(columns(w)).returning();
      return shippingRuleOf(row as Row);
    },
    /** Null when there is no such rule. */
    async update(
      id: string,
      w: ShippingRuleWrite,
      tx: DbOrTx = db,
    ): Promise<{ before: ShippingRule; after: ShippingRule } | null> {
      const [locked] = await tx.select().from(shippingRules).where(eq(shippingRules.id, id)).for('update');
      if (!locked) return null;
      const [row] = await tx
        .update(shippingRules)
        .set({ ...columns(w), updatedAt: sql`now()` })
        .where(eq(shippingRules.id, id))
        .returning();
      return { before: shippingRuleOf(locked), after: shippingRuleOf(row as Row) };
    },
    async remove(id: string, tx: DbOrTx = db): Promise<ShippingRule | null> {
      const [row] = await tx.delete(shippingRules).where(eq(shippingRules.id, id)).returning();
      return row ? shippingRuleOf(row) : null;
    },
  };
}
