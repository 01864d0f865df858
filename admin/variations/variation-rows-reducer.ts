import type { Variation } from '@qahwa/schema/catalogue';
import { duplicateVariation, isUnsavedVariation, tempVariationId } from '@qahwa/schema/catalogue';
import { localize } from '@qahwa/schema/messages';
import type { Locale } from '@qahwa/schema/money';
import { VALIDATION_MESSAGES } from '@qahwa/schema/validation';

export const variationMessage = (code: keyof typeof VALIDATION_MESSAGES, locale: Locale) =>
  localize(VALIDATION_MESSAGES[code], locale);
let tempCounter = 0;
/** A fresh temp row id (a row only this page knows). */
export const nextTempId = () => tempVariationId(`${Date.now()}_${++tempCounter}`);
/** A copy of a row as a new temp row. */
export const duplicateRow = (row: Variation) => duplicateVariation(row, `${Date.now()}_${++tempCounter}`);

/** Every change the table's rows go through, local (temp rows) or as the server answered. */
export type RowsAction =
  | { type: 'loaded'; list: Variation[] }
  | { type: 'reset'; rows: Variation[] }
  | { type: 'added'; row: Variation }
  | { type: 'replaced'; id: string; row: Variation }
  | { type: 'removed'; id: string }
  | { type: 'saved'; rows: Map<string, Variation> };

export function rowsReducer(rows: Variation[], action: RowsAction): Variation[] {
  switch (action.type) {
    // The server's rows, then the temp rows not yet saved (they live only here).
    case 'loaded':
      return [...action.list, ...rows.filter(isUnsavedVariation)];
    case 'reset':
      return action.rows;
    case 'added':
      return [...rows, action.row];
    case 'replaced':
      return rows.map((r) => (r.id === action.id ? action.row : r));
    case 'removed':
      return rows.filter((r) => r.id !== action.id);
    case 'saved':
      return rows.map((r) => action.rows.get(r.id) ?? r);
  }
}
