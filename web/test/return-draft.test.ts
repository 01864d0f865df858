import type { ReturnableLine } from '@qahwa/schema/returns';
import { ReturnRequestBody } from '@qahwa/schema/returns';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  offeredLines,
  requestOf,
  setQuantity,
  toggleLine,
  variationOf,
} from '@/returns/return-draft';

const line = (id: string, over: Partial<ReturnableLine> = {}): ReturnableLine => ({
  orderItemId: id,
  name: `Coffee ${id}`,
  nameAr: `قهوة ${id}`,
  variation: { weight: '250g', beans: 'Arabica', additions: null },
  unitFils: 4500,
  ordered: 3,
  returnable: 3,
  openReturn: null,
  ...over,
});

const A = '0b5c2f0e-8d1a-4c53-9f1e-2a6b7c8d9e01';
const B = '0b5c2f0e-8d1a-4c53-9f1e-2a6b7c8d9e02';
const C = '0b5c2f0e-8d1a-4c53-9f1e-2a6b7c8d9e03';

describe("the return form's draft", () => {
  const lines = [line(A), line(B, { returnable: 0 }), line(C, { openReturn: 'RT-100001' })];

  it('offers only lines with something left to return and no open return', () => {
    expect(offeredLines(lines).map((l) => l.orderItemId)).toEqual([A]);
  });

  it('refuses to send nothing, or without a reason, and names the field of each refusal', () => {
    expect(requestOf(EMPTY_DRAFT, lines)).toEqual({
      ok: false,
      errors: { lines: 'noLines', reason: 'reasonRequired' },
    });
    const chosen = toggleLine(EMPTY_DRAFT, A, true);
    expect(requestOf(chosen, lines)).toEqual({ ok: false, errors: { reason: 'reasonRequired' } });
  });

  it('refuses a note past the limit and a photo still uploading', () => {
    const draft = { ...toggleLine(EMPTY_DRAFT, A, true), reason: 'DAMAGED' as const, note: 'x'.repeat(1001) };
    expect(requestOf({ ...draft, photoBusy: true }, lines)).toEqual({
      ok: false,
      errors: { note: 'noteTooLong', photo: 'waitForPhoto' },
    });
  });

  it('never sends a line the form does not offer, even if the draft names it', () => {
    const draft = { ...EMPTY_DRAFT, chosen: { [C]: 1, [B]: 1 }, reason: 'OTHER' as const };
    expect(requestOf(draft, lines)).toEqual({ ok: false, errors: { lines: 'noLines' } });
  });

  it('keeps a quantity between one and what may be returned', () => {
    let draft = toggleLine(EMPTY_DRAFT, A, true);
    expect(draft.chosen[A]).toBe(1);
    draft = setQuantity(draft, line(A), 9);
    expect(draft.chosen[A]).toBe(3);
    draft = setQuantity(draft, line(A), 0);
    expect(draft.chosen[A]).toBe(1);
    // Un-choosing drops the line; a quantity for a line not chosen changes nothing.
    draft = toggleLine(draft, A, false);
    expect(draft.chosen).toEqual({});
    expect(setQuantity(draft, line(A), 2)).toBe(draft);
  });

  it("builds the gateway's request body: chosen lines, reason, trimmed note, photo", () => {
    const draft = {
      ...setQuantity(toggleLine(EMPTY_DRAFT, A, true), line(A), 2),
      reason: 'WRONG_ITEM' as const,
      note: '  The bag was torn  ',
      photoUrl: `/api/uploads/files/${'a'.repeat(64)}.jpg`,
    };
    const out = requestOf(draft, lines);
    expect(out).toEqual({
      ok: true,
      body: {
        lines: [{ orderItemId: A, quantity: 2 }],
        reason: 'WRONG_ITEM',
        note: 'The bag was torn',
        photoUrl: `/api/uploads/files/${'a'.repeat(64)}.jpg`,
      },
    });
    // The gateway's own contract takes it as it is.
    expect(out.ok && ReturnRequestBody.safeParse(out.body).success).toBe(true);
    // No note and no photo: the fields are left out, not sent empty.
    const bare = requestOf({ ...draft, note: '   ', photoUrl: null }, lines);
    expect(bare.ok && bare.body).toEqual({ lines: [{ orderItemId: A, quantity: 2 }], reason: 'WRONG_ITEM' });
  });

  it('writes a variation as one short text, leaving out what it does not have', () => {
    expect(variationOf({ weight: '250g', beans: 'Arabica', additions: null })).toBe('250g · Arabica');
    expect(variationOf({ weight: null, beans: null, additions: null })).toBe('');
  });
});
