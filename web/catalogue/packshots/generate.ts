import { PRODUCTS, productGalleryPaths, productImagePath, variationImagePath } from '@qahwa/db/seed-data';
import { detailSvg, PRODUCT_ART, packshotSvg, variationSvg } from './design';

/**
 * Every seed picture, by its public path. The seed stores these paths; `npm run packshots -w
 * @qahwa/web` writes them under web/public (committed, so a build needs no generator step) and
 * web/test/packshots.test.ts fails when the committed files drift from this.
 */
export function seedPictures(): Map<string, string> {
  const files = new Map<string, string>();
  for (const product of PRODUCTS) {
    const art = PRODUCT_ART[product.slug];
    if (!art) throw new Error(`no packshot design for ${product.slug} (web/catalogue/packshots/design.ts)`);
    const [, detail] = productGalleryPaths(product.slug);
    files.set(productImagePath(product.slug), packshotSvg(art));
    if (detail) files.set(detail, detailSvg(art));
    for (const v of product.variations) files.set(variationImagePath(product.slug, v), variationSvg(art, v));
  }
  return files;
}
