import type { Fils } from '../money/money';
import type { SaleConfig } from '../sale/sale-config';
import type { ShippingSettings } from '../shipping/shipping';
import { allocateByLargestRemainder } from '../tax/vat';
import { type CartPricing, type PricingLineInput, priceCart } from './price-cart';
import { isAutomatic, type Promotion } from './promotion';

/**
 * The automatic promotions a product's own price may show (docs/promotions.md "Prices before
 * the cart"): PERCENTAGE and FIXED_AMOUNT ones without a minimum order, of every product or
 * scoped to this one — those a single unit receives at checkout whatever else is in the cart.
 * One with a minimum, buy-X-get-Y and bundles need a cart to hold; free shipping is not a price.
 */
export function promotionsShownOnPrices(promotions: readonly Promotion[]): Promotion[] {
  return promotions.filter(
    (p) =>
      isAutomatic(p) &&
      (p.type === 'PERCENTAGE' || p.type === 'FIXED_AMOUNT') &&
      (p.minOrderAmount === null || p.minOrderAmount <= 0),
  );
}

/** What one unit of a variation costs a shopper now, and what it would cost without the offers. */
export interface ShownUnitPrice {
  /** What checkout charges for this one unit alone (before shipping). */
  fils: Fils;
  /** The variation's list price when `fils` is below it (struck through beside it), else null. */
  wasFils: Fils | null;
  /** The automatic promotion inside `fils`, or null. */
  promotionId: string | null;
}

/** Shipping plays no part in a unit's price: a rule that quotes nothing. */
const NO_SHIPPING: ShippingSettings = { freeShippingThresholdFils: 0, fallbackCostFils: 0 };

/**
 * The price a card, the product page and the options modal show for one unit: checkout's own
 * `priceCart` on a cart of that one unit, with no code and the promotions of
 * `promotionsShownOnPrices` — so the unit costs the lower of its own discount and the sale (never
 * both), then the largest automatic promotion comes off that price, as an order takes it. No
 * second rule: what the card says is what a one-unit order is charged.
 */
export function shownUnitPrice(
  line: Omit<PricingLineInput, 'quantity'>,
  input: { promotions: readonly Promotion[]; sale: SaleConfig; now: Date },
): ShownUnitPrice {
  const priced = priceCart({
    lines: [{ ...line, quantity: 1 }],
    promotions: promotionsShownOnPrices(input.promotions),
    couponCode: null,
    shippingRules: [],
    shipping: NO_SHIPPING,
    sale: input.sale,
    now: input.now,
  });
  const fils = priced.subtotalFils - priced.discountFils;
  const promotion = priced.discounts.find((d) => d.kind === 'PROMOTION');
  return {
    fils,
    wasFils: line.listFils > fils ? line.listFils : null,
    promotionId: promotion?.promotionId ?? null,
  };
}

/** What one cart line costs the shopper, and its list price when that is higher. */
export interface CartLineAmount {
  variationId: string;
  /** The line at what the order charges for it: its units after the sale, less its share of the goods discount. */
  payFils: Fils;
  /** The line's units at their list price when above `payFils` (struck through), else null. */
  wasFils: Fils | null;
}

/**
 * Each line of a priced cart (`priceCart`'s answer, nothing priced again) at what the shopper
 * pays for it: the one goods discount is spread over the lines its promotion covers (every line
 * for an all-products one or when the promotion is not known) in proportion to their amounts,
 * by the invoice's one splitter (largest remainder), so the lines add up to the cart's
 * `subtotal − discount` to the fils. A line with quantity 1 and a promotion of
 * `promotionsShownOnPrices` costs what its product's card showed.
 */
export function cartLineAmounts(
  pricing: Pick<CartPricing, 'lines' | 'discountFils' | 'discounts'>,
  promotions: readonly Promotion[],
): CartLineAmount[] {
  const goods = pricing.discounts.find((d) => d.kind === 'PROMOTION');
  const scope = new Set(promotions.find((p) => p.id === goods?.promotionId)?.productIds ?? []);
  let weights = pricing.lines.map((l) => (scope.size === 0 || scope.has(l.productId) ? l.lineFils : 0));
  if (weights.every((w) => w === 0)) weights = pricing.lines.map((l) => l.lineFils);
  const shares = allocateByLargestRemainder(pricing.discountFils, weights);
  return pricing.lines.map((l, i) => {
    const payFils = l.lineFils - (shares[i] ?? 0);
    const listFils = l.listFils * l.quantity;
    return { variationId: l.variationId, payFils, wasFils: listFils > payFils ? listFils : null };
  });
}
