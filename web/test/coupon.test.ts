import type { CartItem } from '@qahwa/schema/cart';
import type { Promotion } from '@qahwa/schema/promotions';
import { SALE_CONFIG } from '@qahwa/schema/sale';
import { DEFAULT_SHIPPING_SETTINGS } from '@qahwa/schema/shipping';
import { describe, expect, it } from 'vitest';
import type { AppliedCouponState } from '@/checkout/coupon-state';
import { summaryPricing } from '@/checkout/coupon-state';
import { buildCodOrder, orderIntent } from '@/checkout/order-request';

/** SPEC 9's sale (off) and shipping fallback: what a fresh store's settings say. */
const DEFAULTS = { sale: SALE_CONFIG, shipping: DEFAULT_SHIPPING_SETTINGS };

const item = (productId: string, price: number, quantity: number): CartItem => ({
  id: `${productId}-v`,
  productId,
  variationId: `${productId}-v`,
  name: productId,
  nameAr: productId,
  price,
  quantity,
  image: null,
  variation: { weight: '250g', beans: null, additions: null },
});

const promotion = (p: Partial<Promotion> & Pick<Promotion, 'id' | 'type'>): Promotion => ({
  name: p.id,
  nameAr: null,
  description: null,
  descriptionAr: null,
  code: null,
  value: null,
  minOrderAmount: null,
  maxUses: null,
  usedCount: 0,
  startDate: '2020-01-01',
  endDate: '2099-12-31',
  isActive: true,
  isPublic: false,
  productIds: [],
  buyQuantity: null,
  getQuantity: null,
  bundleDiscount: null,
  targetProductIds: [],
  relationshipType: null,
  ...p,
});

const autumn40 = promotion({ id: 'a', code: 'AUTUMN40', type: 'PERCENTAGE', value: 40 });
const applied: AppliedCouponState = {
  code: 'AUTUMN40',
  discountAmount: 40,
  discountType: 'PERCENTAGE',
  promotionId: 'a',
  name: 'Autumn',
  description: '40% off',
  promotion: autumn40,
};
const quote = { shippingCostFils: 25_00, amountToFreeShippingFils: 100_00 };

describe('the checkout summary with a coupon (SPEC 2.7)', () => {
  it('shows the coupon’s discount and a total of subtotal − discount + shipping', () => {
    const p = summaryPricing([item('x', 50, 2)], quote, [], applied, DEFAULTS);
    expect(p).toMatchObject({
      subtotalFils: 100_00,
      discountFils: 40_00,
      shippingFils: 25_00,
      totalFils: 85_00,
    });
    expect(p.coupon.status).toBe('applied');
  });

  it('an automatic free-shipping promotion makes shipping Free and hides the nudge', () => {
    const free = promotion({ id: 'f', type: 'FREE_SHIPPING' });
    const p = summaryPricing([item('x', 50, 2)], quote, [free], applied, DEFAULTS);
    expect(p).toMatchObject({
      shippingFils: 0,
      amountToFreeShippingFils: 0,
      totalFils: 60_00,
      freeShipping: true,
    });
  });

  it('a coupon whose minimum the cart no longer meets is shown refused and takes nothing off', () => {
    const welcome = promotion({
      id: 'w',
      code: 'WELCOME10',
      type: 'FIXED_AMOUNT',
      value: 10,
      minOrderAmount: 100,
    });
    const p = summaryPricing(
      [item('x', 50, 1)],
      quote,
      [],
      {
        ...applied,
        code: 'WELCOME10',
        promotion: welcome,
      },
      DEFAULTS,
    );
    expect(p.coupon).toMatchObject({ status: 'refused', refusal: { code: 'coupon.minOrder' } });
    expect(p.discountFils).toBe(0);
  });

  it('shipping stays “calculating” (null) until the quote is in', () => {
    expect(summaryPricing([item('x', 50, 1)], null, [], null, DEFAULTS).shippingFils).toBeNull();
  });

  it('the order request carries the code and the discount as claims; the coupon changes the attempt', () => {
    const items = [item('x', 50, 2)];
    const base = {
      customerInfo: { fullName: 'Noura', email: 'noura@example.ae', phone: '+971501234567' },
      shippingInfo: { emirate: 'dubai', city: 'deira', address: 'Al Rigga Street 12' },
      items,
      locale: 'en' as const,
    };
    const withCoupon = buildCodOrder({
      ...base,
      summary: summaryPricing(items, quote, [], applied, DEFAULTS),
      coupon: applied,
    });
    expect(withCoupon).toMatchObject({
      subtotal: 100,
      discount: 40,
      shippingCost: 25,
      totalAmount: 85,
      appliedCoupon: { code: 'AUTUMN40', discountAmount: 40 },
    });
    const without = buildCodOrder({ ...base, summary: summaryPricing(items, quote, [], null, DEFAULTS) });
    expect(without).toMatchObject({ totalAmount: 125, discount: 0 });
    expect(without.appliedCoupon).toBeNull();
    expect(orderIntent(withCoupon)).not.toBe(orderIntent(without));
  });
});
