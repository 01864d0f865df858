import { z } from 'zod';
import { envelope } from './envelope';

/**
 * CatalogueChanged (DESIGN.md "Events"): products, variations, prices or stock changed. The
 * gateway rebuilds its in-memory catalogue and the storefront revalidates its pages. `reason`
 * says what changed; `productIds` which products (empty means "maybe all": rebuild everything).
 */
export const CatalogueChanged = envelope(
  'CatalogueChanged',
  z.object({
    // 'content': the storefront's banner, sliders or texts; only the pages need it.
    reason: z.enum(['stock', 'product', 'variation', 'category', 'price', 'promotion', 'review', 'content']),
    productIds: z.array(z.uuid()),
  }),
).meta({ id: 'CatalogueChanged' });
export type CatalogueChanged = z.infer<typeof CatalogueChanged>;
