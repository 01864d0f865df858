import { addDays } from '../reference/gulf-time';

/**
 * A shipping rule's estimatedDays as staff type it: "1-3" → [1, 3]; "2" → [2, 2] (an en dash
 * too); anything else (free text such as "Next day") → null, shown as typed rather than guessed.
 */
export function deliveryDays(estimatedDays: string): [number, number] | null {
  const m = /^\s*(\d{1,2})\s*(?:[-–]\s*(\d{1,2}))?\s*$/.exec(estimatedDays);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  return from <= to ? [from, to] : null;
}

/** The estimated delivery as calendar days in Dubai (YYYY-MM-DD), both ends included. */
export interface DeliveryWindow {
  from: string;
  to: string;
}

/**
 * The estimated delivery of an order placed on `placed` (its day in Dubai, `gulfDate`): the rule's
 * days counted from that day (calendar days, as the rule is written). Null without a rule or when
 * its days are free text. One rule for every screen that tells it: the checkout's summary before
 * the order (counted from today), the confirmation and the order's page after it.
 */
export function deliveryWindow(
  estimatedDays: string | null | undefined,
  placed: string,
): DeliveryWindow | null {
  const days = estimatedDays ? deliveryDays(estimatedDays) : null;
  if (!days) return null;
  return { from: addDays(placed, days[0]), to: addDays(placed, days[1]) };
}
