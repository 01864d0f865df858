import type { Fils } from '../money/money';
import { bestUnitPriceFils, type SaleConfig } from '../sale/sale-config';
import { calculateShipping, type ShippingRule, type ShippingSettings } from '../shipping/shipping';
import { isAnniversaryCode } from './anniversary';
import type { PromotionCart, PromotionDiscount } from './discounts';
import { isAutomatic, type Promotion, type PromotionType } from './promotion';
import { applyPromotions } from './stacking';
import { automaticDiscounts, type PromotionRefusal, validatePromotionCode } from './validate-code';

/** One line as the store prices it: list price and the variation's own discounted price, in fils. */
export interface PricingLineInput {
  productId: string;
  variationId: string;
  /** The variation's price before any discount. */
  listFils: Fils;
  /** The variation's price after its own discount (SPEC 3 `discount`). */
  discountedFils: Fils;
  quantity: number;
}

export interface PricedCartLine extends PricingLineInput {
  /** What the shopper pays per unit: the lower of the variation's own discount and the sale. */
  unitFils: Fils;
  lineFils: Fils;
}

/**
 * One discount an order receives, as the order keeps it (`order_discounts`). `amountFils` is what
 * it saved: for PROMOTION the money off the goods, for FREE_SHIPPING the shipping waived, for SALE
 * the saving already inside the unit prices (shown to staff, never subtracted a second time).
 */
export interface DiscountLine {
  kind: 'PROMOTION' | 'FREE_SHIPPING' | 'SALE';
  promotionId: string | null;
  code: string | null;
  name: string;
  nameAr: string | null;
  promotionType: PromotionType | null;
  amountFils: Fils;
}

/** What became of the code the shopper typed. */
export type CouponOutcome =
  | { status: 'none' }
  | { status: 'applied'; code: string; promotionId: string; discountFils: Fils; freeShipping: boolean }
  /** Valid, but a larger automatic promotion won (domain decisions, "Stacking"). */
  | { status: 'outranked'; code: string; promotionId: string }
  /** No longer holds (used up, expired, order too small…): `refusal` says why, in message codes. */
  | { status: 'refused'; code: string; refusal: PromotionRefusal };

export interface CartPricing {
  lines: PricedCartLine[];
  subtotalFils: Fils;
  /** Money off the goods: the one winning promotion. */
  discountFils: Fils;
  freeShipping: boolean;
  /** The shipping quote before a FREE_SHIPPING promotion, and what is charged. */
  shippingQuoteFils: Fils;
  shippingFils: Fils;
  amountToFreeShippingFils: Fils;
  taxFils: Fils;
  totalFils: Fils;
  discounts: DiscountLine[];
  coupon: CouponOutcome;
}

export interface PriceCartInput {
  lines: readonly PricingLineInput[];
  /** Every promotion that may apply (inactive and out-of-window ones are refused by the rules). */
  promotions: readonly Promotion[];
  couponCode?: string | null;
  shippingRules: readonly ShippingRule[];
  /** The store's fallback when no rule covers the order (settings 'shipping'). */
  shipping: ShippingSettings;
  city?: string | null;
  /** The store's sale (settings 'sale'); the server passes what it read with the order's prices. */
  sale: SaleConfig;
  now: Date;
}

/**
 * The whole price of an order, from trusted inputs only (the server passes the database's
 * prices, promotions and rules; the browser may run it on what it was told, but its result is a
 * claim). In order:
 * 1. each unit costs the lower of the variation's own discount and the sale (never both);
 * 2. the goods discount is the single largest of the automatic promotions and the coupon (a tie
 *    goes to the coupon); free shipping stacks with it. ANNIVERSARY_2025 is the sale's code: valid
 *    only while the sale runs, and then it adds nothing to the sale's prices (anniversary.ts);
 * 3. shipping is quoted on the goods subtotal before the promotion, as the storefront's nudge
 *    and a coupon's minimum order read it, then waived by a FREE_SHIPPING promotion;
 * 4. total = subtotal − discount + shipping; prices include VAT, so tax is 0.
 */
export function priceCart(input: PriceCartInput): CartPricing {
  const sale = input.sale;
  const lines = priceLines(input.lines, sale, input.now);
  const subtotalFils = lines.reduce((s, l) => s + l.lineFils, 0);
  const cart: PromotionCart = {
    lines: lines.map((l) => ({ productId: l.productId, unitFils: l.unitFils, quantity: l.quantity })),
    subtotalFils,
  };

  const automatic = automaticDiscounts(input.promotions, cart, input.now);
  const typed = (input.couponCode ?? '').trim();
  let couponDiscount: PromotionDiscount | null = null;
  let coupon: CouponOutcome = { status: 'none' };
  let anniversary = false;
  if (typed !== '') {
    const result = validatePromotionCode(input.promotions, typed, cart, input.now, sale);
    if (!result.valid) coupon = { status: 'refused', code: typed, refusal: refusalOf(result) };
    else if (isAnniversaryCode(typed)) {
      // The sale's own code: the sale already priced every unit, so it takes nothing more and
      // competes with no promotion (anniversary.ts).
      anniversary = true;
      coupon = {
        status: 'applied',
        code: typed,
        promotionId: result.promotion.id,
        discountFils: 0,
        freeShipping: false,
      };
    } else couponDiscount = result.discount;
  }
  const applied = applyPromotions({ automatic, coupon: couponDiscount });
  if (couponDiscount && !anniversary) {
    coupon = applied.couponApplied
      ? {
          status: 'applied',
          code: typed,
          promotionId: couponDiscount.promotionId,
          // What the coupon itself takes off the goods (0 when it only gives free shipping).
          discountFils: applied.goods === couponDiscount ? couponDiscount.discountFils : 0,
          freeShipping: applied.shipping === couponDiscount,
        }
      : { status: 'outranked', code: typed, promotionId: couponDiscount.promotionId };
  }

  const quote = calculateShipping(input.shippingRules, subtotalFils, input.city, input.shipping);
  const shippingFils = applied.freeShipping ? 0 : quote.shippingCostFils;
  const discountFils = Math.min(applied.discountFils, subtotalFils);

  const byId = new Map(input.promotions.map((p) => [p.id, p]));
  const discounts: DiscountLine[] = [];
  const saleSaving = lines.reduce((s, l) => s + (l.discountedFils - l.unitFils) * l.quantity, 0);
  if (saleSaving > 0) {
    discounts.push({
      kind: 'SALE',
      promotionId: null,
      code: null,
      name: sale.label.en,
      nameAr: sale.label.ar,
      promotionType: null,
      amountFils: saleSaving,
    });
  }
  if (applied.goods && discountFils > 0) {
    discounts.push(
      discountLine('PROMOTION', byId.get(applied.goods.promotionId), applied.goods, discountFils),
    );
  }
  if (applied.shipping && subtotalFils > 0) {
    discounts.push(
      discountLine(
        'FREE_SHIPPING',
        byId.get(applied.shipping.promotionId),
        applied.shipping,
        quote.shippingCostFils,
      ),
    );
  }

  return {
    lines,
    subtotalFils,
    discountFils,
    freeShipping: applied.freeShipping,
    shippingQuoteFils: quote.shippingCostFils,
    shippingFils,
    amountToFreeShippingFils: applied.freeShipping ? 0 : quote.amountToFreeShippingFils,
    taxFils: 0,
    totalFils: subtotalFils - discountFils + shippingFils,
    discounts,
    coupon,
  };
}

/** Step 1 of `priceCart`: each unit at the lower of the variation's own discount and the sale. */
export function priceLines(
  lines: readonly PricingLineInput[],
  sale: SaleConfig,
  now: Date,
): PricedCartLine[] {
  return lines
    .filter((l) => l.quantity > 0)
    .map((l) => {
      const unitFils = bestUnitPriceFils(l.listFils, l.discountedFils, sale, now);
      return { ...l, unitFils, lineFils: unitFils * l.quantity };
    });
}

/**
 * The goods subtotal `priceCart` works on (step 1 alone): what shipping is quoted on and a
 * coupon's minimum reads. The storefront asks for its shipping quote with it, so the quote is the
 * one the order gets.
 */
export function goodsSubtotalFils(lines: readonly PricingLineInput[], sale: SaleConfig, now: Date): Fils {
  return priceLines(lines, sale, now).reduce((s, l) => s + l.lineFils, 0);
}

function refusalOf(r: PromotionRefusal): PromotionRefusal {
  return r.params ? { code: r.code, params: r.params } : { code: r.code };
}

function discountLine(
  kind: 'PROMOTION' | 'FREE_SHIPPING',
  promotion: Promotion | undefined,
  d: PromotionDiscount,
  amountFils: Fils,
): DiscountLine {
  return {
    kind,
    promotionId: d.promotionId,
    code: promotion && !isAutomatic(promotion) ? promotion.code : null,
    name: promotion?.name ?? d.type,
    nameAr: promotion?.nameAr || null,
    promotionType: d.type,
    amountFils,
  };
}
