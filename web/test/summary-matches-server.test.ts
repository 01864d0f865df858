import { priceOrder, type VariationRecord } from '@qahwa/checkout';
import { cartLineOf } from '@qahwa/schema/cart';
import type { Product, ShopperVariation } from '@qahwa/schema/catalogue';
import { type Fils, toFils } from '@qahwa/schema/money';
import { Promotion } from '@qahwa/schema/promotions';
import { ANNIVERSARY_CODE } from '@qahwa/schema/reference';
import { SALE_CONFIG, type SaleConfig } from '@qahwa/schema/sale';
import { calculateShipping, type ShippingRule, type ShippingSettings } from '@qahwa/schema/shipping';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AppliedCouponState, summaryPricing } from '@/checkout/coupon-state';
import { buildCodOrder } from '@/checkout/order-request';
import { quotedSubtotalFils } from '@/checkout/shipping-quote';

/**
 * Cash on delivery is placed only at the server's total (docs/checkout.md), so the checkout's
 * summary must be the server's price of the same cart when nothing changed. For random catalogues
 * (variations with and without their own discount, percentage or fixed), random carts built as the
 * options modal builds them (`cartLineOf`), the store's sale on or off, automatic promotions and a
 * coupon (the anniversary code among them): the browser's summary and the order it claims
 * (`summaryPricing`, its shipping quote asked for `quotedSubtotalFils`, `buildCodOrder`) against
 * the server's pricing of that order from the same data (`priceOrder`, the pure part of
 * `priceCheckout`), to the fils.
 */

const NOW = new Date('2025-10-15T12:00:00+04:00');
const CITIES = ['deira', 'dubai-marina', 'al-ain'];

interface Catalogue {
  products: Product[];
  records: Map<string, VariationRecord>;
}

const variationArb = fc.record({
  priceFils: fc.integer({ min: 1, max: 60_000 }),
  discount: fc.oneof(
    { weight: 2, arbitrary: fc.constant({ discount: 0, discountType: 'PERCENTAGE' as const }) },
    {
      weight: 2,
      arbitrary: fc
        .integer({ min: 1, max: 100 })
        .map((p) => ({ discount: p / 100, discountType: 'PERCENTAGE' as const })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 30_000 })
        .map((f) => ({ discount: f / 100, discountType: 'FIXED_AMOUNT' as const })),
    },
  ),
});

const catalogueArb = fc
  .array(fc.array(variationArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 })
  .map((products): Catalogue => {
    const records = new Map<string, VariationRecord>();
    const list = products.map((variations, p): Product => {
      const productId = `00000000-0000-4000-8000-00000000000${p}`;
      const shopper = variations.map((v, i): ShopperVariation => {
        const id = `00000000-0000-4000-9000-0000000000${p}${i}`;
        const weight = ['250g', '500g', '1kg'][i]!;
        records.set(id, {
          id,
          productId,
          productName: `Product ${p}`,
          productNameAr: `منتج ${p}`,
          productActive: true,
          isActive: true,
          priceFils: v.priceFils,
          discount: v.discount.discount,
          discountType: v.discount.discountType,
          stockQuantity: 1000,
          weight,
          beans: null,
          additions: null,
        });
        return {
          id,
          productId,
          sizeId: `size-${i}`,
          size: { displayName: weight, displayNameAr: weight, isActive: true },
          typeId: null,
          type: null,
          beansId: null,
          beans: null,
          price: v.priceFils / 100,
          discount: v.discount.discount,
          discountType: v.discount.discountType,
          sku: null,
          isActive: true,
          imageUrl: null,
          inStock: true,
        };
      });
      return {
        id: productId,
        name: `Product ${p}`,
        nameAr: `منتج ${p}`,
        imageUrl: null,
        images: [],
        variations: shopper,
      } as unknown as Product;
    });
    return { products: list, records };
  });

const saleArb: fc.Arbitrary<SaleConfig> = fc.record({
  isActive: fc.boolean(),
  discountPercentage: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constant(40), fc.constant(12.5)),
  startDate: fc.constantFrom('2025-09-01', '2025-10-16'),
  endDate: fc.constantFrom('2025-12-31', '2025-10-15'),
  label: fc.constant(SALE_CONFIG.label),
});

const shippingArb: fc.Arbitrary<{ settings: ShippingSettings; rules: ShippingRule[] }> = fc.record({
  settings: fc.record({
    freeShippingThresholdFils: fc.constantFrom(200_00, 150_00, 500_00),
    fallbackCostFils: fc.constantFrom(25_00, 15_00),
  }),
  rules: fc.array(
    fc.record({
      id: fc.uuid(),
      name: fc.constant('Rule'),
      nameAr: fc.constant('قاعدة'),
      type: fc.constantFrom('FREE' as const, 'STANDARD' as const),
      description: fc.constant(''),
      descriptionAr: fc.constant(''),
      costFils: fc.integer({ min: 0, max: 50_00 }),
      freeShippingThresholdFils: fc.option(fc.integer({ min: 50_00, max: 400_00 }), { nil: null }),
      isActive: fc.constant(true),
      estimatedDays: fc.constant('1-2'),
      cities: fc.subarray(CITIES),
    }),
    { maxLength: 2 },
  ),
});

/** A promotion over some of the catalogue's products (or all), of any discount type. */
function promotionArb(catalogue: Catalogue, id: string, code: fc.Arbitrary<string | null>) {
  const productIds = catalogue.products.map((p) => p.id);
  return fc
    .record({
      code,
      type: fc.constantFrom('PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING', 'BUY_X_GET_Y', 'BUNDLE'),
      value: fc.integer({ min: 1, max: 60 }),
      minOrderAmount: fc.option(fc.constantFrom(50, 100, 300), { nil: null }),
      productIds: fc.oneof(fc.constant([]), fc.subarray(productIds, { minLength: 1 })),
      buyQuantity: fc.integer({ min: 1, max: 2 }),
      getQuantity: fc.integer({ min: 1, max: 2 }),
      bundleDiscount: fc.integer({ min: 5, max: 50 }),
      // Mostly usable, sometimes refused (switched off, used up): both summaries must agree either way.
      isActive: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
      maxUses: fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }) },
      ),
      usedCount: fc.integer({ min: 0, max: 3 }),
    })
    .map((p) =>
      Promotion.parse({
        ...p,
        id,
        name: `Promotion ${id}`,
        // Automatic promotions are in force (the list shoppers get has only those).
        isActive: p.code === null ? true : p.isActive,
        isPublic: p.code !== null,
        startDate: '2025-01-01',
        endDate: '2025-12-31',
      }),
    );
}

const scenarioArb = catalogueArb.chain((catalogue) =>
  fc.record({
    catalogue: fc.constant(catalogue),
    cart: fc.array(
      fc.record({
        product: fc.nat({ max: catalogue.products.length - 1 }),
        variation: fc.nat({ max: 2 }),
        quantity: fc.integer({ min: 1, max: 4 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    automatic: fc.array(
      fc.nat({ max: 1000 }).chain((n) => promotionArb(catalogue, `auto-${n}`, fc.constant(null))),
      { maxLength: 2 },
    ),
    coupon: fc.option(
      promotionArb(catalogue, 'coupon', fc.constantFrom('AUTUMN40', ANNIVERSARY_CODE, 'ANNIVERSARY_2025 ')),
      { nil: null },
    ),
    sale: saleArb,
    shipping: shippingArb,
    city: fc.constantFrom(...CITIES),
  }),
);

describe('the checkout summary is the server’s price of the same cart', () => {
  it('property: the claimed total (and the summary shown) equal the server’s total, to the fils', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const products = s.catalogue.products;
        // The cart as the options modal fills it (merging the same options, SPEC 4).
        const items = s.cart.map((c) => {
          const product = products[c.product]!;
          const v = product.variations[c.variation % product.variations.length]!;
          return cartLineOf(product, v, c.quantity);
        });
        const settings = { sale: s.sale, shipping: s.shipping.settings };
        // The gateway's POST /api/shipping/calculate for what the browser asks it.
        const q = calculateShipping(
          s.shipping.rules,
          quotedSubtotalFils(items, s.sale, NOW),
          s.city,
          s.shipping.settings,
        );
        const quote = {
          shippingCostFils: q.shippingCostFils,
          amountToFreeShippingFils: q.amountToFreeShippingFils,
        };
        // GET /api/promotions?active=true: automatic promotions and public codes in force; the
        // coupon's own promotion came with the validate answer.
        const applied: AppliedCouponState | null = s.coupon && {
          code: (s.coupon.code ?? '').trim(),
          discountAmount: 0,
          discountType: s.coupon.type,
          promotionId: s.coupon.id,
          name: s.coupon.name,
          description: '',
          promotion: s.coupon,
        };
        const summary = summaryPricing(items, quote, s.automatic, applied, settings, NOW);
        const order = buildCodOrder({
          customerInfo: { fullName: 'Noura Saeed', email: 'noura@example.ae', phone: '+971501234567' },
          shippingInfo: { emirate: 'dubai', city: s.city, address: 'Al Rigga Street, Building 12' },
          items,
          summary,
          locale: 'en',
          coupon: summary.coupon.status === 'refused' ? null : applied,
        });

        // The server: the order's lines and code, priced from the database's rows (the same data).
        const server = priceOrder(
          order.items.map((i) => ({
            productId: i.productId,
            variationId: i.variationId,
            quantity: i.quantity,
          })),
          s.catalogue.records,
          s.coupon ? [...s.automatic, s.coupon] : s.automatic,
          s.shipping.rules,
          {
            city: s.city,
            couponCode: order.appliedCoupon?.code ?? null,
            now: NOW,
            settings: {
              sale: s.sale,
              shipping: s.shipping.settings,
              vatRateBp: 0,
              versions: { sale: 1, shipping: 1, vat: 0 },
            },
          },
        );
        const claimed: Fils = toFils(order.totalAmount);
        expect(claimed).toBe(server.totalFils);
        expect(summary.totalFils).toBe(server.totalFils);
        expect(toFils(order.subtotal)).toBe(server.subtotalFils);
        expect(summary.discountFils).toBe(server.discountFils);
        expect(summary.shippingFils).toBe(server.shippingFils);
        // What the summary shows adds up: the lines at the cart's prices, less the sale, less
        // the discount, plus shipping.
        const lines = items.reduce((sum, i) => sum + toFils(i.price) * i.quantity, 0);
        expect(summary.itemsFils).toBe(lines);
        expect(
          summary.itemsFils - summary.saleFils - summary.discountFils + (summary.shippingFils ?? 0),
        ).toBe(summary.totalFils);
      }),
      { numRuns: 1000 },
    );
  });
});
