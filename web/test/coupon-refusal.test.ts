import type { CartItem } from '@qahwa/schema/cart';
import { Promotion } from '@qahwa/schema/promotions';
import { SALE_CONFIG } from '@qahwa/schema/sale';
import { describe, expect, it } from 'vitest';
import { couponRefusalMessage, orderCouponRefusal } from '@/checkout/coupon-state';

/**
 * The coupon box after the server refused a code (docs/promotions.md "What shoppers see"): the
 * server tells a shopper only "not usable"; for a code the store lists publicly the box names the
 * condition this cart misses, in the shopper's language; for any other code it repeats the server.
 */
const item = (price: number, quantity = 1): CartItem => ({
  id: 'p1-v',
  productId: 'p1',
  variationId: 'p1-v',
  name: 'Beans',
  nameAr: 'بن',
  price,
  quantity,
  image: '',
  variation: { weight: '250g', beans: null, additions: null },
});

const listed = [
  Promotion.parse({
    id: 'big',
    name: 'Big baskets',
    code: 'BIG50',
    type: 'FIXED_AMOUNT',
    value: 50,
    minOrderAmount: 300,
    startDate: '2020-01-01T00:00:00Z',
    endDate: '2099-12-31T00:00:00Z',
    isActive: true,
    isPublic: true,
  }),
];
const notUsable = {
  errorCode: 'coupon.notUsable',
  error: "This code can't be used for this order. Please check the code and the offer's conditions.",
};

describe('couponRefusalMessage', () => {
  it("names a public code's missed minimum, in Arabic too", () => {
    const items = [item(120)];
    const base = { answer: notUsable, code: 'big50', items, sale: SALE_CONFIG, listed };
    expect(couponRefusalMessage({ ...base, locale: 'en' })).toBe(
      'A minimum order of 300.00 AED is required for this coupon',
    );
    expect(couponRefusalMessage({ ...base, locale: 'ar' })).toBe(
      'يتطلب استخدام هذه القسيمة حدًا أدنى للطلب قدره 300.00 د.إ',
    );
  });

  it("repeats the server for a code the store does not list (it says nothing of a private code's conditions)", () => {
    expect(
      couponRefusalMessage({
        answer: notUsable,
        code: 'SECRET1',
        items: [item(120)],
        sale: SALE_CONFIG,
        listed,
        locale: 'en',
      }),
    ).toBe(notUsable.error);
  });

  it("says SPEC 8's 'Invalid coupon code' when the server gave no words", () => {
    expect(
      couponRefusalMessage({ answer: null, code: 'X', items: [], sale: SALE_CONFIG, listed, locale: 'en' }),
    ).toBe('Invalid coupon code');
  });
});

describe('orderCouponRefusal: an order, card payment or pay-later session refused with COUPON_REFUSED', () => {
  const serverText = notUsable.error;
  it("names a listed code's missed minimum as the coupon box does, though the server said only 'not usable'", () => {
    const base = { serverText, code: 'BIG50', items: [item(120)], listed, sale: SALE_CONFIG };
    expect(orderCouponRefusal({ ...base, locale: 'en' })).toBe(
      'A minimum order of 300.00 AED is required for this coupon',
    );
    expect(orderCouponRefusal({ ...base, locale: 'ar' })).toBe(
      'يتطلب استخدام هذه القسيمة حدًا أدنى للطلب قدره 300.00 د.إ',
    );
  });

  it("repeats the server's words for a private code, and for a listed one that would hold", () => {
    const base = { serverText, listed, sale: SALE_CONFIG, locale: 'en' as const };
    expect(orderCouponRefusal({ ...base, code: 'SECRET1', items: [item(120)] })).toBe(serverText);
    // Its last use went to someone else meanwhile: the cart meets the listed conditions.
    expect(orderCouponRefusal({ ...base, code: 'BIG50', items: [item(150, 2)] })).toBe(serverText);
  });
});
