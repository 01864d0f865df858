import {
  createCatalogueRepository,
  createPromotionsRepository,
  createSettingsRepository,
  createShippingRepository,
  type DbOrTx,
  type NewOrderLine,
} from '@qahwa/db';
import {
  type CartPricing,
  discountedUnitFils,
  type OrderItemClaim,
  orderVatRateBp,
  type Promotion,
  priceCart,
  type SaleConfig,
  type ShippingRule,
  type ShippingSettings,
  toFils,
} from '@qahwa/schema';
import { CHECKOUT_FAILURE, type CheckoutFailureDetails, CheckoutRefusal } from './errors';

/** An order line priced from the database, with what the stock check needs. */
export interface PricedLine extends NewOrderLine {
  stock: number;
  isActive: boolean;
}

export interface VariationRecord {
  id: string;
  productId: string;
  productName: string;
  productNameAr: string;
  productActive: boolean;
  /** The variation is switched on and so is its size (an inactive size's variations are not sold). */
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
 * The server's price of a checkout: what an order stores and what a payment provider is asked for.
 * Schema's price of the cart (the money, its discounts — as `order_discounts` keeps them — and what
 * became of the shopper's code), less the shipping quote an order does not keep, with the lines as
 * an order stores them.
 */
export interface CheckoutPricing extends Omit<CartPricing, 'lines' | 'shippingQuoteFils'> {
  lines: PricedLine[];
  /** Variation ids the database does not have (the order must be refused). */
  missing: string[];
  /** Promotions whose use must be redeemed with the order (coupon and automatic, goods and shipping). */
  redeem: string[];
  /**
   * The store's settings this price was made with: with the audit log's history of
   * each version, they explain a charged shipping and a sale line after staff changed them.
   */
  settings: PricingSettings;
}

/** The settings pricing applies: the shipping fallback and the sale, with the versions read. */
export interface PricingSettings {
  shipping: ShippingSettings;
  sale: SaleConfig;
  /** The VAT rate an order priced now is placed under: 0 while the store is not registered (docs/vat.md). */
  vatRateBp: number;
  versions: { shipping: number; sale: number; vat: number };
}

/**
 * A line as pricing reads it. `productId` is the product the line claims to be (every order, card
 * and pay-later claim has it); when given, a variation of another product refuses the checkout.
 */
export type PricedClaim = Pick<OrderItemClaim, 'variationId' | 'quantity'> & { productId?: string };

export interface PriceCheckoutInput {
  items: readonly PricedClaim[];
  city?: string | null;
  /** The code the shopper applied (`appliedCoupon.code`); its claimed amount is never read. */
  couponCode?: string | null;
  /** Defaults to the time of the call; tests and replays pass their own. */
  now?: Date;
  /**
   * The store's settings to price with; read from `tx` when absent (the order's transaction reads
   * them with the prices, so a price and the settings it used belong together).
   */
  settings?: PricingSettings;
  /**
   * The checkout being priced: a use it already holds (a coupon reserved before the order, a
   * retried attempt) is its own, not another shopper's, so it does not count against maxUses;
   * so are the units it holds (a card payment's hold): a line's `stock` counts them.
   */
  checkoutId?: string;
}

/**
 * THE server pricing of a checkout (cash on delivery at intake; card and pay later when the
 * payment is created and again at capture): reads the variations, the promotions in force
 * (automatic and the coupon), the shipping rules, and applies schema's pure `priceCart` —
 * sale vs the variation's own discount, one goods discount, free shipping stacked, shipping
 * quoted on the goods subtotal. The browser's prices and amounts are never read.
 * Pass the order's transaction as `tx` to price on what the transaction sees.
 */
export async function priceCheckout(tx: DbOrTx, input: PriceCheckoutInput): Promise<CheckoutPricing> {
  const now = input.now ?? new Date();
  const catalogue = createCatalogueRepository(tx);
  const promotionsRepo = createPromotionsRepository(tx);
  const shipping = createShippingRepository(tx);
  // One after the other: inside a transaction the three share one connection, and pg does not
  // run a connection's queries side by side anyway.
  // With the checkout, what it holds already (a card payment's hold) counts as its stock.
  const rows = await catalogue.variationsForOrder(
    input.items.map((i) => i.variationId),
    tx,
    input.checkoutId,
  );
  const promotions = await promotionsRepo.active(now, tx);
  const rules = await shipping.activeRules(tx);
  const settings = input.settings ?? (await pricingSettings(tx));
  // A code that names no promotion in force (expired, switched off) is still read, so the
  // shopper hears why (expired, not started) instead of a bare 'Invalid coupon code'.
  const code = input.couponCode?.trim() ?? '';
  if (code !== '' && !promotions.some((p) => (p.code ?? '').trim().toUpperCase() === code.toUpperCase())) {
    const named = await promotionsRepo.byCode(code, tx);
    if (named) promotions.push(named);
  }
  // Only a limited promotion's count matters (maxUses): without one, there is nothing to look up.
  if (input.checkoutId && promotions.some((p) => p.maxUses !== null)) {
    const held = new Set(await promotionsRepo.heldBy(input.checkoutId, tx));
    for (const p of promotions) if (held.has(p.id)) p.usedCount = Math.max(0, p.usedCount - 1);
  }
  const records = new Map<string, VariationRecord>(
    rows.map(({ v, p, size, type, beans, held }) => [
      v.id,
      {
        id: v.id,
        productId: p.id,
        productName: p.name,
        productNameAr: p.nameAr,
        productActive: p.isActive,
        // A variation of a switched-off size is not for sale, as shoppers are never shown it:
        // every path (cash on delivery, the card quote, pay later) refuses it as unavailable.
        isActive: v.isActive && size.isActive,
        priceFils: v.priceFils,
        discount: v.discount,
        discountType: v.discountType,
        stockQuantity: v.stockQuantity + held,
        weight: size.displayName,
        beans: beans?.name ?? null,
        additions: type?.name ?? null,
      },
    ]),
  );
  return priceOrder(input.items, records, promotions, rules, {
    city: input.city ?? null,
    couponCode: code || null,
    now,
    settings,
  });
}

/** The settings pricing needs, read with the caller's transaction (one query of two rows at most). */
export async function pricingSettings(tx: DbOrTx): Promise<PricingSettings> {
  const all = await createSettingsRepository(tx).read(tx);
  return {
    shipping: all.shipping.value,
    sale: all.sale.value,
    vatRateBp: orderVatRateBp(all.vat.value),
    versions: { shipping: all.shipping.version, sale: all.sale.version, vat: all.vat.version },
  };
}

/**
 * A line names a variation of another product (a tampered or mixed-up cart): the checkout is
 * refused, never priced from the variation as if the line said so. A non-retryable failure, so
 * the order's activity stops at once; the gateway answers 400 naming the line.
 */
export function variationMismatch(line: number): CheckoutRefusal {
  return new CheckoutRefusal(
    `Line ${line} names a variation of another product`,
    CHECKOUT_FAILURE.variationMismatch,
    { line } satisfies CheckoutFailureDetails,
  );
}

/**
 * Pure part of `priceCheckout`, on records already read. Lines naming the same variation are
 * merged so stock is checked once; unknown variations are listed in `missing` and left out. A
 * line whose variation belongs to another product than the line's `productId` throws
 * `variationMismatch`.
 */
export function priceOrder(
  claims: readonly PricedClaim[],
  records: ReadonlyMap<string, VariationRecord>,
  promotions: readonly Promotion[],
  rules: readonly ShippingRule[],
  options: { city: string | null; couponCode: string | null; now: Date; settings: PricingSettings },
): CheckoutPricing {
  claims.forEach((c, line) => {
    const record = records.get(c.variationId);
    if (record && c.productId !== undefined && record.productId.toLowerCase() !== c.productId.toLowerCase()) {
      throw variationMismatch(line);
    }
  });
  const merged = new Map<string, number>();
  for (const c of claims) merged.set(c.variationId, (merged.get(c.variationId) ?? 0) + c.quantity);
  const known: { record: VariationRecord; quantity: number }[] = [];
  const missing: string[] = [];
  for (const [variationId, quantity] of merged) {
    const record = records.get(variationId);
    if (record) known.push({ record, quantity });
    else missing.push(variationId);
  }
  const priced: CartPricing = priceCart({
    lines: known.map(({ record: r, quantity }) => ({
      productId: r.productId,
      variationId: r.id,
      listFils: r.priceFils,
      discountedFils: discountedUnitFils(r.priceFils / 100, r.discount, r.discountType),
      quantity,
    })),
    promotions,
    couponCode: options.couponCode,
    shippingRules: rules,
    shipping: options.settings.shipping,
    city: options.city,
    sale: options.settings.sale,
    now: options.now,
  });
  const unitOf = new Map(priced.lines.map((l) => [l.variationId, l.unitFils]));
  const lines: PricedLine[] = known.map(({ record: r, quantity }) => ({
    productId: r.productId,
    variationId: r.id,
    name: r.productName,
    nameAr: r.productNameAr,
    variation: { weight: r.weight, beans: r.beans, additions: r.additions },
    unitFils: unitOf.get(r.id) ?? toFils(r.priceFils / 100),
    quantity,
    stock: r.stockQuantity,
    isActive: r.isActive && r.productActive,
  }));
  return {
    lines,
    missing,
    subtotalFils: priced.subtotalFils,
    discountFils: priced.discountFils,
    freeShipping: priced.freeShipping,
    shippingFils: priced.shippingFils,
    amountToFreeShippingFils: priced.amountToFreeShippingFils,
    taxFils: priced.taxFils,
    totalFils: priced.totalFils,
    discounts: priced.discounts,
    coupon: priced.coupon,
    redeem: [
      ...new Set(
        priced.discounts
          .filter((d) => d.kind !== 'SALE' && d.promotionId !== null)
          .map((d) => d.promotionId as string),
      ),
    ],
    settings: options.settings,
  };
}
