import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderTotals } from '../src/checkout/totals';
import { couponValidationResponse } from '../src/contracts/promotions';
import { computeDiscount, type PromotionCart } from '../src/promotions/discounts';
import { Promotion } from '../src/promotions/promotion';
import { recommendations, recommendedProductIds } from '../src/promotions/recommendations';
import { applyPromotions } from '../src/promotions/stacking';
import { automaticDiscounts, validatePromotionCode } from '../src/promotions/validate-code';
import { SALE_CONFIG } from '../src/sale/sale-config';

/** The store's sale as a fresh database has it (SPEC 9: off). */
const SALE_OFF = SALE_CONFIG;

const promo = (over: Partial<Promotion> & Pick<Promotion, 'type'>): Promotion =>
  Promotion.parse({
    id: 'promo-1',
    name: 'Anniversary',
    nameAr: 'الذكرى السنوية',
    description: '40% off everything',
    descriptionAr: 'خصم 40% على كل شيء',
    code: 'AUTUMN40',
    value: 40,
    startDate: '2025-09-01',
    endDate: '2025-12-31',
    isActive: true,
    ...over,
  });

const NOW = new Date('2025-10-15T12:00:00+04:00');
const cart = (lines: [string, number, number][]): PromotionCart => ({
  lines: lines.map(([productId, unitFils, quantity]) => ({ productId, unitFils, quantity })),
});
const coffee = cart([
  ['beans', 100_00, 2],
  ['capsules', 50_00, 1],
]); // 250 AED

describe('promotion code validation (SPEC 7, 8)', () => {
  const anniversary = promo({ type: 'PERCENTAGE' });

  it('a 40 % code takes 40 % off 250 AED = 100 AED, in either case of typing', () => {
    for (const code of ['AUTUMN40', ' autumn40 ']) {
      const r = validatePromotionCode([anniversary], code, coffee, NOW, SALE_OFF);
      expect(r.valid && r.discount.discountFils).toBe(100_00);
    }
  });

  it.each([
    ['unknown code', [anniversary], 'NOPE', NOW, 'Invalid coupon code', 'رمز القسيمة غير صالح'],
    [
      'switched off',
      [promo({ type: 'PERCENTAGE', isActive: false })],
      'AUTUMN40',
      NOW,
      'This coupon is no longer active',
      'هذه القسيمة لم تعد فعّالة',
    ],
    [
      'before start',
      [anniversary],
      'AUTUMN40',
      new Date('2025-08-31T23:59:59+04:00'),
      'This coupon is not active yet',
      'هذه القسيمة غير فعّالة بعد',
    ],
    [
      'after the end day in Dubai',
      [anniversary],
      'AUTUMN40',
      new Date('2026-01-01T00:00:00+04:00'),
      'This coupon has expired',
      'انتهت صلاحية هذه القسيمة',
    ],
    [
      'used up',
      [promo({ type: 'PERCENTAGE', maxUses: 10, usedCount: 10 })],
      'AUTUMN40',
      NOW,
      'This coupon has reached its usage limit',
      'وصلت هذه القسيمة إلى الحد الأقصى لعدد مرات الاستخدام',
    ],
    [
      'order too small',
      [promo({ type: 'PERCENTAGE', minOrderAmount: 300 })],
      'AUTUMN40',
      NOW,
      'A minimum order of 300.00 AED is required for this coupon',
      'يتطلب استخدام هذه القسيمة حدًا أدنى للطلب قدره 300.00 د.إ',
    ],
    [
      'other products',
      [promo({ type: 'PERCENTAGE', productIds: ['nuts'] })],
      'AUTUMN40',
      NOW,
      'This coupon does not apply to the items in your cart',
      'لا تنطبق هذه القسيمة على المنتجات الموجودة في سلتك',
    ],
    [
      'automatic promotions have no code',
      [promo({ type: 'PERCENTAGE', code: '' })],
      '',
      NOW,
      'Invalid coupon code',
      'رمز القسيمة غير صالح',
    ],
    [
      'upsell codes give no discount',
      [promo({ type: 'UPSELL' })],
      'AUTUMN40',
      NOW,
      'Invalid coupon code',
      'رمز القسيمة غير صالح',
    ],
    [
      'buy 2 get 1 with 2 units',
      [promo({ type: 'BUY_X_GET_Y', buyQuantity: 2, getQuantity: 1, productIds: ['beans'] })],
      'AUTUMN40',
      NOW,
      'Add 1 more eligible item(s) to use this coupon',
      'أضف 1 من المنتجات المشمولة بالعرض لاستخدام هذه القسيمة',
    ],
    [
      'bundle incomplete',
      [promo({ type: 'BUNDLE', productIds: ['beans', 'grinder'] })],
      'AUTUMN40',
      NOW,
      'Add every product of the bundle to your cart to use this coupon',
      'أضف جميع منتجات الباقة إلى سلتك لاستخدام هذه القسيمة',
    ],
  ])('%s', (_label, promotions, code, now, en, ar) => {
    const r = validatePromotionCode(promotions, code, coffee, now, SALE_OFF);
    expect(r.valid).toBe(false);
    expect(couponValidationResponse(r, 'en').error).toBe(en);
    expect(couponValidationResponse(r, 'ar').error).toBe(ar);
  });

  it('the end date counts until 23:59:59 in Dubai', () => {
    const r = validatePromotionCode(
      [anniversary],
      'AUTUMN40',
      coffee,
      new Date('2025-12-31T23:59:59+04:00'),
      SALE_OFF,
    );
    expect(r.valid).toBe(true);
  });

  it('a minimum order equal to the subtotal is enough', () => {
    const r = validatePromotionCode(
      [promo({ type: 'PERCENTAGE', minOrderAmount: 250 })],
      'AUTUMN40',
      coffee,
      NOW,
      SALE_OFF,
    );
    expect(r.valid).toBe(true);
  });

  it('answers in the shopper language with name and description', () => {
    const r = validatePromotionCode([anniversary], 'AUTUMN40', coffee, NOW, SALE_OFF);
    expect(couponValidationResponse(r, 'ar')).toEqual({
      valid: true,
      discountAmount: 100,
      discountType: 'PERCENTAGE',
      promotionId: 'promo-1',
      name: 'الذكرى السنوية',
      description: 'خصم 40% على كل شيء',
      freeShipping: false,
      // The promotion itself, so the browser prices the summary with the same rules.
      promotion: anniversary,
    });
    expect(couponValidationResponse(r, 'en').name).toBe('Anniversary');
  });
});

describe('discount computation', () => {
  it.each([
    ['PERCENTAGE 40 % of 250 AED', promo({ type: 'PERCENTAGE', value: 40 }), coffee, 100_00],
    [
      'PERCENTAGE rounds half away: 15 % of 0.10 AED',
      promo({ type: 'PERCENTAGE', value: 15 }),
      cart([['x', 10, 1]]),
      2,
    ],
    [
      'PERCENTAGE on the chosen products only',
      promo({ type: 'PERCENTAGE', value: 10, productIds: ['capsules'] }),
      coffee,
      5_00,
    ],
    ['FIXED_AMOUNT 30 AED', promo({ type: 'FIXED_AMOUNT', value: 30 }), coffee, 30_00],
    ['FIXED_AMOUNT never above the subtotal', promo({ type: 'FIXED_AMOUNT', value: 999 }), coffee, 250_00],
    [
      'FIXED_AMOUNT never above the chosen products',
      promo({ type: 'FIXED_AMOUNT', value: 80, productIds: ['capsules'] }),
      coffee,
      50_00,
    ],
    ['FREE_SHIPPING takes nothing off the goods', promo({ type: 'FREE_SHIPPING' }), coffee, 0],
    [
      'BUY 1 GET 1: cheapest of each pair free',
      promo({ type: 'BUY_X_GET_Y', buyQuantity: 1, getQuantity: 1 }),
      cart([
        ['a', 100_00, 2],
        ['b', 10_00, 2],
      ]),
      110_00,
    ],
    [
      'BUY 2 GET 1 over 7 units: 2 free',
      promo({ type: 'BUY_X_GET_Y', buyQuantity: 2, getQuantity: 1 }),
      cart([['a', 30_00, 7]]),
      60_00,
    ],
    [
      'BUY 2 GET 1 mixed prices',
      promo({ type: 'BUY_X_GET_Y', buyQuantity: 2, getQuantity: 1 }),
      cart([
        ['a', 90_00, 1],
        ['b', 60_00, 1],
        ['c', 30_00, 1],
      ]),
      30_00,
    ],
    [
      'BUNDLE 10 % on one complete set',
      promo({ type: 'BUNDLE', bundleDiscount: 10, productIds: ['beans', 'capsules'] }),
      coffee,
      15_00,
    ],
    [
      'BUNDLE two sets',
      promo({ type: 'BUNDLE', bundleDiscount: 20, productIds: ['a', 'b'] }),
      cart([
        ['a', 50_00, 2],
        ['b', 25_00, 3],
      ]),
      30_00,
    ],
    [
      'BUNDLE without products never applies',
      promo({ type: 'BUNDLE', bundleDiscount: 10, productIds: [] }),
      coffee,
      0,
    ],
  ])('%s', (_label, promotion, c, fils) => {
    expect(computeDiscount(promotion, c)?.discountFils).toBe(fils);
  });

  it('UPSELL, CROSS_SELL and DOWNSELL compute no discount', () => {
    for (const type of ['UPSELL', 'CROSS_SELL', 'DOWNSELL'] as const)
      expect(computeDiscount(promo({ type }), coffee)).toBeNull();
  });
});

describe('automatic promotions and stacking', () => {
  const auto10 = promo({ id: 'a10', type: 'PERCENTAGE', value: 10, code: null });
  const autoShip = promo({ id: 'ship', type: 'FREE_SHIPPING', code: '' });
  const coupon40 = validatePromotionCode([promo({ type: 'PERCENTAGE' })], 'AUTUMN40', coffee, NOW, SALE_OFF);

  it('automatic promotions apply without a code', () => {
    expect(automaticDiscounts([auto10, autoShip, promo({ type: 'PERCENTAGE' })], coffee, NOW)).toEqual([
      { promotionId: 'a10', type: 'PERCENTAGE', discountFils: 25_00, freeShipping: false },
      { promotionId: 'ship', type: 'FREE_SHIPPING', discountFils: 0, freeShipping: true },
    ]);
  });

  it('the largest discount on goods wins; free shipping stacks with it', () => {
    const applied = applyPromotions({
      automatic: automaticDiscounts([auto10, autoShip], coffee, NOW),
      coupon: coupon40.valid ? coupon40.discount : null,
    });
    expect(applied.discountFils).toBe(100_00);
    expect(applied.freeShipping).toBe(true);
    expect(applied.couponApplied).toBe(true);
    expect(
      orderTotals({
        subtotalFils: 250_00,
        shippingFils: 25_00,
        discountFils: applied.discountFils,
        freeShipping: applied.freeShipping,
      }).totalFils,
    ).toBe(150_00);
  });

  it('a weaker coupon loses to a better automatic promotion and says so', () => {
    const applied = applyPromotions({
      automatic: [{ promotionId: 'big', type: 'FIXED_AMOUNT', discountFils: 120_00, freeShipping: false }],
      coupon: { promotionId: 'small', type: 'PERCENTAGE', discountFils: 100_00, freeShipping: false },
    });
    expect(applied.goods?.promotionId).toBe('big');
    expect(applied.couponApplied).toBe(false);
  });

  it('on a tie the coupon wins', () => {
    const applied = applyPromotions({
      automatic: [{ promotionId: 'a', type: 'FIXED_AMOUNT', discountFils: 10_00, freeShipping: false }],
      coupon: { promotionId: 'z', type: 'FIXED_AMOUNT', discountFils: 10_00, freeShipping: false },
    });
    expect(applied.goods?.promotionId).toBe('z');
  });
});

describe('recommendations', () => {
  it('UPSELL recommends its targets not in the cart, with the relationship type', () => {
    const recs = recommendations(
      [
        promo({
          id: 'up',
          type: 'UPSELL',
          code: null,
          productIds: ['beans'],
          targetProductIds: ['beans', 'grinder', 'kettle'],
          relationshipType: 'COMPLEMENTARY',
        }),
        promo({
          id: 'down',
          type: 'DOWNSELL',
          code: null,
          productIds: ['nuts'],
          targetProductIds: ['dates'],
        }),
        promo({ id: 'off', type: 'CROSS_SELL', code: null, isActive: false, targetProductIds: ['x'] }),
      ],
      ['beans'],
      NOW,
    );
    expect(recs).toEqual([
      {
        promotionId: 'up',
        type: 'UPSELL',
        relationshipType: 'COMPLEMENTARY',
        productIds: ['grinder', 'kettle'],
      },
    ]);
    expect(recommendedProductIds(recs, 1)).toEqual(['grinder']);
  });
});

const arbPromotion = fc
  .record({
    type: fc.constantFrom('PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING', 'BUY_X_GET_Y', 'BUNDLE' as const),
    value: fc.integer({ min: 0, max: 100_000 }).map((v) => v / 100),
    percent: fc.integer({ min: 0, max: 100 }),
    buy: fc.integer({ min: 1, max: 4 }),
    get: fc.integer({ min: 1, max: 3 }),
    scope: fc.subarray(['a', 'b', 'c']),
  })
  .map((r) =>
    promo({
      type: r.type,
      value: r.type === 'PERCENTAGE' ? r.percent : r.value,
      buyQuantity: r.buy,
      getQuantity: r.get,
      bundleDiscount: r.percent,
      productIds: r.scope,
    }),
  );
const arbCart = fc
  .array(
    fc.tuple(
      fc.constantFrom('a', 'b', 'c', 'd'),
      fc.integer({ min: 1, max: 100_000 }),
      fc.integer({ min: 1, max: 12 }),
    ),
    {
      maxLength: 6,
    },
  )
  .map((lines) => cart(lines));

describe('promotion properties', () => {
  it('property: a discount is never negative and never above the goods it applies to', () => {
    fc.assert(
      fc.property(arbPromotion, arbCart, (promotion, c) => {
        const d = computeDiscount(promotion, c);
        const subtotal = c.lines.reduce((s, l) => s + l.unitFils * l.quantity, 0);
        expect(d).not.toBeNull();
        expect(Number.isInteger(d!.discountFils)).toBe(true);
        expect(d!.discountFils).toBeGreaterThanOrEqual(0);
        expect(d!.discountFils).toBeLessThanOrEqual(subtotal);
      }),
    );
  });

  it('property: the order total is never negative nor above goods plus shipping', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 10_000_000 }),
        fc.integer({ min: -1000, max: 100_00 }),
        fc.integer({ min: -10_000, max: 20_000_000 }),
        fc.boolean(),
        (subtotalFils, shippingFils, discountFils, freeShipping) => {
          const t = orderTotals({ subtotalFils, shippingFils, discountFils, freeShipping });
          expect(t.totalFils).toBeGreaterThanOrEqual(0);
          expect(t.discountFils).toBeGreaterThanOrEqual(0);
          expect(t.discountFils).toBeLessThanOrEqual(t.subtotalFils);
          expect(t.totalFils).toBeLessThanOrEqual(t.subtotalFils + t.shippingFils);
          expect(t.totalFils).toBe(t.subtotalFils - t.discountFils + t.shippingFils);
        },
      ),
    );
  });

  it('property: stacking never gives more than the best single discount on goods', () => {
    fc.assert(
      fc.property(fc.array(arbPromotion, { maxLength: 5 }), arbCart, (promotions, c) => {
        const discounts = promotions.map((p, i) => ({ ...computeDiscount(p, c)!, promotionId: `p${i}` }));
        const applied = applyPromotions({ automatic: discounts });
        expect(applied.discountFils).toBe(Math.max(0, ...discounts.map((d) => d.discountFils)));
      }),
    );
  });
});
