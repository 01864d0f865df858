import { describe, expect, it } from 'vitest';
import { priceCart } from '../src/promotions/price-cart';
import { FALLBACK_SHIPPING_COST_FILS, FREE_SHIPPING_THRESHOLD_FILS } from '../src/reference/constants';
import { SALE_CONFIG } from '../src/sale/sale-config';
import {
  DEFAULT_SETTINGS,
  PayLaterSettings,
  PublicSettings,
  SaleSettings,
  ShippingSettingsSchema,
  settingsSectionOf,
  TrackingSettings,
} from '../src/settings/settings';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('store settings contract', () => {
  it("defaults are today's constants: a fresh database behaves as before", () => {
    expect(DEFAULT_SETTINGS.shipping).toEqual({
      freeShippingThresholdFils: FREE_SHIPPING_THRESHOLD_FILS,
      fallbackCostFils: FALLBACK_SHIPPING_COST_FILS,
    });
    expect(DEFAULT_SETTINGS.payLater).toEqual({ minFils: 1_00, maxFils: 5000_00 });
    expect(DEFAULT_SETTINGS.sale).toEqual({ ...SALE_CONFIG });
    expect(DEFAULT_SETTINGS.tracking).toEqual({ gtmId: null, metaPixelId: null });
    // The defaults satisfy their own contract (the public route serves them as they are).
    expect(PublicSettings.safeParse(DEFAULT_SETTINGS).success).toBe(true);
  });

  it("a store row saved while the hours were a setting keeps the staff's name and contact details", () => {
    const saved = {
      name: { en: 'Bayt al Bunn', ar: 'بيت البن' },
      email: 'hello@bunn.ae',
      phone: '+971 4 555 0100',
      whatsapp: null,
      address: { en: 'Al Quoz, Dubai', ar: 'القوز، دبي' },
      hours: { en: 'Every day: 8:00 to 20:00', ar: 'كل يوم: 8:00 إلى 20:00' },
    };
    const store = settingsSectionOf('store', saved);
    // Not the default: the old key is dropped, the rest stands. The hours are the content screen's.
    expect(store.name).toEqual(saved.name);
    expect(store.phone).toBe(saved.phone);
    expect(store).not.toHaveProperty('hours');
    expect(DEFAULT_SETTINGS.store).not.toHaveProperty('hours');
  });

  it('refuses amounts outside their ranges with the range in AED', () => {
    expect(
      messagesOf(ShippingSettingsSchema.safeParse({ freeShippingThresholdFils: -1, fallbackCostFils: 0 })),
    ).toEqual(['Please enter an amount from 0.00 to 100000.00 AED']);
    expect(
      messagesOf(
        ShippingSettingsSchema.safeParse({ freeShippingThresholdFils: 150_00, fallbackCostFils: 12.5 }),
      ),
    ).toEqual(['Please enter an amount from 0.00 to 1000.00 AED']);
  });

  it("keeps pay later inside Tabby's agreed limits, minimum not above maximum", () => {
    expect(PayLaterSettings.safeParse({ minFils: 50_00, maxFils: 3000_00 }).success).toBe(true);
    expect(messagesOf(PayLaterSettings.safeParse({ minFils: 1_00, maxFils: 6000_00 }))).toEqual([
      'Please enter an amount from 1.00 to 5000.00 AED',
    ]);
    expect(messagesOf(PayLaterSettings.safeParse({ minFils: 400_00, maxFils: 300_00 }))).toEqual([
      'The minimum must not be above the maximum',
    ]);
  });

  it('a sale needs a real percentage and real days in order', () => {
    const sale = { ...SALE_CONFIG, label: { ...SALE_CONFIG.label } };
    expect(SaleSettings.safeParse({ ...sale, isActive: true }).success).toBe(true);
    expect(messagesOf(SaleSettings.safeParse({ ...sale, discountPercentage: 0 }))).toEqual([
      'Please enter a percentage from 1 to 100',
    ]);
    expect(messagesOf(SaleSettings.safeParse({ ...sale, endDate: '2026-02-30' }))).toContain(
      'Please enter a date as YYYY-MM-DD',
    );
    expect(
      messagesOf(SaleSettings.safeParse({ ...sale, startDate: '2026-01-02', endDate: '2026-01-01' })),
    ).toEqual(['The end date must not be before the start date']);
  });

  it('tracking ids follow the loader’s own patterns (nothing else reaches a script URL)', () => {
    expect(TrackingSettings.safeParse({ gtmId: 'GTM-AB12CD', metaPixelId: '1234567890' }).success).toBe(true);
    expect(messagesOf(TrackingSettings.safeParse({ gtmId: 'GTM-1"><script>', metaPixelId: null }))).toEqual([
      'A Google Tag Manager id looks like GTM-XXXXXXX (capital letters and digits)',
    ]);
    expect(messagesOf(TrackingSettings.safeParse({ gtmId: null, metaPixelId: 'abc' }))).toEqual([
      'A Meta pixel id is 6 to 20 digits',
    ]);
  });

  it('a stored row that no longer fits the contract reads as the default, never as garbage', () => {
    expect(settingsSectionOf('shipping', { freeShippingThresholdFils: 'lots' })).toEqual(
      DEFAULT_SETTINGS.shipping,
    );
    expect(
      settingsSectionOf('shipping', { freeShippingThresholdFils: 300_00, fallbackCostFils: 30_00 }),
    ).toEqual({
      freeShippingThresholdFils: 300_00,
      fallbackCostFils: 30_00,
    });
  });
});

describe('pricing with non-default settings (the rules take the settings, not the constants)', () => {
  const now = new Date('2026-06-01T12:00:00+04:00');
  const lines = [{ productId: 'p', variationId: 'v', listFils: 100_00, discountedFils: 100_00, quantity: 2 }];
  const base = { lines, promotions: [], shippingRules: [], now };

  it("the store's threshold decides free shipping and the nudge", () => {
    const def = priceCart({ ...base, shipping: DEFAULT_SETTINGS.shipping, sale: DEFAULT_SETTINGS.sale });
    expect(def.shippingFils).toBe(0); // 200 AED: free under SPEC 9
    const raised = priceCart({
      ...base,
      shipping: { freeShippingThresholdFils: 250_00, fallbackCostFils: 30_00 },
      sale: DEFAULT_SETTINGS.sale,
    });
    expect(raised.shippingFils).toBe(30_00);
    expect(raised.amountToFreeShippingFils).toBe(50_00);
    expect(raised.totalFils).toBe(230_00);
  });

  it('the sale switch, percent and label reach the price and the discount line', () => {
    const sale = {
      isActive: true,
      discountPercentage: 25,
      startDate: '2026-05-01',
      endDate: '2026-06-30',
      label: { en: 'Summer — 25% off', ar: 'الصيف — خصم 25%' },
    };
    const priced = priceCart({ ...base, shipping: DEFAULT_SETTINGS.shipping, sale });
    expect(priced.subtotalFils).toBe(150_00);
    expect(priced.discounts).toEqual([
      expect.objectContaining({
        kind: 'SALE',
        name: 'Summer — 25% off',
        nameAr: 'الصيف — خصم 25%',
        amountFils: 50_00,
      }),
    ]);
    // Outside its days the switch alone does nothing.
    const later = priceCart({
      ...base,
      now: new Date('2026-07-01T00:00:00+04:00'),
      shipping: DEFAULT_SETTINGS.shipping,
      sale,
    });
    expect(later.subtotalFils).toBe(200_00);
  });
});
