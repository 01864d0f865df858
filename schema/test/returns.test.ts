import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  isOpenReturn,
  RETURN_PHOTO_PATTERN,
  ReturnRequestBody,
  refundsShipping,
  returnDeadline,
} from '../src/returns';

/** The return policy's pure rules (docs/returns.md). */
describe('returns rules', () => {
  it('counts UAE working days, Monday to Friday, on Gulf time', () => {
    // Friday 15:00 in Dubai (11:00 UTC) + 2 working days = Tuesday 15:00.
    expect(addWorkingDays(new Date('2026-11-27T11:00:00Z'), 2).toISOString()).toBe(
      '2026-12-01T11:00:00.000Z',
    );
    // Saturday + 2 = Tuesday; Monday + 2 = Wednesday.
    expect(addWorkingDays(new Date('2026-11-28T11:00:00Z'), 2).toISOString()).toBe(
      '2026-12-01T11:00:00.000Z',
    );
    expect(addWorkingDays(new Date('2026-11-23T11:00:00Z'), 2).toISOString()).toBe(
      '2026-11-25T11:00:00.000Z',
    );
    // Friday 23:00 in Dubai is Friday (19:00 UTC), not Saturday.
    expect(addWorkingDays(new Date('2026-11-27T19:00:00Z'), 1).toISOString()).toBe(
      '2026-11-30T19:00:00.000Z',
    );
  });

  it('gives shipping back only when the store was at fault', () => {
    expect(refundsShipping('DAMAGED')).toBe(true);
    expect(refundsShipping('WRONG_ITEM')).toBe(true);
    expect(refundsShipping('NOT_AS_DESCRIBED')).toBe(false);
    expect(refundsShipping('CHANGED_MIND')).toBe(false);
    expect(refundsShipping('OTHER')).toBe(false);
  });

  it('closes the window 30 days after delivery and keeps requested, approved and received open', () => {
    expect(returnDeadline(new Date('2026-11-01T10:00:00Z')).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(['requested', 'approved', 'received'].every((s) => isOpenReturn(s as never))).toBe(true);
    expect(['rejected', 'refunded', 'expired'].some((s) => isOpenReturn(s as never))).toBe(false);
  });

  it('takes only photos the store holds', () => {
    expect(RETURN_PHOTO_PATTERN.test(`/api/uploads/files/${'a'.repeat(64)}.jpg`)).toBe(true);
    expect(RETURN_PHOTO_PATTERN.test('https://res.cloudinary.com/qahwa/image/upload/v1/returns/x.png')).toBe(
      true,
    );
    expect(RETURN_PHOTO_PATTERN.test('https://evil.example/x.png')).toBe(false);
    expect(RETURN_PHOTO_PATTERN.test(`/api/uploads/files/${'a'.repeat(64)}.svg`)).toBe(false);
  });

  it('trims the note and drops an empty one', () => {
    const body = ReturnRequestBody.parse({
      lines: [{ orderItemId: '00000000-0000-4000-8000-000000000001', quantity: 1 }],
      reason: 'OTHER',
      note: '   ',
    });
    expect(body.note).toBeUndefined();
  });
});
