import { z } from 'zod';
import { storableText } from '../validation/fields';

/** Staff text, storable (no NUL, no lone surrogates), trimmed, bounded. */
const StaffText = (max: number) => z.string().overwrite(storableText).trim().max(max);

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

/** The back office's offer banner (PUT /api/admin/content/offer). */
export const OfferSettingsWrite = z
  .object({
    isActive: z.boolean(),
    // Within this century, said as a pattern so the OpenAPI document states it: a year JavaScript
    // cannot print back (the fuzzer's) is no banner's end.
    endTime: z.iso
      .datetime({ offset: true })
      .regex(/^20\d{2}-/)
      .nullable(),
    message: StaffText(200),
    messageAr: StaffText(200),
  })
  .meta({ id: 'OfferSettingsWrite' });
export type OfferSettingsWrite = z.infer<typeof OfferSettingsWrite>;

/** A slider as staff edit it (active or not). The link stays on the storefront: a path, never `//host`. */
export const SliderWrite = z
  .object({
    title: StaffText(120).min(1),
    titleAr: StaffText(120).min(1),
    subtitle: StaffText(240).default(''),
    subtitleAr: StaffText(240).default(''),
    imageUrl: StaffText(2048).nullable(),
    link: z.string().regex(/^\/(?!\/)[A-Za-z0-9/_?=&.-]{0,200}$/),
    sortOrder: z.number().int().min(0).max(1000),
    isActive: z.boolean(),
  })
  .meta({ id: 'SliderWrite' });
export type SliderWrite = z.infer<typeof SliderWrite>;

export const AdminSlider = Slider.extend({ isActive: z.boolean() }).meta({ id: 'AdminSlider' });
export type AdminSlider = z.infer<typeof AdminSlider>;

/** GET /api/admin/content: everything the content screen edits. */
export const AdminContent = z
  .object({ offer: OfferSettings, sliders: z.array(AdminSlider), texts: SiteTexts })
  .meta({ id: 'AdminContent' });
export type AdminContent = z.infer<typeof AdminContent>;

export const SiteTextKeyParams = z.object({ key: z.enum(SITE_TEXT_KEYS) });
export const SiteTextWrite = z
  .object({ en: StaffText(2000).min(1), ar: StaffText(2000).min(1) })
  .meta({ id: 'SiteTextWrite' });
export type SiteTextWrite = z.infer<typeof SiteTextWrite>;
export const SliderIdParams = z.object({ id: z.guid() });
