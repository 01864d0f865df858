import { describe, expect, it } from 'vitest';
import { phoneSearchDigits } from '../src/customers/phone-search';

describe('phoneSearchDigits (the customers search, docs/customers-reviews.md)', () => {
  it('reduces every way of writing a UAE mobile to its national digits', () => {
    for (const q of ['050 123 4567', '+971 50 123 4567', '00971501234567', '(050) 123-4567', '501234567']) {
      expect(phoneSearchDigits(q), q).toBe('501234567');
    }
  });

  it('keeps a partial number as typed, minus a trunk zero', () => {
    expect(phoneSearchDigits('4567')).toBe('4567');
    expect(phoneSearchDigits('765-4321')).toBe('7654321');
  });

  it('is not a phone: letters, an e-mail, fewer than four digits, empty', () => {
    for (const q of ['fatima', 'omar@example.ae', '123', '', '+', '50a1234567']) {
      expect(phoneSearchDigits(q), q).toBeNull();
    }
  });
});
