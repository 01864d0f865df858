import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_DETAILS_KEY,
  clearCheckoutDetails,
  EMPTY_DETAILS,
  keepCheckoutDetails,
  reachableStep,
  readCheckoutDetails,
  stepOfSearch,
  urlOfStep,
} from '@/checkout/checkout-progress';
import { estimatedDeliveryText } from '@/checkout/delivery-text';

function memory() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const complete = {
  customer: { fullName: 'Noura Saeed', email: 'noura@example.ae', phone: '+971 50 765 4321' },
  shipping: { emirate: 'dubai', city: 'deira', address: 'Al Rigga Street, Building 12' },
};

describe('the checkout step in the address bar', () => {
  it('reads the step a location asks for; the first step is the bare /checkout', () => {
    expect(stepOfSearch('')).toBe(1);
    expect(stepOfSearch('?step=shipping')).toBe(2);
    expect(stepOfSearch('?step=payment&x=1')).toBe(3);
    expect(stepOfSearch('?step=nonsense')).toBe(1);
  });

  it('moves a location to a step, keeping its other parameters', () => {
    expect(urlOfStep('http://s.test/checkout', 2)).toBe('/checkout?step=shipping');
    expect(urlOfStep('http://s.test/checkout?step=shipping&ref=mail#top', 3)).toBe(
      '/checkout?step=payment&ref=mail#top',
    );
    expect(urlOfStep('http://s.test/checkout?step=payment', 1)).toBe('/checkout');
  });

  it('shows a step only when the steps before it are complete, else the first one to fill in', () => {
    expect(reachableStep(3, complete, 'en')).toBe(3);
    expect(reachableStep(2, complete, 'ar')).toBe(2);
    expect(
      reachableStep(3, { ...complete, shipping: { ...complete.shipping, address: 'short' } }, 'en'),
    ).toBe(2);
    expect(reachableStep(3, { ...complete, customer: { ...complete.customer, email: 'noura@' } }, 'en')).toBe(
      1,
    );
    expect(reachableStep(2, EMPTY_DETAILS, 'en')).toBe(1);
    expect(reachableStep(1, complete, 'en')).toBe(1);
  });
});

describe('the details typed, kept for the session', () => {
  it('keeps contact and address, reads them back and forgets them once the order is placed', () => {
    const s = memory();
    expect(readCheckoutDetails(s)).toEqual(EMPTY_DETAILS);
    keepCheckoutDetails(complete, s);
    expect(readCheckoutDetails(s)).toEqual(complete);
    clearCheckoutDetails(s);
    expect(s.data.has(CHECKOUT_DETAILS_KEY)).toBe(false);
    expect(readCheckoutDetails(s)).toEqual(EMPTY_DETAILS);
  });

  it('keeps nothing but the contact and address fields, whatever it is handed', () => {
    const s = memory();
    const withCard = { ...complete, card: '4242 4242 4242 4242' } as typeof complete;
    keepCheckoutDetails(withCard, s);
    expect(s.data.get(CHECKOUT_DETAILS_KEY)).not.toContain('4242');
  });

  it('reads damaged or foreign data as empty fields, and survives storage that refuses', () => {
    const s = memory();
    s.setItem(CHECKOUT_DETAILS_KEY, '{not json');
    expect(readCheckoutDetails(s)).toEqual(EMPTY_DETAILS);
    s.setItem(CHECKOUT_DETAILS_KEY, JSON.stringify({ customer: { fullName: 7, email: 'a@b.ae' } }));
    expect(readCheckoutDetails(s).customer).toEqual({ fullName: '', email: 'a@b.ae', phone: '' });
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readCheckoutDetails(refusing)).toEqual(EMPTY_DETAILS);
    expect(() => keepCheckoutDetails(complete, refusing)).not.toThrow();
    expect(() => clearCheckoutDetails(refusing)).not.toThrow();
  });
});

describe("the summary's estimated delivery", () => {
  const range = (from: string, to: string) => `${from} – ${to}`;
  // 21:00 UTC on Saturday 28 November is already Sunday 29 November in Dubai.
  const now = new Date('2026-11-28T21:00:00Z');

  it("counts the rule's days from today in Dubai, in the shopper's language", () => {
    expect(estimatedDeliveryText('2-4', now, 'en', range)).toBe('Tue, 1 Dec – Thu, 3 Dec');
    expect(estimatedDeliveryText('1', now, 'en', range)).toBe('Mon, 30 Nov');
    const ar = estimatedDeliveryText('2-4', now, 'ar', range) ?? '';
    expect(ar).toContain('ديسمبر');
    expect(ar).toMatch(/1.*3/);
  });

  it("says a rule's free text as staff wrote it, and nothing without a rule", () => {
    expect(estimatedDeliveryText('Next day', now, 'en', range)).toBe('Next day');
    expect(estimatedDeliveryText(null, now, 'en', range)).toBeNull();
    expect(estimatedDeliveryText('  ', now, 'en', range)).toBeNull();
  });
});
