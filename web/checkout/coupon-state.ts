'use client';

import type { CartItem } from '@qahwa/schema/cart';
import { pricingLinesOf } from '@qahwa/schema/cart';
import { type LocalizedText, localize } from '@qahwa/schema/messages';
import type { Fils, Locale } from '@qahwa/schema/money';
import type { Promotion } from '@qahwa/schema/promotions';
import {
  type CartPricing,
  PROMOTION_MESSAGES,
  priceCart,
  priceLines,
  publicCouponRefusal,
} from '@qahwa/schema/promotions';
import type { SaleConfig } from '@qahwa/schema/sale';
import { vatOfOrder } from '@qahwa/schema/tax';
import { useEffect, useMemo, useState } from 'react';
import { api } from '@/lib/browser-api';
import { type ShopperSettings, useShopperSettings } from '@/settings/shopper-settings';
import { atomWithStorage, createJSONStorage, useAtomValue } from '@/shell/atoms';
import type { Quote } from './shipping-quote';

/**
 * SPEC 3 "Applied coupon" as the browser keeps it, with the promotion the server returned so the
 * summary can price the cart with the same rules (`priceCart`). Kept in sessionStorage: a reload
 * of the checkout keeps the code, a new visit starts without one.
 */
export interface AppliedCouponState {
  code: string;
  discountAmount: number;
  discountType: Promotion['type'];
  promotionId: string;
  name: string;
  description: string;
  promotion: Promotion | null;
}

const storage = createJSONStorage<AppliedCouponState | null>(() => sessionStorage);
export const appliedCouponAtom = atomWithStorage<AppliedCouponState | null>(
  'qahwa-applied-coupon',
  null,
  storage,
);

/** The promotions in force (automatic ones price every cart); loaded once per page. */
let activePromotions: Promise<Promotion[]> | null = null;

function loadActivePromotions(): Promise<Promotion[]> {
  activePromotions ??= api('/api/promotions?active=true').then((answer) => {
    if (answer.ok && Array.isArray(answer.body)) return answer.body as Promotion[];
    // Without the list the summary shows no automatic discount; the order still gets it. A
    // refusal is the gateway's answer for this page; no answer at all is asked again.
    if (answer.ok || answer.reason === 'network') activePromotions = null;
    return [];
  });
  return activePromotions;
}

export function useActivePromotions(): Promotion[] {
  const [list, setList] = useState<Promotion[]>([]);
  useEffect(() => {
    let live = true;
    void loadActivePromotions().then((l) => {
      if (live) setList(l);
    });
    return () => {
      live = false;
    };
  }, []);
  return list;
}

/** What the summary shows: the server's rules run on what the browser knows. Only a claim: the order reprices. */
export interface SummaryPricing {
  /** The lines at the cart's prices (each variation after its own discount), as the lines show them. */
  itemsFils: Fils;
  /** What the store's sale takes off those prices (already out of `subtotalFils`), 0 when none. */
  saleFils: Fils;
  /** The sale's name in both languages while it lowers a price, else null. */
  saleLabel: LocalizedText | null;
  /** The goods at what the shopper pays for them: the order's subtotal (`itemsFils − saleFils`). */
  subtotalFils: Fils;
  discountFils: Fils;
  freeShipping: boolean;
  /** null while the shipping quote is on its way. */
  shippingFils: Fils | null;
  amountToFreeShippingFils: Fils;
  totalFils: Fils;
  coupon: CartPricing['coupon'];
  /**
   * The VAT the total includes, by the server's one rule (vatOfOrder: per line, half-up, the
   * discount spread over the lines, shipping taxed) on these lines; 0 when the rate is 0.
   */
  vatFils: Fils;
  vatRateBp: number;
}

/**
 * The cart priced with the summary's inputs: the server's `priceCart` on the cart's lines as
 * `pricingLinesOf` reads them, the promotions in force with the applied code's promotion, and
 * the store's sale and shipping fallback; no shipping rules (the server quotes shipping). `all`
 * is the promotions it priced with. The summary and the cart's line prices both start here.
 */
export function priceAsSummary(
  items: readonly CartItem[],
  promotions: readonly Promotion[],
  applied: AppliedCouponState | null,
  settings: Pick<ShopperSettings, 'sale' | 'shipping'>,
  now: Date = new Date(),
): { priced: ReturnType<typeof priceCart>; all: readonly Promotion[] } {
  const all = applied?.promotion
    ? [...promotions.filter((p) => p.id !== applied.promotion?.id), applied.promotion]
    : promotions;
  const priced = priceCart({
    lines: pricingLinesOf(items),
    promotions: all,
    couponCode: applied?.code ?? null,
    shippingRules: [],
    shipping: settings.shipping,
    sale: settings.sale,
    now,
  });
  return { priced, all };
}

/**
 * The summary's pricing: the server's `priceCart` on the cart's lines as `pricingLinesOf` reads
 * them (each line's list price and its own discounted price, so the sale is taken as the server
 * takes it), the promotions in force, the applied coupon's promotion and the store's settings.
 * With the same catalogue, promotions and settings its total is the server's to the fils, which
 * is what cash on delivery must claim (web/test/summary-matches-server.test.ts).
 */
export function summaryPricing(
  items: readonly CartItem[],
  quote: Quote | null,
  promotions: readonly Promotion[],
  applied: AppliedCouponState | null,
  /**
   * The store's sale and shipping fallback (set by staff): the summary's claim uses the server's
   * settings; with the VAT rate, the VAT the total includes (none without it).
   */
  settings: Pick<ShopperSettings, 'sale' | 'shipping'> & Partial<Pick<ShopperSettings, 'vatRateBp'>>,
  now: Date = new Date(),
): SummaryPricing {
  // Shipping is the server's quote (POST /api/shipping/calculate), not recomputed here.
  const { priced } = priceAsSummary(items, promotions, applied, settings, now);
  const sale = priced.discounts.find((d) => d.kind === 'SALE');
  const saleFils = sale?.amountFils ?? 0;
  const shippingFils = quote === null ? null : priced.freeShipping ? 0 : quote.shippingCostFils;
  const vatRateBp = settings.vatRateBp ?? 0;
  const vat = vatOfOrder({
    lines: priced.lines.map((l) => ({ key: l.variationId, lineFils: l.lineFils })),
    discountFils: priced.discountFils,
    shippingFils: shippingFils ?? 0,
    rateBp: vatRateBp,
  });
  return {
    itemsFils: priced.subtotalFils + saleFils,
    saleFils,
    saleLabel: sale ? { en: sale.name, ar: sale.nameAr ?? sale.name } : null,
    subtotalFils: priced.subtotalFils,
    discountFils: priced.discountFils,
    freeShipping: priced.freeShipping,
    shippingFils,
    amountToFreeShippingFils: priced.freeShipping ? 0 : (quote?.amountToFreeShippingFils ?? 0),
    totalFils: priced.subtotalFils - priced.discountFils + (shippingFils ?? 0),
    coupon: priced.coupon,
    vatFils: vat.vatFils,
    vatRateBp,
  };
}

/** What the validate route answers when a code gives nothing (SPEC 7, `valid: false`). */
export interface CouponRefusalAnswer {
  error?: string;
  errorCode?: string;
}

/**
 * What the checkout says when the server refused a code (docs/promotions.md "What shoppers see"):
 * the coupon box's check, and an order, card payment or pay-later session refused with
 * COUPON_REFUSED. The server tells anyone only that a code is not usable; a code the store lists
 * publicly has public conditions, so for such a code this names the one this cart misses (the
 * minimum, the products, the quantities, every use taken, the anniversary sale not running) with
 * the same rule the server runs, on the cart priced as the server prices it. Any other code: the
 * server's words, or SPEC 8's 'Invalid coupon code'.
 */
export function couponRefusalMessage(input: {
  answer: CouponRefusalAnswer | null;
  code: string;
  items: readonly CartItem[];
  listed: readonly Promotion[];
  /** The store's sale: the cart's unit prices and the anniversary code follow it. */
  sale: SaleConfig;
  locale: Locale;
  now?: Date;
}): string {
  const { answer, locale } = input;
  if (answer?.errorCode === 'coupon.notUsable') {
    const now = input.now ?? new Date();
    const lines = priceLines(pricingLinesOf(input.items), input.sale, now);
    const cart = {
      lines: lines.map((l) => ({ productId: l.productId, unitFils: l.unitFils, quantity: l.quantity })),
      subtotalFils: lines.reduce((s, l) => s + l.lineFils, 0),
    };
    const why = publicCouponRefusal(input.listed, input.code, cart, now, input.sale);
    if (why) return localize(PROMOTION_MESSAGES[why.code], locale, why.params);
  }
  return answer?.error || localize(PROMOTION_MESSAGES['coupon.invalid'], locale);
}

/**
 * Why an order, a card payment or a pay-later session was refused with COUPON_REFUSED, in the
 * coupon box's words: the server tells shoppers only "not usable" at every door, so a publicly
 * listed code's missed condition is named here as the box names it (`couponRefusalMessage`).
 */
export function orderCouponRefusal(input: {
  serverText: string | null;
  code: string;
  items: readonly CartItem[];
  listed: readonly Promotion[];
  sale: SaleConfig;
  locale: Locale;
  now?: Date;
}): string {
  const { serverText, ...rest } = input;
  return couponRefusalMessage({
    ...rest,
    answer: { errorCode: 'coupon.notUsable', ...(serverText ? { error: serverText } : {}) },
  });
}

/** The summary's pricing for the cart, the shipping quote, the promotions in force and the applied coupon. */
export function useSummaryPricing(items: readonly CartItem[], quote: Quote | null): SummaryPricing {
  const promotions = useActivePromotions();
  const applied = useAtomValue(appliedCouponAtom);
  const settings = useShopperSettings();
  return useMemo(
    () => summaryPricing(items, quote, promotions, applied, settings),
    [items, quote, promotions, applied, settings],
  );
}
