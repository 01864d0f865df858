import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponRefusalText } from '../src/promotions';
import { type PricingLineInput, priceCart } from '../src/promotions/price-cart';
import { Promotion } from '../src/promotions/promotion';
import { validatePromotionCode } from '../src/promotions/validate-code';
import { ANNIVERSARY_CODE } from '../src/reference/constants';
import { SALE_CONFIG, type SaleConfig } from '../src/sale/sale-config';
import { DEFAULT_SHIPPING_SETTINGS } from '../src/shipping/shipping';

/**
 * SPEC 3 / 9: "The code ANNIVERSARY_2025 drives the anniversary sale" (docs/promotions.md "The
 * anniversary sale and its code"): usable only while the store's sale is on and in its window,
 * and then it gives the sale, never a second 40 % on prices the sale already lowered.
 */
const NOW = new Date('2025-10-15T12:00:00+04:00');
const SALE_ON: SaleConfig = { ...SALE_CONFIG, isActive: true };

const row = (over: Partial<Promotion> = {}): Promotion =>
  Promotion.parse({
    id: 'anniversary',
    name: 'Anniversary Sale',
    code: ANNIVERSARY_CODE,
    type: 'PERCENTAGE',
    value: 40,
    startDate: '2025-01-01',
    endDate: '2026-12-31',
    isActive: true,
    ...over,
  });

const lines: PricingLineInput[] = [
  { productId: 'beans', variationId: 'v1', listFils: 100_00, discountedFils: 100_00, quantity: 2 },
  { productId: 'dallah', variationId: 'v2', listFils: 165_00, discountedFils: 148_50, quantity: 1 },
];
const price = (sale: SaleConfig, couponCode: string | null, promotions: Promotion[] = [row()]) =>
  priceCart({
    lines,
    promotions,
    couponCode,
    shippingRules: [],
    shipping: DEFAULT_SHIPPING_SETTINGS,
    sale,
    now: NOW,
  });

describe('ANNIVERSARY_2025 follows the store’s sale', () => {
  it('is refused while the sale is off, even with its promotion switched on; shoppers hear only "not usable"', () => {
    const p = price(SALE_CONFIG, ANNIVERSARY_CODE);
    expect(p.coupon).toEqual({
      status: 'refused',
      code: ANNIVERSARY_CODE,
      refusal: { code: 'coupon.saleNotRunning' },
    });
    expect(p.totalFils).toBe(price(SALE_CONFIG, null).totalFils);
    const refusal = { code: 'coupon.saleNotRunning' as const };
    expect(couponRefusalText(refusal, 'en', 'staff')).toBe(
      "This is the anniversary sale's code, and the sale is not running",
    );
    expect(couponRefusalText(refusal, 'ar', 'shopper')).toBe(
      'لا يمكن استخدام هذا الرمز لهذا الطلب. يرجى التحقق من الرمز ومن شروط العرض.',
    );
  });

  it('is refused outside the sale’s window while the sale is switched on', () => {
    const before = new Date('2025-08-31T23:59:59+04:00');
    const r = validatePromotionCode([row()], ANNIVERSARY_CODE, { lines: [] }, before, SALE_ON);
    expect(r).toEqual({ valid: false, code: 'coupon.saleNotRunning' });
  });

  it('works while the sale runs, in any case of typing, and takes nothing beyond the sale', () => {
    const without = price(SALE_ON, null);
    for (const code of [ANNIVERSARY_CODE, ' anniversary_2025 ']) {
      const p = price(SALE_ON, code);
      expect(p.coupon).toMatchObject({ status: 'applied', discountFils: 0, promotionId: 'anniversary' });
      // The sale's 40 % is in the unit prices (2 × 60.00 + 99.00, the dallah's 40 % beating its own 10 %).
      expect(p.subtotalFils).toBe(219_00);
      expect(p.discountFils).toBe(0);
      expect(p.totalFils).toBe(without.totalFils);
      expect(p.discounts.map((d) => d.kind)).toEqual(['SALE']);
    }
  });

  it('its promotion’s own conditions still hold: switched off in Promotions, it is refused', () => {
    const p = price(SALE_ON, ANNIVERSARY_CODE, [row({ isActive: false })]);
    expect(p.coupon).toMatchObject({ status: 'refused', refusal: { code: 'coupon.inactive' } });
  });

  it('property: never more off than the sale alone, whatever the sale, the code’s value and the cart', () => {
    const line = fc.record({
      productId: fc.constantFrom('a', 'b', 'c'),
      variationId: fc.uuid(),
      listFils: fc.integer({ min: 1, max: 100_000 }),
      own: fc.integer({ min: 0, max: 100 }),
      quantity: fc.integer({ min: 1, max: 10 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 100 }),
        // The code's promotion as staff may have typed it: its type and value change nothing.
        fc.constantFrom<Promotion['type']>('PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING'),
        fc.integer({ min: 1, max: 100 }),
        (raw, on, percent, type, value) => {
          const cart = raw.map(({ own, ...l }) => ({
            ...l,
            discountedFils: l.listFils - Math.round((l.listFils * own) / 100),
          }));
          const sale = { ...SALE_CONFIG, isActive: on, discountPercentage: percent };
          const promotions = [row({ type, value })];
          const base = {
            lines: cart,
            promotions,
            shippingRules: [],
            shipping: DEFAULT_SHIPPING_SETTINGS,
            sale,
            now: NOW,
          };
          const withCode = priceCart({ ...base, couponCode: ANNIVERSARY_CODE });
          const alone = priceCart({ ...base, couponCode: null });
          expect(withCode.totalFils).toBe(alone.totalFils);
          expect(withCode.coupon.status).toBe(on ? 'applied' : 'refused');
        },
      ),
      { numRuns: 500 },
    );
  });
});
