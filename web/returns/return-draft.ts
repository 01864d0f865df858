import type { ReturnableLine, ReturnReason } from '@qahwa/schema/returns';
import { RETURN_NOTE_MAX, RETURN_REASONS } from '@qahwa/schema/returns';

/**
 * The return form's state and its checks, without React: what the shopper chose, and whether it
 * can be sent. The gateway checks everything again (quantities against what was delivered, one open
 * return per line, the 30 days); these only spare the shopper a round trip for what the page knows.
 */
export interface ReturnDraft {
  /** orderItemId → quantity to return; a line not in here is not chosen. */
  chosen: Record<string, number>;
  reason: ReturnReason | '';
  note: string;
  /** The uploaded photo's address (the gateway's answer), when one was added. */
  photoUrl: string | null;
  /** A photo is still uploading: sending now would lose it. */
  photoBusy: boolean;
}

/** What the form sends: `POST /api/orders/track/:token/returns` (@qahwa/schema's ReturnRequestBody, as sent). */
export interface ReturnRequest {
  lines: { orderItemId: string; quantity: number }[];
  reason: ReturnReason;
  note?: string;
  photoUrl?: string;
}

export const EMPTY_DRAFT: ReturnDraft = {
  chosen: {},
  reason: '',
  note: '',
  photoUrl: null,
  photoBusy: false,
};

export type DraftError = 'noLines' | 'reasonRequired' | 'noteTooLong' | 'waitForPhoto';
export type DraftField = 'lines' | 'reason' | 'note' | 'photo';

/** Lines the form offers: something left to return, and no open return holding them. */
export function offeredLines(lines: readonly ReturnableLine[]): ReturnableLine[] {
  return lines.filter((l) => l.returnable > 0 && l.openReturn === null);
}

/** Chooses or un-chooses a line; a chosen line starts at one unit. */
export function toggleLine(draft: ReturnDraft, orderItemId: string, on: boolean): ReturnDraft {
  const chosen = { ...draft.chosen };
  if (on) chosen[orderItemId] = chosen[orderItemId] ?? 1;
  else delete chosen[orderItemId];
  return { ...draft, chosen };
}

/** Sets a chosen line's quantity, kept within 1 and what may be returned of it. */
export function setQuantity(
  draft: ReturnDraft,
  line: Pick<ReturnableLine, 'orderItemId' | 'returnable'>,
  quantity: number,
): ReturnDraft {
  if (!(line.orderItemId in draft.chosen)) return draft;
  const q = Math.min(Math.max(Math.trunc(quantity) || 1, 1), line.returnable);
  return { ...draft, chosen: { ...draft.chosen, [line.orderItemId]: q } };
}

/** The request the gateway takes, or what stops it, by field (in the order the form shows them). */
export function requestOf(
  draft: ReturnDraft,
  lines: readonly ReturnableLine[],
): { ok: true; body: ReturnRequest } | { ok: false; errors: Partial<Record<DraftField, DraftError>> } {
  const offered = offeredLines(lines);
  const chosen = offered.filter((l) => (draft.chosen[l.orderItemId] ?? 0) > 0);
  const note = draft.note.trim();
  const errors: Partial<Record<DraftField, DraftError>> = {};
  if (chosen.length === 0) errors.lines = 'noLines';
  if (!(RETURN_REASONS as readonly string[]).includes(draft.reason)) errors.reason = 'reasonRequired';
  if (note.length > RETURN_NOTE_MAX) errors.note = 'noteTooLong';
  if (draft.photoBusy) errors.photo = 'waitForPhoto';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      lines: chosen.map((l) => ({
        orderItemId: l.orderItemId,
        quantity: Math.min(draft.chosen[l.orderItemId] ?? 1, l.returnable),
      })),
      reason: draft.reason as ReturnReason,
      ...(note ? { note } : {}),
      ...(draft.photoUrl ? { photoUrl: draft.photoUrl } : {}),
    },
  };
}

/** A line's variation as one short text ("250g · Arabica · Normal"), in the order's words. */
export function variationOf(v: {
  weight: string | null;
  beans: string | null;
  additions: string | null;
}): string {
  return [v.weight, v.beans, v.additions].filter((part): part is string => Boolean(part)).join(' · ');
}
