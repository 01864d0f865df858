import { z } from 'zod';
import { emailField, validationText } from '../validation/fields';
import { EntityId } from './ids';

/*
 * Back-in-stock alerts (docs/back-in-stock.md): a shopper leaves an address for a sold-out
 * variation and gets one e-mail when it is on sale again. Built in English like every contract;
 * the gateway renders an issue in Arabic from the shared message table.
 */
const t = validationText('en');

/** POST /api/back-in-stock: which variation, where to write, and in which language. */
export const BackInStockRequest = z
  .object({
    variationId: EntityId(),
    email: emailField(t),
    /** The shopper's language for the e-mail; the request's own language when absent. */
    locale: z.enum(['en', 'ar']).optional(),
  })
  .meta({ id: 'BackInStockRequest' });
export type BackInStockRequest = z.infer<typeof BackInStockRequest>;

/** The answer to a request: the same for a new one and one already waiting (nothing learnt). */
export const BackInStockAccepted = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'BackInStockAccepted' });
export type BackInStockAccepted = z.infer<typeof BackInStockAccepted>;

/** GET /api/admin/back-in-stock?productId=: the shoppers waiting for each of a product's variations. */
export const BackInStockCountsQuery = z.object({ productId: EntityId() });
export const BackInStockCounts = z
  .object({
    /** Only variations with someone waiting; the others wait for nobody. */
    counts: z.array(z.object({ variationId: z.uuid(), waiting: z.number().int().positive() })),
  })
  .meta({ id: 'BackInStockCounts' });
export type BackInStockCounts = z.infer<typeof BackInStockCounts>;
