import { describe, expect, it } from 'vitest';
import {
  couponRefusalFor,
  couponRefusalText,
  isListedToShoppers,
  Promotion,
  publicCouponRefusal,
} from '../src/promotions';
import { SALE_CONFIG } from '../src/sale/sale-config';

const promo = (over: Partial<Promotion>): Promotion =>
  Promotion.parse({
    id: over.code ?? 'auto',
    name: 'Offer',
    type: 'FIXED_AMOUNT',
    value: 10,
    startDate: '2020-01-01T00:00:00Z',
    endDate: '2099-12-31T00:00:00Z',
    isActive: true,
    ...over,
  });

const cart = (subtotalAed: number) => ({
  lines: [{ productId: 'p1', unitFils: subtotalAed * 100, quantity: 1 }],
  subtotalFils: subtotalAed * 100,
});
const now = new Date('2026-06-01T10:00:00Z');

describe('who hears why a code is refused (docs/promotions.md "Validate")', () => {
  it('anyone gets one answer for every reason; staff get the reason', () => {
    for (const code of [
      'coupon.invalid',
      'coupon.expired',
      'coupon.usageLimit',
      'coupon.notStarted',
    ] as const) {
      expect(couponRefusalFor({ code }, 'shopper')).toEqual({ code: 'coupon.notUsable' });
      expect(couponRefusalFor({ code }, 'staff')).toEqual({ code });
    }
    const min = { code: 'coupon.minOrder' as const, params: { amount: '100.00' } };
    expect(couponRefusalText(min, 'ar', 'shopper')).toBe(
      'لا يمكن استخدام هذا الرمز لهذا الطلب. يرجى التحقق من الرمز ومن شروط العرض.',
    );
    expect(couponRefusalText(min, 'en', 'staff')).toBe(
      'A minimum order of 100.00 AED is required for this coupon',
    );
  });

  it('shoppers see automatic promotions and the codes staff made public, nothing else', () => {
    expect(isListedToShoppers(promo({ code: null }))).toBe(true);
    expect(isListedToShoppers(promo({ code: 'OPEN', isPublic: true }))).toBe(true);
    expect(isListedToShoppers(promo({ code: 'MINE' }))).toBe(false);
  });

  it("the storefront explains a listed code's own conditions, and nothing about other codes", () => {
    const listed = [promo({ code: 'BIG50', isPublic: true, minOrderAmount: 200 })];
    expect(publicCouponRefusal(listed, ' big50 ', cart(150), now, SALE_CONFIG)).toEqual({
      code: 'coupon.minOrder',
      params: { amount: '200.00' },
    });
    // It would apply: the server's answer stands.
    expect(publicCouponRefusal(listed, 'BIG50', cart(250), now, SALE_CONFIG)).toBeNull();
    // Not a listed code, or a private one the browser happens to hold: nothing to say.
    expect(publicCouponRefusal(listed, 'OTHER', cart(150), now, SALE_CONFIG)).toBeNull();
    const privateOne = [promo({ code: 'MINE', minOrderAmount: 200 })];
    expect(publicCouponRefusal(privateOne, 'MINE', cart(150), now, SALE_CONFIG)).toBeNull();
  });
});
