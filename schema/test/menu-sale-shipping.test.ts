import { describe, expect, it } from 'vitest';
import { freeShippingNudge, shippingLineText } from '../src/checkout/summary-text';
import { shippingQuoteResponse } from '../src/contracts/shipping';
import { canAccessBackendPath, visibleMenu } from '../src/menu/menu';
import { isOfferVisible, offerCountdown } from '../src/offers/offer-banner';
import { bestUnitPriceFils, isSaleActive, SALE_CONFIG, salePriceFils } from '../src/sale/sale-config';
import {
  calculateShipping,
  DEFAULT_SHIPPING_SETTINGS,
  fallbackShipping,
  type ShippingRule,
} from '../src/shipping/shipping';

describe('back-office menu (SPEC 6)', () => {
  it('ADMIN sees all 19 entries', () => {
    expect(visibleMenu({ role: 'ADMIN', permissions: [] })).toHaveLength(19);
  });

  it('others see the dashboard plus modules with canView true', () => {
    const menu = visibleMenu({
      role: 'STAFF',
      permissions: [
        { module: 'orders', canView: true },
        { module: 'products', canView: false },
        { module: 'promotions', canView: true },
        { module: 'Orders', canView: true },
      ],
    });
    expect(menu.map((e) => e.href)).toEqual(['/backend', '/backend/orders', '/backend/promotions']);
    expect(menu.map((e) => e.label.ar)).toEqual(['لوحة التحكم', 'الطلبات', 'العروض الترويجية']);
    expect(visibleMenu({ role: 'admin', permissions: [] })).toHaveLength(1);
    expect(visibleMenu(null)).toEqual([]);
  });

  it('guards paths', () => {
    const staff = { role: 'STAFF', permissions: [{ module: 'orders', canView: true }] };
    expect(canAccessBackendPath(staff, '/backend')).toBe(true);
    expect(canAccessBackendPath(staff, '/backend/profile')).toBe(true);
    expect(canAccessBackendPath(staff, '/backend/orders/42')).toBe(true);
    expect(canAccessBackendPath(staff, '/backend/users')).toBe(false);
    expect(canAccessBackendPath(staff, '/backendx')).toBe(false);
    expect(canAccessBackendPath(null, '/backend')).toBe(false);
  });
});

describe('sale config (SPEC 3, 4, 9)', () => {
  const on = { ...SALE_CONFIG, isActive: true };
  it('is off as shipped', () => {
    expect(isSaleActive(SALE_CONFIG, new Date('2025-10-01T12:00:00+04:00'))).toBe(false);
  });
  it.each([
    ['2025-08-31T23:59:59+04:00', false],
    ['2025-09-01T00:00:00+04:00', true],
    ['2025-12-31T23:59:59+04:00', true],
    ['2026-01-01T00:00:00+04:00', false],
  ])('with the flag on, %s → %s', (at, active) => {
    expect(isSaleActive(on, new Date(at))).toBe(active);
  });
  it('40 % off rounded to 2 decimals, and never stacked with a variation discount', () => {
    const now = new Date('2025-10-01T12:00:00+04:00');
    expect(salePriceFils(4999, on, now)).toBe(2999);
    expect(salePriceFils(4999, SALE_CONFIG, now)).toBe(4999);
    expect(bestUnitPriceFils(100_00, 80_00, on, now)).toBe(60_00);
    expect(bestUnitPriceFils(100_00, 50_00, on, now)).toBe(50_00);
  });
});

describe('shipping (SPEC 3, 7, 8)', () => {
  it.each([
    [0, 0, 0],
    [-5_00, 0, 0],
    [199_99, 25_00, 1],
    [200_00, 0, 0],
    [350_00, 0, 0],
  ])('fallback for %i fils: cost %i, nudge %i', (total, cost, nudge) => {
    const q = fallbackShipping(total, DEFAULT_SHIPPING_SETTINGS);
    expect(q.shippingCostFils).toBe(cost);
    expect(q.amountToFreeShippingFils).toBe(nudge);
  });

  it('responds in AED and shows Free and the nudge in both languages', () => {
    const r = shippingQuoteResponse(fallbackShipping(150_00, DEFAULT_SHIPPING_SETTINGS));
    expect(r).toEqual({
      shippingCost: 25,
      shippingRule: null,
      freeShippingThreshold: 200,
      amountToFreeShipping: 50,
    });
    expect(freeShippingNudge(50_00, 'en')).toBe('Add 50.00 AED for free shipping');
    expect(freeShippingNudge(50_00, 'ar')).toBe('أضف 50.00 د.إ إضافية للحصول على شحن مجاني');
    expect(freeShippingNudge(0, 'en')).toBeNull();
    expect(shippingLineText(0, 'en')).toBe('Free');
    expect(shippingLineText(0, 'ar')).toBe('مجاني');
    expect(shippingLineText(25_00, 'en')).toBe('AED 25.00');
  });

  it('rules: city-limited express, standard with threshold', () => {
    const rule = (over: Partial<ShippingRule>): ShippingRule => ({
      id: 'r',
      name: 'Standard',
      nameAr: 'عادي',
      type: 'STANDARD',
      description: '',
      descriptionAr: '',
      costFils: 25_00,
      freeShippingThresholdFils: 200_00,
      isActive: true,
      estimatedDays: '2-3',
      cities: [],
      ...over,
    });
    const rules = [
      rule({ id: 'std' }),
      rule({ id: 'dxb', costFils: 15_00, cities: ['dubai'] }),
      rule({ id: 'off', costFils: 1, isActive: false }),
    ];
    expect(calculateShipping(rules, 100_00, 'dubai', DEFAULT_SHIPPING_SETTINGS).shippingCostFils).toBe(15_00);
    expect(calculateShipping(rules, 100_00, 'al-ain', DEFAULT_SHIPPING_SETTINGS).shippingCostFils).toBe(
      25_00,
    );
    expect(
      calculateShipping(rules, 100_00, 'al-ain', DEFAULT_SHIPPING_SETTINGS).amountToFreeShippingFils,
    ).toBe(100_00);
    expect(calculateShipping(rules, 200_00, 'al-ain', DEFAULT_SHIPPING_SETTINGS).shippingCostFils).toBe(0);
    expect(calculateShipping([], 100_00, null, DEFAULT_SHIPPING_SETTINGS).shippingCostFils).toBe(25_00);
  });

  it("follows the store's own threshold and fallback cost (settings 'shipping')", () => {
    const settings = { freeShippingThresholdFils: 300_00, fallbackCostFils: 30_00 };
    expect(fallbackShipping(250_00, settings)).toEqual({
      shippingCostFils: 30_00,
      shippingRule: null,
      freeShippingThresholdFils: 300_00,
      amountToFreeShippingFils: 50_00,
    });
    expect(fallbackShipping(300_00, settings).shippingCostFils).toBe(0);
    // No rule covers the order: the fallback is the store's, not SPEC 9's 200/25.
    expect(calculateShipping([], 210_00, 'dubai', settings).shippingCostFils).toBe(30_00);
    expect(calculateShipping([], 210_00, 'dubai', settings).amountToFreeShippingFils).toBe(90_00);
  });
});

describe('offer banner (SPEC 2.8)', () => {
  const offer = { isActive: true, endTime: '2025-10-02T00:00:00Z', message: 'Hurry', messageAr: 'أسرع' };
  it('counts down HH:MM:SS and hides when inactive, without end or expired', () => {
    expect(offerCountdown(offer, new Date('2025-09-29T22:58:57Z'))).toBe('49:01:03');
    expect(isOfferVisible({ ...offer, isActive: false }, new Date('2025-10-01T00:00:00Z'))).toBe(false);
    expect(isOfferVisible({ ...offer, endTime: null }, new Date('2025-10-01T00:00:00Z'))).toBe(false);
    expect(isOfferVisible(offer, new Date('2025-10-02T00:00:00Z'))).toBe(false);
  });
});
