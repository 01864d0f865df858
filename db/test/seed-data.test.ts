import { describe, expect, it } from 'vitest';
import { BEANS, CATEGORIES, PRODUCTS, SIZES, TYPES } from '../src/seed/catalogue-data';

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

describe('the seed catalogue', () => {
  it('has at least 12 products across all six kinds the store sells', () => {
    expect(PRODUCTS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(PRODUCTS.map((p) => p.category))).toEqual(new Set(CATEGORIES.map((c) => c.slug)));
  });

  it('names and describes everything in English and in Arabic script', () => {
    const arabic = [
      ...PRODUCTS.flatMap((p) => [p.nameAr, p.descriptionAr]),
      ...CATEGORIES.map((c) => c.nameAr),
      ...SIZES.map((s) => s.displayNameAr),
      ...TYPES.map((t) => t.nameAr),
      ...BEANS.map((b) => b.nameAr),
    ];
    for (const text of arabic) expect(text, text).toMatch(ARABIC_SCRIPT);
    for (const p of PRODUCTS) expect(p.name.trim().length, p.slug).toBeGreaterThan(0);
  });

  it('writes numbers in Arabic text with Latin digits, as prices are shown (docs/domain-decisions.md)', () => {
    const texts = [
      ...PRODUCTS.flatMap((p) => [p.nameAr, p.descriptionAr]),
      ...SIZES.map((s) => s.displayNameAr),
    ];
    for (const text of texts) expect(ARABIC_INDIC_DIGITS.test(text), text).toBe(false);
  });

  it('offers 250g, 500g and 1kg for the coffee sold by weight, each combination once', () => {
    for (const p of PRODUCTS.filter((x) => x.category === 'coffee-beans' || x.category === 'ground-coffee')) {
      expect(new Set(p.variations.map((v) => v.size)), p.slug).toEqual(new Set(['250g', '500g', '1kg']));
      const combos = p.variations.map((v) => `${v.size}|${v.type ?? ''}|${v.beans ?? ''}`);
      expect(new Set(combos).size, p.slug).toBe(combos.length);
    }
  });

  it('prices every variation above zero with at most 2 decimals', () => {
    for (const v of PRODUCTS.flatMap((p) => p.variations)) expect(v.price).toMatch(/^\d+\.\d{2}$/);
  });
});
