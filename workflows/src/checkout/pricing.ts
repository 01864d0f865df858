import { calculateShipping, discountedUnitFils, type OrderItemClaim, type ShippingRule } from '@qahwa/schema';

export interface PricedLine {
  productId: string;
  variationId: string;
  name: string;
  nameAr: string;
  variation: { weight: string | null; beans: string | null; additions: string | null };
  unitFils: number;
  quantity: number;
  stock: number;
  isActive: boolean;
}

export interface VariationRecord {
  id: string;
  productId: string;
  productName: string;
  productNameAr: string;
  productActive: boolean;
  isActive: boolean;
  priceFils: number;
  discount: number;
  discountType: 'PERCENTAGE' | 'FIXED_AMOUNT';
  stockQuantity: number;
  weight: string;
  beans: string | null;
  additions: string | null;
}

/**
 * Prices an order from the database's records only: the claimed prices and names in the
 * request are ignored. Lines naming the same variation are merged so stock is checked once.
 */
export function priceOrder(
  claims: readonly OrderItemClaim[],
  records: ReadonlyMap<string, VariationRecord>,
  rules: readonly ShippingRule[],
  city: string,
) {
  const merged = new Map<string, number>();
  for (const c of claims) merged.set(c.variationId, (merged.get(c.variationId) ?? 0) + c.quantity);
  const lines: PricedLine[] = [];
  const missing: string[] = [];
  for (const [variationId, quantity] of merged) {
    const r = records.get(variationId);
    if (!r) {
      missing.push(variationId);
      continue;
    }
    lines.push({
      productId: r.productId,
      variationId,
      name: r.productName,
      nameAr: r.productNameAr,
      variation: { weight: r.weight, beans: r.beans, additions: r.additions },
      unitFils: discountedUnitFils(r.priceFils / 100, r.discount, r.discountType),
      quantity,
      stock: r.stockQuantity,
      isActive: r.isActive && r.productActive,
    });
  }
  const subtotalFils = lines.reduce((s, l) => s + l.unitFils * l.quantity, 0);
  const shipping = calculateShipping(rules, subtotalFils, city);
  const discountFils = 0;
  const taxFils = 0;
  return {
    lines,
    missing,
    subtotalFils,
    shippingFils: shipping.shippingCostFils,
    discountFils,
    taxFils,
    totalFils: subtotalFils + shipping.shippingCostFils - discountFils + taxFils,
  };
}
