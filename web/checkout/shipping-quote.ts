'use client';

import {
  type CartItem,
  type Fils,
  fallbackShipping,
  goodsSubtotalFils,
  pricingLinesOf,
  type SaleConfig,
  toAed,
  toFils,
} from '@qahwa/schema';
import { useEffect, useState } from 'react';
import { api } from '@/lib/browser-api';
import { type ShopperSettings, useShopperSettings } from '@/settings/shopper-settings';

export interface Quote {
  shippingCostFils: Fils;
  amountToFreeShippingFils: Fils;
  /** The shipping rule's days ("1-3"), for the estimated delivery; none when no rule covers the order. */
  estimatedDays?: string | null;
}

function fromFallback(subtotalFils: Fils, settings: ShopperSettings['shipping']): Quote {
  const q = fallbackShipping(subtotalFils, settings);
  return { shippingCostFils: q.shippingCostFils, amountToFreeShippingFils: q.amountToFreeShippingFils };
}

/**
 * The amount the shipping quote is asked for: the goods at what the shopper pays for them (the
 * sale taken as the server takes it), which is what the order's shipping is quoted on
 * (`priceCart`), so the quote is the order's.
 */
export function quotedSubtotalFils(
  items: readonly CartItem[],
  sale: SaleConfig,
  now: Date = new Date(),
): Fils {
  return goodsSubtotalFils(pricingLinesOf(items), sale, now);
}

/**
 * SPEC 7: POST /api/shipping/calculate whenever the total or the items change; a total of 0
 * or less ships for 0 without a call; on any failure the SPEC 8 local fallback.
 * `quote` is null while the first answer is on its way. `city` (a slug), once the shopper has
 * picked one: the rule covering it, as the order's price takes it (`priceCart`), and its days.
 */
export function useShippingQuote(items: readonly CartItem[], city = ''): Quote | null {
  // The store's sale, and its threshold and cost for the fallback when the call fails, as staff set them.
  const { shipping, sale } = useShopperSettings();
  const subtotalFils = quotedSubtotalFils(items, sale);
  const itemsKey = JSON.stringify(items.map((i) => [i.productId, i.variationId, i.quantity, i.price]));
  const [quote, setQuote] = useState<Quote | null>(null);

  useEffect(() => {
    if (subtotalFils <= 0) {
      setQuote({ shippingCostFils: 0, amountToFreeShippingFils: 0 });
      return;
    }
    const controller = new AbortController();
    const lines = JSON.parse(itemsKey) as [string, string | undefined, number, number][];
    void api('/api/shipping/calculate', {
      method: 'POST',
      body: {
        orderTotal: toAed(subtotalFils),
        items: lines.map(([productId, variationId, quantity, price]) => ({
          productId,
          variationId,
          quantity,
          price,
        })),
        ...(city ? { city } : {}),
      },
      signal: controller.signal,
    }).then((answer) => {
      if (controller.signal.aborted) return;
      const body = (answer.ok ? answer.body : null) as {
        shippingCost?: unknown;
        amountToFreeShipping?: unknown;
        shippingRule?: { estimatedDays?: unknown } | null;
      } | null;
      if (typeof body?.shippingCost !== 'number') {
        console.warn(
          'shipping calculation failed, using the local fallback',
          answer.ok
            ? 'no shippingCost'
            : answer.reason === 'server'
              ? `HTTP ${answer.status}`
              : answer.reason,
        );
        setQuote(fromFallback(subtotalFils, shipping));
        return;
      }
      setQuote({
        shippingCostFils: toFils(body.shippingCost),
        amountToFreeShippingFils:
          typeof body.amountToFreeShipping === 'number' ? toFils(body.amountToFreeShipping) : 0,
        estimatedDays:
          typeof body.shippingRule?.estimatedDays === 'string' ? body.shippingRule.estimatedDays : null,
      });
    });
    return () => controller.abort();
  }, [subtotalFils, itemsKey, shipping, city]);

  return quote;
}
