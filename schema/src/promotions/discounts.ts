import { type Fils, percentOf, toFils } from '../money/money';
import type { Promotion } from './promotion';

/** One cart line as the promotion rules see it: the unit price the shopper pays, in fils. */
export interface PromotionLine {
  productId: string;
  unitFils: Fils;
  quantity: number;
}

/**
 * The goods being bought. `subtotalFils` defaults to the sum of the lines; it is given separately
 * because SPEC 7 sends `orderAmount` and the server may reprice the lines.
 */
export interface PromotionCart {
  lines: readonly PromotionLine[];
  subtotalFils?: Fils;
}

/** What one promotion takes off an order. Money is in fils and never above what it applies to. */
export interface PromotionDiscount {
  promotionId: string;
  type: Promotion['type'];
  /** Taken off the goods. 0 for FREE_SHIPPING, which removes the shipping instead. */
  discountFils: Fils;
  freeShipping: boolean;
}

export function cartSubtotal(cart: PromotionCart): Fils {
  return cart.subtotalFils ?? cart.lines.reduce((sum, l) => sum + l.unitFils * Math.max(0, l.quantity), 0);
}

/** SPEC 5: no selected products means the promotion applies to all products. */
export function eligibleLines(
  promotion: Pick<Promotion, 'productIds'>,
  cart: PromotionCart,
): PromotionLine[] {
  const scope = new Set(promotion.productIds);
  return cart.lines.filter((l) => l.quantity > 0 && (scope.size === 0 || scope.has(l.productId)));
}

/** The amount a promotion works on: the whole subtotal for an all-products promotion, else its lines. */
function eligibleSubtotal(promotion: Pick<Promotion, 'productIds'>, cart: PromotionCart): Fils {
  if (promotion.productIds.length === 0) return cartSubtotal(cart);
  return eligibleLines(promotion, cart).reduce((sum, l) => sum + l.unitFils * l.quantity, 0);
}

const clamp = (value: Fils, max: Fils): Fils => Math.min(Math.max(0, value), Math.max(0, max));

/** A percentage (40 or 12.5) in basis points, exact to 1/100 of a percent, capped to 0..100 %. */
function percentBasisPoints(percent: number | null): number {
  if (percent === null || !Number.isFinite(percent)) return 0;
  return Math.min(10_000, Math.max(0, Math.round(percent * 100)));
}

/** PERCENTAGE: `value` percent of the eligible amount, rounded once, half away from zero. */
export function percentageDiscount(promotion: Promotion, cart: PromotionCart): Fils {
  const base = eligibleSubtotal(promotion, cart);
  return clamp(percentOf(base, percentBasisPoints(promotion.value)), base);
}

/** FIXED_AMOUNT: `value` AED off, never more than the eligible amount (so never more than the subtotal). */
export function fixedAmountDiscount(promotion: Promotion, cart: PromotionCart): Fils {
  const base = eligibleSubtotal(promotion, cart);
  const value = promotion.value !== null && Number.isFinite(promotion.value) ? toFils(promotion.value) : 0;
  return clamp(value, base);
}

/** How many of the first `n` units (in price order) are free, for groups of `buy + get`. */
function freeAmong(n: number, buy: number, get: number): number {
  const group = buy + get;
  return Math.floor(n / group) * get + Math.max(0, (n % group) - buy);
}

/** The buy and get quantities of a BUY_X_GET_Y promotion (SPEC 5: each at least 1, default 1). */
export function buyGetQuantities(promotion: Pick<Promotion, 'buyQuantity' | 'getQuantity'>) {
  return { buy: Math.max(1, promotion.buyQuantity ?? 1), get: Math.max(1, promotion.getQuantity ?? 1) };
}

/**
 * BUY_X_GET_Y: the eligible units are lined up from the dearest to the cheapest and cut into
 * groups of X + Y; in every complete group the Y cheapest units are free. So each free unit is
 * paid for by X units that cost at least as much — the usual shop rule, and the shopper is never
 * handed only the very cheapest items of a mixed cart. An incomplete group gives nothing.
 */
export function buyXGetYDiscount(promotion: Promotion, cart: PromotionCart): Fils {
  const { buy, get } = buyGetQuantities(promotion);
  const lines = eligibleLines(promotion, cart).sort((a, b) => b.unitFils - a.unitFils);
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  const limit = Math.floor(units / (buy + get)) * (buy + get);
  let start = 0;
  let free = 0;
  for (const line of lines) {
    const end = start + line.quantity;
    const count = freeAmong(Math.min(end, limit), buy, get) - freeAmong(Math.min(start, limit), buy, get);
    free += count * line.unitFils;
    start = end;
  }
  return clamp(free, eligibleSubtotal(promotion, cart));
}

/** Units still missing before a BUY_X_GET_Y promotion gives anything; 0 when it already does. */
export function buyXGetYMissingUnits(promotion: Promotion, cart: PromotionCart): number {
  const { buy, get } = buyGetQuantities(promotion);
  const units = eligibleLines(promotion, cart).reduce((n, l) => n + l.quantity, 0);
  return Math.max(0, buy + get - units);
}

/**
 * BUNDLE: the bundle is the promotion's products, one unit of each. It applies when the cart
 * holds every one of them; `bundleDiscount` percent comes off each complete set. Sets are built
 * from each product's dearest units first, so extra units left outside a set are the cheapest.
 * A bundle with no products never applies (there is nothing to complete).
 */
export function bundleSets(promotion: Promotion, cart: PromotionCart): number {
  const products = [...new Set(promotion.productIds)];
  if (products.length === 0) return 0;
  return Math.min(
    ...products.map((id) =>
      cart.lines.filter((l) => l.productId === id).reduce((n, l) => n + Math.max(0, l.quantity), 0),
    ),
  );
}

export function bundleDiscount(promotion: Promotion, cart: PromotionCart): Fils {
  const sets = bundleSets(promotion, cart);
  if (sets === 0) return 0;
  let bundled = 0;
  for (const id of new Set(promotion.productIds)) {
    let left = sets;
    const lines = cart.lines
      .filter((l) => l.productId === id && l.quantity > 0)
      .sort((a, b) => b.unitFils - a.unitFils);
    for (const line of lines) {
      const take = Math.min(left, line.quantity);
      bundled += take * line.unitFils;
      left -= take;
      if (left === 0) break;
    }
  }
  return clamp(percentOf(bundled, percentBasisPoints(promotion.bundleDiscount)), bundled);
}

/**
 * What a promotion takes off this cart, or null for types that give no discount
 * (UPSELL, CROSS_SELL, DOWNSELL only recommend products). Eligibility is checked elsewhere.
 */
export function computeDiscount(promotion: Promotion, cart: PromotionCart): PromotionDiscount | null {
  const result = (discountFils: Fils, freeShipping = false): PromotionDiscount => ({
    promotionId: promotion.id,
    type: promotion.type,
    discountFils,
    freeShipping,
  });
  switch (promotion.type) {
    case 'PERCENTAGE':
      return result(percentageDiscount(promotion, cart));
    case 'FIXED_AMOUNT':
      return result(fixedAmountDiscount(promotion, cart));
    case 'FREE_SHIPPING':
      return result(0, true);
    case 'BUY_X_GET_Y':
      return result(buyXGetYDiscount(promotion, cart));
    case 'BUNDLE':
      return result(bundleDiscount(promotion, cart));
    case 'UPSELL':
    case 'CROSS_SELL':
    case 'DOWNSELL':
      return null;
  }
}
