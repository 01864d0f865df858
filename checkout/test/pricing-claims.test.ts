import { DEFAULT_SHIPPING_SETTINGS, SALE_CONFIG } from '@qahwa/schema';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_FAILURE, CheckoutRefusal } from '../src/errors';
import { priceOrder, type VariationRecord } from '../src/pricing';

const record = (id: string, productId: string): VariationRecord => ({
  id,
  productId,
  productName: 'Colombian Supremo',
  productNameAr: 'كولومبي سوبريمو',
  productActive: true,
  isActive: true,
  priceFils: 5200,
  discount: 0,
  discountType: 'PERCENTAGE',
  stockQuantity: 20,
  weight: '250g',
  beans: null,
  additions: null,
});

const records = new Map([
  ['v-colombian', record('v-colombian', 'p-colombian')],
  ['v-brazil', record('v-brazil', 'p-brazil')],
]);
const options = {
  city: 'deira',
  couponCode: null,
  now: new Date('2026-01-10T10:00:00+04:00'),
  settings: {
    shipping: { ...DEFAULT_SHIPPING_SETTINGS },
    sale: { ...SALE_CONFIG, isActive: false },
    vatRateBp: 0,
    versions: { shipping: 1, sale: 1, vat: 0 },
  },
};

describe("pricing: a line's variation must be its product's", () => {
  it('refuses a variation of another product, naming the line, instead of pricing it from the variation', () => {
    const price = () =>
      priceOrder(
        [
          { productId: 'p-colombian', variationId: 'v-colombian', quantity: 1 },
          { productId: 'p-colombian', variationId: 'v-brazil', quantity: 1 },
        ],
        records,
        [],
        [],
        options,
      );
    expect(price).toThrow(CheckoutRefusal);
    try {
      price();
    } catch (err) {
      expect((err as CheckoutRefusal).type).toBe(CHECKOUT_FAILURE.variationMismatch);
      expect((err as CheckoutRefusal).nonRetryable).toBe(true);
      expect((err as CheckoutRefusal).details).toEqual([{ line: 1 }]);
    }
  });

  it('prices a line whose product matches (any case), and one that names no product', () => {
    const priced = priceOrder(
      [
        { productId: 'P-COLOMBIAN', variationId: 'v-colombian', quantity: 1 },
        { variationId: 'v-brazil', quantity: 2 },
      ],
      records,
      [],
      [],
      options,
    );
    expect(priced.subtotalFils).toBe(3 * 5200);
  });
});
