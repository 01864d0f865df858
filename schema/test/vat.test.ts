import { describe, expect, it } from 'vitest';
import {
  allocateByLargestRemainder,
  creditOfLines,
  isVatInputError,
  vatIncluded,
  vatOfOrder,
} from '../src/tax';

describe('vatOfOrder', () => {
  it('computes docs/vat.md worked example: a 10 % coupon spread over two lines, shipping taxed', () => {
    const vat = vatOfOrder({
      lines: [
        { key: 'beans', lineFils: 90_00 },
        { key: 'capsules', lineFils: 32_50 },
      ],
      discountFils: 12_25,
      shippingFils: 15_00,
      rateBp: 500,
    });
    expect(vat.lines).toEqual([
      {
        key: 'beans',
        grossFils: 90_00,
        discountFils: 9_00,
        taxableFils: 77_14,
        vatFils: 3_86,
        totalFils: 81_00,
      },
      {
        key: 'capsules',
        grossFils: 32_50,
        discountFils: 3_25,
        taxableFils: 27_86,
        vatFils: 1_39,
        totalFils: 29_25,
      },
    ]);
    expect(vat.shipping).toEqual({ grossFils: 15_00, taxableFils: 14_29, vatFils: 71 });
    expect(vat.vatFils).toBe(5_96);
    expect(vat.taxableFils).toBe(119_29);
    expect(vat.totalFils).toBe(125_25);
  });

  it('rounds each line half up, not the order once', () => {
    // 3 fils at 100 %: 1.5 fils of VAT → 2 (half up); 1 fil → 0.5 → 1.
    expect(vatIncluded(3, 10_000)).toBe(2);
    expect(vatIncluded(1, 10_000)).toBe(1);
    // 10.49 AED at 5 %: 49.952… fils → 50; 10.39 AED: 49.476… → 49.
    expect(vatIncluded(10_49, 500)).toBe(50);
    expect(vatIncluded(10_39, 500)).toBe(49);
    const perLine = vatOfOrder({
      lines: [
        { key: 'a', lineFils: 10 },
        { key: 'b', lineFils: 10 },
      ],
      discountFils: 0,
      shippingFils: 0,
      rateBp: 500,
    });
    // Each 10 fils holds 0.476 fils of VAT → 0 per line, so the order's VAT is 0, not round(0.95) = 1.
    expect(perLine.vatFils).toBe(0);
    expect(perLine.totalFils).toBe(20);
  });

  it('spreads the discount by largest remainder so it adds up and no line goes below 0', () => {
    expect(allocateByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateByLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(allocateByLargestRemainder(3, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(allocateByLargestRemainder(5, [10, 0, 30])).toEqual([1, 0, 4]);
    const all = vatOfOrder({
      lines: [
        { key: 'a', lineFils: 7 },
        { key: 'b', lineFils: 13 },
      ],
      discountFils: 20,
      shippingFils: 0,
      rateBp: 500,
    });
    expect(all.lines.map((l) => l.totalFils)).toEqual([0, 0]);
    expect(all.vatFils).toBe(0);
  });

  it('has no VAT when the store is not registered (rate 0)', () => {
    const vat = vatOfOrder({
      lines: [{ key: 'a', lineFils: 100_00 }],
      discountFils: 5_00,
      shippingFils: 15_00,
      rateBp: 0,
    });
    expect(vat.vatFils).toBe(0);
    expect(vat.taxableFils).toBe(110_00);
    expect(vat.totalFils).toBe(110_00);
  });

  it('refuses a discount above the goods, fractions of a fils and rates outside 0–100 %', () => {
    const bad = [
      () => vatOfOrder({ lines: [{ key: 'a', lineFils: 5 }], discountFils: 6, shippingFils: 0, rateBp: 500 }),
      () =>
        vatOfOrder({ lines: [{ key: 'a', lineFils: 5.5 }], discountFils: 0, shippingFils: 0, rateBp: 500 }),
      () => vatOfOrder({ lines: [], discountFils: 0, shippingFils: -1, rateBp: 500 }),
      () => vatOfOrder({ lines: [], discountFils: 0, shippingFils: 0, rateBp: 10_001 }),
    ];
    for (const call of bad) {
      let caught: unknown;
      try {
        call();
      } catch (e) {
        caught = e;
      }
      expect(isVatInputError(caught)).toBe(true);
    }
  });
});

describe('creditOfLines', () => {
  const invoice = vatOfOrder({
    lines: [{ key: 'a', lineFils: 3 * 33_33 }],
    discountFils: 10_00,
    shippingFils: 15_00,
    rateBp: 500,
  });
  const line = { ...invoice.lines[0]!, quantity: 3 };

  it('credits one unit at a time and the three credits add up to the invoice line exactly', () => {
    const steps = [0, 1, 2].map((before) =>
      creditOfLines({
        lines: [{ ...line, creditedBefore: before, crediting: 1 }],
        shipping: null,
        rateBp: 500,
      }),
    );
    const sum = (f: (c: (typeof steps)[number]) => number) => steps.reduce((a, c) => a + f(c), 0);
    expect(sum((c) => c.lines[0]!.vatFils)).toBe(line.vatFils);
    expect(sum((c) => c.lines[0]!.taxableFils)).toBe(line.taxableFils);
    expect(sum((c) => c.lines[0]!.discountFils)).toBe(line.discountFils);
    expect(sum((c) => c.lines[0]!.grossFils)).toBe(line.grossFils);
    for (const step of steps) {
      expect(step.totalFils).toBe(step.taxableFils + step.vatFils);
      expect(step.lines[0]!.vatFils).toBeGreaterThanOrEqual(0);
      expect(step.lines[0]!.taxableFils).toBeGreaterThanOrEqual(0);
    }
  });

  it('gives shipping back whole when asked, and refuses crediting more than was invoiced', () => {
    const withShipping = creditOfLines({
      lines: [{ ...line, creditedBefore: 0, crediting: 3 }],
      shipping: invoice.shipping,
      rateBp: 500,
    });
    expect(withShipping.totalFils).toBe(invoice.totalFils);
    expect(withShipping.vatFils).toBe(invoice.vatFils);
    expect(() =>
      creditOfLines({ lines: [{ ...line, creditedBefore: 2, crediting: 2 }], shipping: null, rateBp: 500 }),
    ).toThrow(/cannot credit 2 after 2 of 3/);
  });
});
