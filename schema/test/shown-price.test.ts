import { describe, expect, it } from 'vitest';
import { priceCart } from '../src/promotions/price-cart';
import { Promotion } from '../src/promotions/promotion';
import { cartLineAmounts, promotionsShownOnPrices, shownUnitPrice } from '../src/promotions/shown-price';
import { SALE_CONFIG, type SaleConfig } from '../src/sale/sale-config';

const NOW = new Date('2025-10-15T12:00:00+04:00');
const SALE_OFF: SaleConfig = SALE_CONFIG;
const SALE_ON: SaleConfig = { ...SALE_CONFIG, isActive: true };

const automatic = (over: Partial<Promotion> & Pick<Promotion, 'type'>): Promotion =>
  Promotion.parse({
    id: 'auto-1',
    name: 'Autumn',
    code: null,
    value: 20,
    startDate: '2025-09-01',
    endDate: '2025-12-31',
    isActive: true,
    ...over,
  });

/** Colombian Supremo 250 g as the seed has it: 52.00 list, its own 10 % (46.80). */
const bag = { productId: 'beans', variationId: 'beans-250', listFils: 52_00, discountedFils: 46_80 };
/** A variation without a discount of its own. */
const dallah = { productId: 'dallah', variationId: 'dallah-1', listFils: 165_00, discountedFils: 165_00 };

describe('the price a product shows before the cart (one unit, checkout’s own pricing)', () => {
  it('without sale or promotion: the variation’s own discount, the list price struck', () => {
    expect(shownUnitPrice(bag, { promotions: [], sale: SALE_OFF, now: NOW })).toEqual({
      fils: 46_80,
      wasFils: 52_00,
      promotionId: null,
    });
    expect(shownUnitPrice(dallah, { promotions: [], sale: SALE_OFF, now: NOW })).toEqual({
      fils: 165_00,
      wasFils: null,
      promotionId: null,
    });
  });

  it('the sale: the lower of the sale and the variation’s own discount, never both', () => {
    // 40 % of 52.00 = 31.20, below the own 46.80; the dallah 165.00 → 99.00.
    expect(shownUnitPrice(bag, { promotions: [], sale: SALE_ON, now: NOW }).fils).toBe(31_20);
    expect(shownUnitPrice(dallah, { promotions: [], sale: SALE_ON, now: NOW })).toEqual({
      fils: 99_00,
      wasFils: 165_00,
      promotionId: null,
    });
    // Outside the sale's window the sale is gone again.
    const later = new Date('2026-01-01T00:30:00+04:00');
    expect(shownUnitPrice(dallah, { promotions: [], sale: SALE_ON, now: later }).fils).toBe(165_00);
  });

  it('an automatic percentage promotion, for every product or scoped to this one', () => {
    const all = automatic({ type: 'PERCENTAGE', value: 20 });
    expect(shownUnitPrice(dallah, { promotions: [all], sale: SALE_OFF, now: NOW })).toEqual({
      fils: 132_00,
      wasFils: 165_00,
      promotionId: 'auto-1',
    });
    const scoped = automatic({ type: 'PERCENTAGE', value: 25, productIds: ['dallah'] });
    expect(shownUnitPrice(dallah, { promotions: [scoped], sale: SALE_OFF, now: NOW }).fils).toBe(123_75);
    // Another product's promotion changes nothing here.
    expect(shownUnitPrice(bag, { promotions: [scoped], sale: SALE_OFF, now: NOW })).toEqual({
      fils: 46_80,
      wasFils: 52_00,
      promotionId: null,
    });
  });

  it('an automatic fixed amount comes off the unit, never below zero', () => {
    const ten = automatic({ type: 'FIXED_AMOUNT', value: 10 });
    expect(shownUnitPrice(dallah, { promotions: [ten], sale: SALE_OFF, now: NOW }).fils).toBe(155_00);
    const huge = automatic({ type: 'FIXED_AMOUNT', value: 500 });
    expect(shownUnitPrice(dallah, { promotions: [huge], sale: SALE_OFF, now: NOW }).fils).toBe(0);
  });

  it('sale and promotion together: the promotion comes off the sale’s price, as checkout stacks them', () => {
    const all = automatic({ type: 'PERCENTAGE', value: 10 });
    // 165.00 → the sale 99.00 → 10 % off that: 89.10.
    expect(shownUnitPrice(dallah, { promotions: [all], sale: SALE_ON, now: NOW })).toEqual({
      fils: 89_10,
      wasFils: 165_00,
      promotionId: 'auto-1',
    });
    // The bag: its own 10 % loses to the sale (31.20), then 10 % off: 28.08.
    expect(shownUnitPrice(bag, { promotions: [all], sale: SALE_ON, now: NOW }).fils).toBe(28_08);
  });

  it('only the largest automatic promotion applies, as on an order', () => {
    const ten = automatic({ id: 'a-ten', type: 'PERCENTAGE', value: 10 });
    const twenty = automatic({ id: 'b-twenty', type: 'FIXED_AMOUNT', value: 20 });
    const shown = shownUnitPrice(dallah, { promotions: [ten, twenty], sale: SALE_OFF, now: NOW });
    expect(shown).toEqual({ fils: 145_00, wasFils: 165_00, promotionId: 'b-twenty' });
  });

  it('never a code, a minimum order, a cart-shaped promotion, free shipping, or one out of its window', () => {
    const none = [
      automatic({ id: 'code', type: 'PERCENTAGE', value: 50, code: 'HALF' }),
      automatic({ id: 'min', type: 'PERCENTAGE', value: 50, minOrderAmount: 100 }),
      automatic({ id: 'bxgy', type: 'BUY_X_GET_Y', buyQuantity: 1, getQuantity: 1 }),
      automatic({ id: 'bundle', type: 'BUNDLE', productIds: ['dallah'], bundleDiscount: 50 }),
      automatic({ id: 'ship', type: 'FREE_SHIPPING' }),
      automatic({ id: 'off', type: 'PERCENTAGE', value: 50, isActive: false }),
      automatic({ id: 'ended', type: 'PERCENTAGE', value: 50, endDate: '2025-10-14' }),
      automatic({ id: 'soon', type: 'PERCENTAGE', value: 50, startDate: '2025-10-16' }),
      automatic({ id: 'used', type: 'PERCENTAGE', value: 50, maxUses: 3, usedCount: 3 }),
    ];
    expect(shownUnitPrice(dallah, { promotions: none, sale: SALE_OFF, now: NOW })).toEqual({
      fils: 165_00,
      wasFils: null,
      promotionId: null,
    });
    // A minimum is announced, not shown in a price, even when one unit would meet it.
    expect(promotionsShownOnPrices(none).map((p) => p.id)).toEqual(['off', 'ended', 'soon', 'used']);
  });

  it('is what checkout charges for that one unit (before shipping)', () => {
    const promotions = [
      automatic({ id: 'p1', type: 'PERCENTAGE', value: 12.5 }),
      automatic({ id: 'p2', type: 'FIXED_AMOUNT', value: 3, productIds: ['beans'] }),
    ];
    for (const sale of [SALE_OFF, SALE_ON]) {
      for (const line of [bag, dallah]) {
        const order = priceCart({
          lines: [{ ...line, quantity: 1 }],
          promotions,
          shippingRules: [],
          shipping: { freeShippingThresholdFils: 200_00, fallbackCostFils: 25_00 },
          sale,
          now: NOW,
        });
        const shown = shownUnitPrice(line, { promotions, sale, now: NOW });
        expect(shown.fils).toBe(order.totalFils - order.shippingFils);
      }
    }
  });
});

describe('a cart’s lines at what the order charges for them', () => {
  const shipping = { freeShippingThresholdFils: 200_00, fallbackCostFils: 25_00 };
  const price = (promotions: Promotion[], sale: SaleConfig, quantities: [number, number]) =>
    priceCart({
      lines: [
        { ...bag, quantity: quantities[0] },
        { ...dallah, quantity: quantities[1] },
      ],
      promotions,
      shippingRules: [],
      shipping,
      sale,
      now: NOW,
    });

  it('a one-unit line costs what its card showed, with the list price struck', () => {
    const promotions = [automatic({ type: 'PERCENTAGE', value: 10, productIds: ['dallah'] })];
    const priced = price(promotions, SALE_ON, [2, 1]);
    expect(cartLineAmounts(priced, promotions)).toEqual([
      // The sale's 31.20 twice; the promotion is the dallah's only.
      { variationId: 'beans-250', payFils: 62_40, wasFils: 104_00 },
      {
        variationId: 'dallah-1',
        payFils: shownUnitPrice(dallah, { promotions, sale: SALE_ON, now: NOW }).fils,
        wasFils: 165_00,
      },
    ]);
    expect(cartLineAmounts(priced, promotions)[1]!.payFils).toBe(89_10);
  });

  it('an all-products discount is spread over the lines and they add up to the cart to the fils', () => {
    for (const promotions of [
      [automatic({ type: 'PERCENTAGE', value: 12.5 })],
      [automatic({ type: 'FIXED_AMOUNT', value: 10 })],
      [automatic({ type: 'PERCENTAGE', value: 7, minOrderAmount: 100 })],
      [],
    ]) {
      for (const sale of [SALE_OFF, SALE_ON]) {
        const priced = price(promotions, sale, [3, 2]);
        const lines = cartLineAmounts(priced, promotions);
        expect(lines.reduce((s, l) => s + l.payFils, 0)).toBe(priced.subtotalFils - priced.discountFils);
        for (const l of lines) expect(l.payFils).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('no sale, no own discount, no promotion: nothing struck', () => {
    const priced = price([], SALE_OFF, [0, 2]);
    expect(cartLineAmounts(priced, [])).toEqual([
      { variationId: 'dallah-1', payFils: 330_00, wasFils: null },
    ]);
  });
});
