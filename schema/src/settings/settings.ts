import { z } from 'zod';
import { GTM_ID_PATTERN, META_PIXEL_ID_PATTERN } from '../analytics/tracking';
import { filsToDecimalString } from '../money/money';
import { DEFAULT_PAY_LATER_RANGE } from '../payments/pay-later-widget';
import { SALE_CONFIG } from '../sale/sale-config';
import { DEFAULT_SHIPPING_SETTINGS } from '../shipping/shipping';
import { DEFAULT_SUBSCRIPTION_SETTINGS, SubscriptionSettings } from '../subscriptions/settings';
import { UAE_VAT_RATE_BP } from '../tax/vat';
import { emailField, storableText, validationText } from '../validation/fields';
import { SETTINGS_MESSAGES } from './messages';

/*
 * The store's settings (docs/settings.md): what staff change in the back office's
 * Settings and Tracking screens, and what the code that uses each value reads — the gateway's
 * shipping quote and pricing, the checkout's order transaction, pay later's range check, the
 * storefront's footer, contact page, cart nudge and tracking loader. Each section is one row of
 * `store_settings`; a fresh database has none and behaves exactly as SPEC 9's constants say.
 */

const en = (code: keyof typeof SETTINGS_MESSAGES) => SETTINGS_MESSAGES[code].en;
const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? `{${k}}`);

/** Staff text: storable (no NUL, no lone surrogates), trimmed, something visible, bounded. */
const Text = (max: number) =>
  z
    .string()
    .overwrite(storableText)
    .trim()
    .min(1, { error: fill(en('settings.text'), { max: String(max) }) })
    .max(max, { error: fill(en('settings.text'), { max: String(max) }) });

const Localized = (max: number) => z.object({ en: Text(max), ar: Text(max) });

const PHONE = /^\+[0-9][0-9 ()-]{6,19}$/;
const Phone = z
  .string()
  .trim()
  .regex(PHONE, { error: en('settings.phone') });

/** Money in fils, whole, inside a range that the message states in AED. */
const Fils = (min: number, max: number) => {
  const error = fill(en('settings.amount'), { min: filsToDecimalString(min), max: filsToDecimalString(max) });
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

// A day of this century (said as a pattern, so the OpenAPI document states it), that exists.
const DATE = /^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isRealDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
};
const DateOnly = z
  .string()
  .regex(DATE, { error: en('settings.date') })
  // 2026-02-30 matches the pattern but is no sale's day.
  .refine(isRealDay, { error: en('settings.date') });

/** Optimistic concurrency: the version the editor read; a save on an older one is refused (409). */
const Version = z.number().int().min(0).max(2_147_483_647);

// ——— store: name and contact details ———

export const StoreSettings = z
  .object({
    name: Localized(80),
    // The storefront's own e-mail rule (SPEC 5), one for every form.
    email: emailField(validationText('en')),
    phone: Phone,
    /** WhatsApp number, when the store answers there; null hides the link. */
    whatsapp: Phone.nullable(),
    address: Localized(200),
    // No opening hours, about text or support line here: those are the content screen's texts
    // (storeHours, about, supportLine), one home each. A row saved while `hours` was here still
    // parses: the object drops keys it does not know.
  })
  .meta({ id: 'StoreSettings' });
export type StoreSettings = z.infer<typeof StoreSettings>;

// ——— shipping: SPEC 8's fallback ———

/** Up to 100,000 AED: the threshold may be set out of reach (never free) without being unbounded. */
export const FREE_SHIPPING_THRESHOLD_MAX_FILS = 100_000_00;
export const FALLBACK_SHIPPING_COST_MAX_FILS = 1_000_00;

export const ShippingSettingsSchema = z
  .object({
    freeShippingThresholdFils: Fils(0, FREE_SHIPPING_THRESHOLD_MAX_FILS),
    fallbackCostFils: Fils(0, FALLBACK_SHIPPING_COST_MAX_FILS),
  })
  .meta({ id: 'ShippingSettings' });

// ——— pay later: the range pay later is offered for ———

/**
 * The widest range staff may set. Tabby's own limits are per merchant and per shopper
 * (TABBY.md); SPEC 9's 1–5000 AED is the range our agreement covers, so staff may narrow it,
 * never widen it: a total above it would be sent to Tabby only to be refused.
 */
export const PAY_LATER_LIMITS_FILS = {
  min: DEFAULT_PAY_LATER_RANGE.minFils,
  max: DEFAULT_PAY_LATER_RANGE.maxFils,
};

export const PayLaterSettings = z
  .object({
    minFils: Fils(PAY_LATER_LIMITS_FILS.min, PAY_LATER_LIMITS_FILS.max),
    maxFils: Fils(PAY_LATER_LIMITS_FILS.min, PAY_LATER_LIMITS_FILS.max),
  })
  .refine((r) => r.minFils <= r.maxFils, { error: en('settings.payLaterOrder'), path: ['minFils'] })
  .meta({ id: 'PayLaterSettings' });
export type PayLaterSettings = z.infer<typeof PayLaterSettings>;

// ——— sale: SPEC 3's sale config ———

export const SaleSettings = z
  .object({
    isActive: z.boolean(),
    discountPercentage: z
      .number({ error: en('settings.percent') })
      .int({ error: en('settings.percent') })
      .min(1, { error: en('settings.percent') })
      .max(100, { error: en('settings.percent') }),
    startDate: DateOnly,
    endDate: DateOnly,
    /** What the order's discount line and the shopper read: "Anniversary Sale — 40% off". */
    label: Localized(120),
  })
  .refine((s) => !(s.startDate > s.endDate), { error: en('settings.saleDates'), path: ['endDate'] })
  .meta({ id: 'SaleSettings' });
export type SaleSettings = z.infer<typeof SaleSettings>;

// ——— tracking: SPEC 1's analytics and pixel ids ———

export const TrackingSettings = z
  .object({
    /** Google Tag Manager container; null loads nothing from Google. */
    gtmId: z
      .string()
      .trim()
      .regex(GTM_ID_PATTERN, { error: en('settings.gtmId') })
      .nullable(),
    /** Meta (Facebook) pixel; null loads nothing from Meta. */
    metaPixelId: z
      .string()
      .trim()
      .regex(META_PIXEL_ID_PATTERN, { error: en('settings.metaPixelId') })
      .nullable(),
  })
  .meta({ id: 'TrackingSettings' });
export type TrackingSettings = z.infer<typeof TrackingSettings>;

// ——— vat: the store's VAT registration (docs/vat.md) ———

/** The UAE's Tax Registration Number: 15 digits (FTA). */
export const TRN_PATTERN = /^[0-9]{15}$/;

/**
 * Printed on every tax invoice as the supplier. `rateBp` is in basis points (500 = 5 %); an order
 * keeps the rate it was placed under (orders.vat_rate_bp), 0 while the store is not registered.
 */
export const VatSettings = z
  .object({
    registered: z.boolean(),
    trn: z
      .string()
      .trim()
      .regex(TRN_PATTERN, { error: en('settings.trn') })
      .nullable(),
    nameEn: Text(160),
    nameAr: Text(160),
    addressEn: Text(300),
    addressAr: Text(300),
    rateBp: z
      .number({ error: en('settings.vatRate') })
      .int({ error: en('settings.vatRate') })
      .min(0, { error: en('settings.vatRate') })
      .max(10_000, { error: en('settings.vatRate') }),
  })
  .refine((v) => !v.registered || v.trn !== null, { error: en('settings.trnRequired'), path: ['trn'] })
  .meta({ id: 'VatSettings' });
export type VatSettings = z.infer<typeof VatSettings>;

/** The rate an order placed now is taxed at: the setting's while registered, else 0. */
export const orderVatRateBp = (vat: Pick<VatSettings, 'registered' | 'rateBp'>): number =>
  vat.registered ? vat.rateBp : 0;

/**
 * The development seed's sample registration (db/src/seed), so invoices show in `make dev`: a TRN
 * of the right shape that no business holds. The gateway refuses to start in production while the
 * store is registered under it (gateway/src/config.ts's way with development secrets).
 */
export const SAMPLE_TRN = '100000000000003';

// ——— all of them ———

export const SETTINGS_SECTIONS = [
  'store',
  'shipping',
  'payLater',
  'sale',
  'tracking',
  'vat',
  'subscriptions',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SETTINGS_SCHEMAS = {
  store: StoreSettings,
  shipping: ShippingSettingsSchema,
  payLater: PayLaterSettings,
  sale: SaleSettings,
  tracking: TrackingSettings,
  vat: VatSettings,
  // Its contract lives with the subscriptions (schema/src/subscriptions/settings.ts).
  subscriptions: SubscriptionSettings,
} as const;

export interface StoreSettingsValues {
  store: StoreSettings;
  shipping: z.infer<typeof ShippingSettingsSchema>;
  payLater: PayLaterSettings;
  sale: SaleSettings;
  tracking: TrackingSettings;
  vat: VatSettings;
  subscriptions: SubscriptionSettings;
}

/** The back-office menu module that owns each section (its view/edit permission). */
export const SETTINGS_MODULE: Record<SettingsSection, 'settings' | 'tracking'> = {
  store: 'settings',
  shipping: 'settings',
  payLater: 'settings',
  sale: 'settings',
  tracking: 'tracking',
  vat: 'settings',
  subscriptions: 'settings',
};

/**
 * A fresh database's settings: today's constants (SPEC 9, the storefront's contact facts), so
 * nothing changes until staff save. The only copy of each value is where it came from.
 */
export const DEFAULT_SETTINGS: Readonly<StoreSettingsValues> = Object.freeze({
  store: {
    // The brand as its logo writes it (lower case), so a fresh store's header and e-mails read as before.
    name: { en: 'qahwa', ar: 'قهوة' },
    email: 'hello@qahwa.ae',
    phone: '+971 800 724 92',
    whatsapp: null,
    address: {
      en: 'Our roastery and shop: Al Quoz Industrial Area 3, Dubai',
      ar: 'محمصتنا ومتجرنا: القوز الصناعية 3، دبي',
    },
  },
  shipping: { ...DEFAULT_SHIPPING_SETTINGS },
  payLater: { ...DEFAULT_PAY_LATER_RANGE },
  sale: { ...SALE_CONFIG, label: { ...SALE_CONFIG.label } },
  tracking: { gtmId: null, metaPixelId: null },
  // Not registered until staff give a TRN: a fresh store issues receipts, never a tax invoice
  // without a TRN (docs/vat.md). The rate is the UAE's, ready for the day it registers.
  vat: {
    registered: false,
    trn: null,
    nameEn: 'Qahwa Coffee Trading L.L.C.',
    nameAr: 'قهوة لتجارة البن ذ.م.م',
    addressEn: 'Al Quoz Industrial Area 3, Dubai, United Arab Emirates',
    addressAr: 'القوز الصناعية 3، دبي، الإمارات العربية المتحدة',
    rateBp: UAE_VAT_RATE_BP,
  },
  subscriptions: {
    ...DEFAULT_SUBSCRIPTION_SETTINGS,
    frequencyWeeks: [...DEFAULT_SUBSCRIPTION_SETTINGS.frequencyWeeks],
  },
});

/** One section as the editor reads it: its values and the version a save must name. */
export const versioned = <T extends z.ZodType>(schema: T, id: string) =>
  z.object({ version: Version, value: schema }).meta({ id });

export const StoreSettingsEdit = versioned(StoreSettings, 'StoreSettingsEdit');
export const ShippingSettingsEdit = versioned(ShippingSettingsSchema, 'ShippingSettingsEdit');
export const PayLaterSettingsEdit = versioned(PayLaterSettings, 'PayLaterSettingsEdit');
export const SaleSettingsEdit = versioned(SaleSettings, 'SaleSettingsEdit');
export const TrackingSettingsEdit = versioned(TrackingSettings, 'TrackingSettingsEdit');
export const VatSettingsEdit = versioned(VatSettings, 'VatSettingsEdit');

/** GET /api/admin/settings: the Settings screen's four sections, each with its version. */
export const AdminSettings = z
  .object({
    store: StoreSettingsEdit,
    shipping: ShippingSettingsEdit,
    payLater: PayLaterSettingsEdit,
    sale: SaleSettingsEdit,
    vat: VatSettingsEdit,
  })
  .meta({ id: 'AdminSettings' });
export type AdminSettings = z.infer<typeof AdminSettings>;

/**
 * GET /api/settings: what the storefront reads (everything here is shown to shoppers or written
 * into its pages anyway — nothing secret). Cacheable; the storefront drops its copy on
 * SettingsChanged.
 */
export const PublicSettings = z
  .object({
    store: StoreSettings,
    shipping: ShippingSettingsSchema,
    payLater: PayLaterSettings,
    sale: SaleSettings,
    tracking: TrackingSettings,
    // Printed on the shopper's invoices and their "Includes VAT" lines anyway.
    vat: VatSettings,
  })
  .meta({ id: 'PublicSettings' });
export type PublicSettings = z.infer<typeof PublicSettings>;

/**
 * A stored section read back: the stored value when it still satisfies today's contract, else the
 * default (a row written by an older contract must not break pricing; docs/settings.md).
 */
export function settingsSectionOf<S extends SettingsSection>(
  section: S,
  stored: unknown,
): StoreSettingsValues[S] {
  const parsed = SETTINGS_SCHEMAS[section].safeParse(stored);
  return (parsed.success ? parsed.data : DEFAULT_SETTINGS[section]) as StoreSettingsValues[S];
}
