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

/** One campaign of the home page's slider (GET /api/content/sliders), active ones in their order. */
export const Slider = z
  .object({
    id: z.string(),
    title: z.string(),
    titleAr: z.string(),
    subtitle: z.string(),
    subtitleAr: z.string(),
    /** A picture URL, or null: the storefront then draws the campaign in the brand's colours. */
    imageUrl: z.string().nullable(),
    /** A storefront path (`/shop/beans`), never another host. */
    link: z.string(),
    sortOrder: z.number().int(),
  })
  .meta({ id: 'Slider' });
export type Slider = z.infer<typeof Slider>;

export const SliderList = z.array(Slider).meta({ id: 'SliderList' });
export type SliderList = z.infer<typeof SliderList>;

/** The storefront texts staff may change; the seed fills each of them. */
export const SITE_TEXT_KEYS = ['about', 'storeHours', 'supportLine'] as const;
export type SiteTextKey = (typeof SITE_TEXT_KEYS)[number];

export const LocalText = z.object({ en: z.string(), ar: z.string() }).meta({ id: 'LocalText' });
export type LocalText = z.infer<typeof LocalText>;

/**
 * GET /api/content/texts: every storefront text by key (`about`, `storeHours`, `supportLine`,
 * and any staff add later), each in both languages. A key missing from the database is missing
 * here: the page shows its own fallback.
 */
export const SiteTexts = z.record(z.string(), LocalText).meta({ id: 'SiteTexts' });
export type SiteTexts = z.infer<typeof SiteTexts>;
