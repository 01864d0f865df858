'use client';

import type { CartItem } from '@qahwa/schema/cart';
import type { Fils } from '@qahwa/schema/money';
import { type CartLineAmount, cartLineAmounts } from '@qahwa/schema/promotions';
import { useMemo } from 'react';
import { appliedCouponAtom, priceAsSummary, useActivePromotions } from '@/checkout/coupon-state';
import { useShopperSettings } from '@/settings/shopper-settings';
import { useAtomValue } from '@/shell/atoms';

/** The cart's goods at what the order charges for them (shipping is the checkout's). */
export interface CartPrices {
  /** Each line by its cart item id. */
  lines: ReadonlyMap<string, CartLineAmount>;
  /** The goods: subtotal after the sale, less the one goods discount. */
  totalFils: Fils;
  /** The goods at their list prices, when above `totalFils` (struck through), else null. */
  wasFils: Fils | null;
}

/**
 * The cart panel's and the cart page's prices: checkout's `priceCart` on the cart with the
 * promotions in force, the applied code and the store's sale — the summary's own inputs
 * (checkout/coupon-state.ts) — with each line's share of the discount (`cartLineAmounts`). So a
 * line shows what the product's card showed, and the total is the summary's before shipping.
 */
export function useCartPrices(items: readonly CartItem[]): CartPrices {
  const promotions = useActivePromotions();
  const applied = useAtomValue(appliedCouponAtom);
  const { sale, shipping } = useShopperSettings();
  return useMemo(() => {
    const { priced, all } = priceAsSummary(items, promotions, applied, { sale, shipping });
    const byVariation = new Map(cartLineAmounts(priced, all).map((a) => [a.variationId, a]));
    const lines = new Map<string, CartLineAmount>();
    for (const item of items) {
      // The variation id as pricingLinesOf reads it (a line stored without one: its item id).
      const amount = byVariation.get(item.variationId ?? item.id);
      if (amount) lines.set(item.id, amount);
    }
    const totalFils = priced.subtotalFils - priced.discountFils;
    const listFils = priced.lines.reduce((s, l) => s + l.listFils * l.quantity, 0);
    return { lines, totalFils, wasFils: listFils > totalFils ? listFils : null };
  }, [items, promotions, applied, sale, shipping]);
}
