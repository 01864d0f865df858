import { describe, expect, it } from 'vitest';
import ar from '@/messages/ar';
import en from '@/messages/en';

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      for (const [path, leaf] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

describe('messages', () => {
  const enLeaves = leaves(en);
  const arLeaves = leaves(ar);

  it('has every English key in Arabic and every Arabic key in English', () => {
    expect([...arLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it('has non-empty strings everywhere', () => {
    for (const [path, value] of [...enLeaves, ...arLeaves]) {
      expect(typeof value, path).toBe('string');
      expect((value as string).trim(), path).not.toBe('');
    }
  });

  it('isolates left-to-right numbers such as phone examples inside Arabic text', () => {
    // Space-separated digit groups in a right-to-left paragraph are reordered ("4567 123 50 971+")
    // unless wrapped in a left-to-right isolate (U+2066 … U+2069).
    for (const [path, value] of arLeaves) {
      for (const m of (value as string).matchAll(/\+\d[\d ]*\d/g)) {
        const before = (value as string).slice(0, m.index);
        expect(before.endsWith('\u2066'), `${path}: ${value}`).toBe(true);
      }
    }
  });

  it('keeps the same placeholders in both languages', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();
    for (const [path, value] of enLeaves) {
      expect(names(arLeaves.get(path) as string), path).toEqual(names(value as string));
    }
  });

  it('keeps the SPEC labels word for word in English', () => {
    expect(en.CustomerStep.submit).toBe('Secure Your Order Now');
    expect(en.CustomerStep.hurry).toBe('Hurry! Limited stock available');
    expect(en.ShippingStep.cityHint).toBe('Please select an emirate first');
    expect(en.ShippingStep.submit).toBe('Continue to Payment');
    expect(en.PaymentStep.submit).toBe('Place COD Order');
    expect(en.PaymentStep.processing).toBe('Processing...');
    expect(en.PaymentStep.codFailed).toBe('Failed to create COD order');
    expect(en.PaymentStep.networkError).toBe('Network error. Please try again.');
    expect(en.CartPanel.empty).toBe('Your cart is currently empty.');
    expect(en.OptionsModal.notFound).toBe('Product not found');
    expect(en.OptionsModal.added).toBe('{qty} × {name} added to cart');
    expect(en.ErrorPage.title).toBe('Oops! Something went wrong');
  });
});
