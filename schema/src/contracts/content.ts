import { z } from 'zod';

/** SPEC 3 "Offer settings", GET /api/content/fomo-offers. `endTime` is an ISO instant or null. */
export const OfferSettings = z
  .object({
    isActive: z.boolean(),
    endTime: z.string().nullable(),
    message: z.string().nullable(),
    messageAr: z.string().nullable(),
  })
  .meta({ id: 'OfferSettings' });
export type OfferSettings = z.infer<typeof OfferSettings>;
