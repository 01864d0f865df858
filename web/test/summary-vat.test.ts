import type { CartItem } from '@qahwa/schema/cart';
import { SALE_CONFIG } from '@qahwa/schema/sale';
import { DEFAULT_SHIPPING_SETTINGS } from '@qahwa/schema/shipping';
import { describe, expect, it } from 'vitest';
import { summaryPricing } from '@/checkout/coupon-state';

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
const settings = { sale: SALE_CONFIG, shipping: DEFAULT_SHIPPING_SETTINGS };
const quote = { shippingCostFils: 15_00, amountToFreeShippingFils: 50_00 };

describe("the checkout summary's 'Includes VAT' before the order exists", () => {
  it('is the VAT of each line and of shipping, half-up per line, at the store’s rate', () => {
    // 2 × 45.00 and 1 × 32.50 with 15.00 shipping: lines 428.57… → 429 and 154.76… → 155 fils,
    // shipping 71.43… → 71 fils.
    const p = summaryPricing([item('beans', 45, 2), item('capsules', 32.5, 1)], quote, [], null, {
      ...settings,
      vatRateBp: 500,
    });
    expect(p.totalFils).toBe(137_50);
    expect(p.vatRateBp).toBe(500);
    expect(p.vatFils).toBe(429 + 155 + 71);
  });

  it('says nothing while the store is not VAT-registered (rate 0)', () => {
    const p = summaryPricing([item('beans', 45, 2)], quote, [], null, { ...settings, vatRateBp: 0 });
    expect(p.vatFils).toBe(0);
    expect(p.vatRateBp).toBe(0);
  });
});
