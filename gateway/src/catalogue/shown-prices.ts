import {
  discountedUnitFils,
  type Product,
  type Promotion,
  type SaleConfig,
  shownUnitPrice,
  toFils,
} from '@qahwa/schema';

/**
 * Each sellable variation with the price a shopper pays for one unit now (`shownPriceFils`):
 * checkout's own pricing (`shownUnitPrice` runs `priceCart`) on the same inputs an order reads —
 * the variation's list and own discounted price, the store's sale, the promotions in force. The
 * storefront's cards, product page and options modal show it with the list price struck.
 */
export function withShownPrices(
  products: readonly Product[],
  offers: { promotions: readonly Promotion[]; sale: SaleConfig; now: Date },
): Product[] {
  return products.map((p) => ({
    ...p,
    variations: p.variations.map((v) => ({
      ...v,
      shownPriceFils: shownUnitPrice(
        {
          productId: p.id,
          variationId: v.id,
          listFils: toFils(v.price),
          discountedFils: discountedUnitFils(v.price, v.discount, v.discountType),
        },
        offers,
      ).fils,
    })),
  }));
}

export interface ShopperCatalogueSources {
  catalogue: { allActive: () => Promise<Product[]> };
  promotions: { active: (now: Date) => Promise<Promotion[]> };
  settings: { read: () => Promise<{ sale: { value: SaleConfig } }> };
}

/**
 * The in-memory catalogue's one read: the active products, the promotions in force and the
 * store's sale, priced at the build's instant. A promotion saved or removed (CatalogueChanged
 * 'promotion'), a sale saved (SettingsChanged) and the safety interval rebuild it, so a
 * promotion's or the sale's window opening or closing shows within CATALOGUE_REFRESH_MS.
 */
export function shopperCatalogueLoader(
  sources: ShopperCatalogueSources,
  clock: () => Date = () => new Date(),
): () => Promise<Product[]> {
  return async () => {
    const now = clock();
    const [products, promotions, settings] = await Promise.all([
      sources.catalogue.allActive(),
      sources.promotions.active(now),
      sources.settings.read(),
    ]);
    return withShownPrices(products, { promotions, sale: settings.sale.value, now });
  };
}
