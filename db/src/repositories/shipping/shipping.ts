import type { ShippingRule } from '@qahwa/schema';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { shippingRules } from '../../schema';

type Row = typeof shippingRules.$inferSelect;

/** A shipping rule as the store reads it (the storefront's quote and the back office's list). */
export function shippingRuleOf(r: Row): ShippingRule {
  return {
    id: r.id,
    name: r.name,
    nameAr: r.nameAr,
    type: r.type,
    description: r.description,
    descriptionAr: r.descriptionAr,
    costFils: r.costFils,
    freeShippingThresholdFils: r.freeShippingThresholdFils,
    isActive: r.isActive,
    estimatedDays: r.estimatedDays,
    cities: r.cities,
  };
}

export function createShippingRepository(db: DbOrTx) {
  return {
    async activeRules(tx: DbOrTx = db): Promise<ShippingRule[]> {
      const rows = await tx.select().from(shippingRules).where(eq(shippingRules.isActive, true));
      return rows.map(shippingRuleOf);
    },
  };
}
