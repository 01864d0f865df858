import type { CartItem } from '@qahwa/schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commerceOf, highValueTier, track } from '@/analytics/events';

const line = (price: number, quantity: number): CartItem => ({
  id: `p1:v1`,
  productId: 'p1',
  variationId: 'v1',
  name: 'Emirati Gahwa Blend',
  nameAr: 'خلطة القهوة الإماراتية',
  price,
  quantity,
  image: null,
  variation: { weight: '500g', beans: 'House Blend', additions: 'Cardamom' },
});

describe('analytics events', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pushes each event to window.dataLayer with its name, and to the Meta pixel when it is loaded', () => {
    const fbq = vi.fn();
    vi.stubGlobal('window', { fbq });
    track('AddToCart', commerceOf([line(105, 2)]));
    track('search', { search_term: 'قهوة', results: 3 });
    const layer = (globalThis as unknown as { window: Window }).window.dataLayer;
    expect(layer).toEqual([
      {
        event: 'AddToCart',
        currency: 'AED',
        value: 210,
        items: [
          {
            item_id: 'p1',
            item_name: 'Emirati Gahwa Blend',
            item_variant: '500g / House Blend / Cardamom',
            price: 105,
            quantity: 2,
          },
        ],
      },
      { event: 'search', search_term: 'قهوة', results: 3 },
    ]);
    expect(fbq).toHaveBeenCalledWith('track', 'AddToCart', expect.objectContaining({ currency: 'AED' }));
    expect(fbq).toHaveBeenCalledWith('trackCustom', 'search', { search_term: 'قهوة', results: 3 });
  });

  it('adds money in fils, so 3 × 33.33 AED is 99.99 and not 99.99000000000001', () => {
    expect(commerceOf([line(33.33, 3)]).value).toBe(99.99);
  });

  it('names the highest of the 50 / 100 / 200 AED thresholds a cart reached (SPEC 9)', () => {
    expect([49.99, 50, 150, 200, 999].map(highValueTier)).toEqual([0, 50, 100, 200, 200]);
  });

  it('does nothing on the server and never throws', () => {
    expect(() => track('error', { message: 'x', where: 'test' })).not.toThrow();
  });
});
