import { describe, expect, it } from 'vitest';
import { Product } from '../src/catalogue/product';
import { LOW_STOCK_THRESHOLD, shopperStock, unitsAvailable } from '../src/catalogue/stock';
import { MAX_LINE_QUANTITY } from '../src/reference/constants';

describe("a variation's stock as shoppers get it", () => {
  it('publishes the count at or below the low-stock threshold, only "in stock" above it', () => {
    expect(shopperStock(0)).toEqual({ inStock: false, stockQuantity: 0 });
    expect(shopperStock(-2)).toEqual({ inStock: false, stockQuantity: 0 });
    expect(shopperStock(3)).toEqual({ inStock: true, stockQuantity: 3 });
    expect(shopperStock(LOW_STOCK_THRESHOLD)).toEqual({ inStock: true, stockQuantity: LOW_STOCK_THRESHOLD });
    expect(shopperStock(LOW_STOCK_THRESHOLD + 1)).toEqual({ inStock: true });
    expect(shopperStock(250_000)).toEqual({ inStock: true });
  });

  it("keeps the cart's line limit exact: a hidden count is always more than a line may hold", () => {
    expect(LOW_STOCK_THRESHOLD).toBeGreaterThanOrEqual(MAX_LINE_QUANTITY);
    for (const n of [0, 1, 7, LOW_STOCK_THRESHOLD, LOW_STOCK_THRESHOLD + 1, 999]) {
      expect(Math.min(unitsAvailable(shopperStock(n)), MAX_LINE_QUANTITY)).toBe(
        Math.min(n, MAX_LINE_QUANTITY),
      );
    }
  });

  it('the public contract refuses a count above the threshold and the back office’s version field', () => {
    const product = {
      id: 'p',
      slug: 'x',
      name: 'X',
      nameAr: 'س',
      description: '',
      descriptionAr: '',
      price: 10,
      sku: null,
      category: { id: 'c', slug: 'c', name: 'C', nameAr: 'ج' },
      imageUrl: null,
      images: [],
      discount: 0,
      discountType: 'PERCENTAGE' as const,
      featured: false,
      views: 0,
      variations: [
        {
          id: 'v',
          productId: 'p',
          sizeId: 's',
          size: { displayName: '250g', displayNameAr: '250 غ', isActive: true },
          typeId: null,
          type: null,
          beansId: null,
          beans: null,
          price: 10,
          discount: 0,
          discountType: 'PERCENTAGE' as const,
          sku: null,
          imageUrl: null,
          isActive: true,
          inStock: true,
          stockQuantity: LOW_STOCK_THRESHOLD + 1,
        },
      ],
    };
    expect(Product.safeParse(product).success).toBe(false);
    const { stockQuantity: _hidden, ...variation } = product.variations[0]!;
    const parsed = Product.parse({ ...product, variations: [{ ...variation, version: 4 }] });
    expect(parsed.variations[0]).not.toHaveProperty('version');
    expect(parsed.variations[0]).not.toHaveProperty('stockQuantity');
  });
});
