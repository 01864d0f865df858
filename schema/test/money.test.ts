import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardProviderAmount,
  divRound,
  filsToDecimalString,
  formatAed,
  percentOf,
  toAed,
  toFils,
} from '../src/money/money';

describe('money', () => {
  it.each([
    [12.345, 1235],
    [12.344, 1234],
    [-12.345, -1235],
    [0.1 + 0.2, 30],
    ['19.99', 1999],
    ['5000', 500000],
    [0.005, 1],
    [-0.004, 0],
  ])('toFils(%s) = %i (half away from zero)', (aed, fils) => {
    expect(toFils(aed)).toBe(fils);
  });

  it('never yields negative zero', () => {
    expect(Object.is(toFils(-0.001), 0)).toBe(true);
    expect(Object.is(divRound(-1, 4), 0)).toBe(true);
  });

  it.each([
    [199.99, 19999],
    [25, 2500],
    [0.015, 2],
  ])('card provider amount of %s AED is %i', (aed, amount) => {
    expect(cardProviderAmount(aed)).toBe(amount);
  });

  it('formats with 2 decimals and Latin digits in both languages', () => {
    expect(formatAed(123450, 'en')).toBe('AED 1,234.50');
    expect(formatAed(123450, 'ar')).toBe('1,234.50 د.إ');
    expect(filsToDecimalString(5)).toBe('0.05');
    expect(filsToDecimalString(-250)).toBe('-2.50');
  });

  it('property: the card amount is always an integer, equal to the total × 100 rounded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 999 }),
        (whole, thousandths) => {
          const aed = whole / 100 + thousandths / 100_000;
          const amount = cardProviderAmount(aed);
          expect(Number.isInteger(amount)).toBe(true);
          expect(Math.abs(amount - aed * 100)).toBeLessThanOrEqual(0.5 + 1e-6);
        },
      ),
    );
  });

  it('property: rounding always lands on 2 decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (aed) => {
        const fils = toFils(aed);
        expect(Number.isInteger(fils)).toBe(true);
        expect(filsToDecimalString(fils)).toMatch(/^-?\d+\.\d{2}$/);
        expect(toAed(fils).toFixed(2)).toBe(filsToDecimalString(fils).replace(/^-0\.00$/, '0.00'));
        expect(Math.round(toAed(fils) * 100)).toBe(fils);
      }),
    );
  });

  it('property: percentOf stays between 0 and the amount for 0..100 %', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (fils, bp) => {
          const p = percentOf(fils, bp);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(fils);
        },
      ),
    );
  });
});
