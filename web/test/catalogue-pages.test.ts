import { type Product, type ShopperVariation, shopperStock, type Variation } from '@qahwa/schema';
import { PRODUCT_SORTS } from '@qahwa/schema/contracts';
import { REVIEW_LIMITS, TEXT_LIMITS } from '@qahwa/schema/validation';
import { describe, expect, it } from 'vitest';
import { cardPrice, LOW_STOCK, stockNotice, variationPrice } from '@/catalogue/display';
import { REVIEW_FORM_LIMITS } from '@/catalogue/product/review-limits';
import { jsonLdScript, productJsonLd } from '@/catalogue/product/structured-data';
import { applyFilters, paginate, parseShopState, SHOP_SORTS, shopHref } from '@/catalogue/shop/shop-state';
import { discountedVariations } from '@/home/discounts';

/** A variation as the storefront gets it: built from the back office's row, as the gateway does. */
function variation(over: Partial<Variation> = {}): ShopperVariation {
  const {
    stockQuantity,
    version: _version,
    ...row
  }: Variation = {
    id: crypto.randomUUID(),
    productId: 'p',
    sizeId: 's',
    size: { displayName: '250g', displayNameAr: '250 غ', isActive: true },
    typeId: null,
    type: null,
    beansId: null,
    beans: { name: 'Arabica', nameAr: 'أرابيكا', isActive: true },
    price: 50,
    discount: 0,
    discountType: 'PERCENTAGE',
    sku: 'SKU-1',
    stockQuantity: 20,
    isActive: true,
    imageUrl: '/images/products/x/250g--arabica.svg',
    ...over,
  };
  return { ...row, ...shopperStock(stockQuantity) };
}

function product(over: Partial<Product> = {}): Product {
  return {
    id: crypto.randomUUID(),
    slug: 'x',
    name: 'Brazil Santos',
    nameAr: 'برازيلي سانتوس',
    description: 'Nutty </script><script>alert(1)</script>',
    descriptionAr: 'ناعمة',
    price: 50,
    sku: 'QH-X',
    category: { id: 'c', slug: 'coffee-beans', name: 'Coffee Beans', nameAr: 'حبوب القهوة' },
    imageUrl: '/images/products/x/main.svg',
    images: [{ url: '/images/products/x/main.svg' }, { url: '/images/products/x/detail.svg' }],
    discount: 0,
    discountType: 'PERCENTAGE',
    featured: false,
    views: 3,
    variations: [variation()],
    ...over,
  };
}

describe('the shop URL', () => {
  it('round-trips every state a shopper can reach, so a reload or a shared link shows the same list', () => {
    const state = parseShopState({
      q: ' قهوة  عربية ',
      sort: 'price-desc',
      sale: '1',
      stock: '1',
      page: '2',
    });
    expect(state).toEqual({ q: 'قهوة عربية', sort: 'price-desc', sale: true, inStock: true, page: 2 });
    const href = shopHref('/shop/coffee-beans', state);
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/shop/coffee-beans');
    expect(parseShopState(Object.fromEntries(url.searchParams))).toEqual(state);
  });

  it('leaves defaults out (plain /shop is the canonical page) and starts again at page 1 on a new filter', () => {
    const state = parseShopState({ page: '3', sort: 'newest' });
    expect(shopHref('/shop', parseShopState({}))).toBe('/shop');
    expect(shopHref('/shop', state, { page: 4 })).toBe('/shop?sort=newest&page=4');
    expect(shopHref('/shop', state, { sale: true })).toBe('/shop?sort=newest&sale=1');
  });

  it('turns a hand-edited or stale link into a valid state instead of an error', () => {
    expect(parseShopState({ sort: 'cheapest', page: '-4', sale: 'yes', q: ['a', 'b'] })).toEqual({
      q: 'a',
      sort: 'featured',
      sale: false,
      inStock: false,
      page: 1,
    });
    expect(parseShopState({ q: 'x'.repeat(500) }).q).toHaveLength(100);
  });

  it('offers exactly the sorts the gateway knows', () => {
    expect([...SHOP_SORTS]).toEqual([...PRODUCT_SORTS]);
  });

  it('filters on sale and in stock, and pages with the last page clamped', () => {
    const onSale = product({ slug: 'a', variations: [variation({ discount: 0.1 })] });
    const soldOut = product({ slug: 'b', variations: [variation({ stockQuantity: 0 })] });
    const plain = product({ slug: 'c' });
    const all = [onSale, soldOut, plain];
    expect(applyFilters(all, parseShopState({ sale: '1' })).map((p) => p.slug)).toEqual(['a']);
    expect(applyFilters(all, parseShopState({ stock: '1' })).map((p) => p.slug)).toEqual(['a', 'c']);
    const pages = paginate(
      Array.from({ length: 14 }, (_, i) => i),
      9,
      12,
    );
    expect(pages).toEqual({ items: [12, 13], page: 2, pageCount: 2, total: 14 });
  });
});

describe('the product page', () => {
  it("says 'Only N left' at or below the low-stock mark, in stock above it, and out of stock at 0", () => {
    const withStock = (n: number) => product({ variations: [variation({ stockQuantity: n })] });
    expect(stockNotice(withStock(0))).toEqual({ kind: 'out' });
    expect(stockNotice(withStock(3))).toEqual({ kind: 'low', count: 3 });
    expect(stockNotice(withStock(LOW_STOCK))).toEqual({ kind: 'low', count: LOW_STOCK });
    expect(stockNotice(withStock(LOW_STOCK + 1))).toEqual({ kind: 'in' });
  });

  it('describes the product to search engines with one AED offer per sellable variation at the price paid', () => {
    const p = product({
      variations: [
        variation({ price: 52, discount: 0.1, sku: 'A' }),
        variation({ price: 98, stockQuantity: 0, sku: 'B' }),
        variation({ price: 10, isActive: false, sku: 'C' }),
      ],
    });
    const ld = productJsonLd(p, {
      origin: 'https://qahwa.example',
      locale: 'ar',
      brand: 'بيت البن',
      average: 4.5,
      count: 2,
    });
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'برازيلي سانتوس',
      brand: { '@type': 'Brand', name: 'بيت البن' },
      url: 'https://qahwa.example/product/x',
      image: [
        'https://qahwa.example/images/products/x/main.svg',
        'https://qahwa.example/images/products/x/detail.svg',
      ],
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'AED',
        lowPrice: '46.80',
        highPrice: '98.00',
        offerCount: 2,
      },
      aggregateRating: { ratingValue: '4.5', reviewCount: 2 },
    });
    const offers = (ld.offers as { offers: { price: string; availability: string; priceCurrency: string }[] })
      .offers;
    expect(offers.map((o) => [o.price, o.priceCurrency, o.availability])).toEqual([
      ['46.80', 'AED', 'https://schema.org/InStock'],
      ['98.00', 'AED', 'https://schema.org/OutOfStock'],
    ]);
  });

  it('shows what one unit costs now (the sale, an automatic promotion) with the list price struck', () => {
    // The catalogue's price after the sale and a promotion: 52.00 → 31.20 → 28.08; 98.00 unchanged.
    const bag = { ...variation({ price: 52, discount: 0.1, sku: 'A' }), shownPriceFils: 28_08 };
    const big = { ...variation({ price: 98, sku: 'B' }), shownPriceFils: 98_00 };
    expect(variationPrice(bag)).toEqual({ fils: 28_08, originalFils: 52_00, isRange: false });
    expect(variationPrice(big)).toEqual({ fils: 98_00, originalFils: null, isRange: false });
    const p = product({ variations: [big, bag] });
    expect(cardPrice(p)).toEqual({ fils: 28_08, originalFils: 52_00, isRange: true });
    const ld = productJsonLd(p, { origin: 'https://qahwa.example', locale: 'en', brand: 'qahwa' });
    expect(ld.offers).toMatchObject({ lowPrice: '28.08', highPrice: '98.00' });
    // A copy without it (an older cache, a fixture): the variation's own discount, as before.
    expect(variationPrice(variation({ price: 52, discount: 0.1 }))).toEqual({
      fils: 46_80,
      originalFils: 52_00,
      isRange: false,
    });
    // The shop's "on sale" filter follows the price shown.
    const promoted = product({ slug: 'p', variations: [{ ...variation(), shownPriceFils: 45_00 }] });
    expect(
      applyFilters([promoted, product({ slug: 'q' })], parseShopState({ sale: '1' })).map((x) => x.slug),
    ).toEqual(['p']);
  });

  it('leaves out the rating while no review is approved, and cannot close its script element early', () => {
    const ld = productJsonLd(product(), {
      origin: 'http://x',
      locale: 'en',
      brand: 'qahwa',
      average: null,
      count: 0,
    });
    expect(ld.aggregateRating).toBeUndefined();
    const script = jsonLdScript(ld);
    expect(script).not.toContain('</script>');
    expect(JSON.parse(script).description).toContain('</script>');
  });

  it("keeps the review form's length limits equal to the rules the gateway applies", () => {
    expect(REVIEW_FORM_LIMITS).toEqual({
      authorName: TEXT_LIMITS.name,
      email: TEXT_LIMITS.email,
      title: REVIEW_LIMITS.title,
      body: REVIEW_LIMITS.body,
    });
  });
});

describe('the home page', () => {
  it('lists discounted variations in stock, the deepest discount first', () => {
    const a = product({ slug: 'a', variations: [variation({ discount: 0.1 }), variation({ discount: 0 })] });
    const b = product({
      slug: 'b',
      variations: [variation({ discount: 0.2 }), variation({ discount: 0.3, stockQuantity: 0 })],
    });
    const list = discountedVariations([a, b]);
    expect(list.map((d) => [d.product.slug, d.variation.discount])).toEqual([
      ['b', 0.2],
      ['a', 0.1],
    ]);
  });
});
