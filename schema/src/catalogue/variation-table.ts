import { VARIATION_DEFAULT_PAGE_SIZE, VARIATION_PAGE_SIZES } from '../reference/constants';
import type { Variation } from './product';

/** SPEC 3: unsaved variations have an id starting with temp_ and productId temp. */
export const TEMP_ID_PREFIX = 'temp_';
export const TEMP_PRODUCT_ID = 'temp';

export function tempVariationId(unique: string | number): string {
  return `${TEMP_ID_PREFIX}${unique}`;
}

export function isUnsavedVariation(v: Pick<Variation, 'id'>): boolean {
  return v.id.startsWith(TEMP_ID_PREFIX);
}

/** SPEC 4: an unsaved copy with a new temp id; an existing SKU gets _copy appended. */
export function duplicateVariation(row: Variation, unique: string | number): Variation {
  return {
    ...row,
    id: tempVariationId(unique),
    productId: TEMP_PRODUCT_ID,
    sku: row.sku ? `${row.sku}_copy` : row.sku,
  };
}

/**
 * SPEC 4 bulk discount: the percentage (0..100) becomes the discount of the selected rows,
 * stored as a fraction with type PERCENTAGE like every discount the editor writes.
 */
export function applyBulkDiscount(
  rows: readonly Variation[],
  selectedIds: ReadonlySet<string>,
  percent: number,
): Variation[] {
  if (!(percent >= 0 && percent <= 100)) throw new RangeError(`Bulk discount must be 0..100, got ${percent}`);
  return rows.map((r) =>
    selectedIds.has(r.id) ? { ...r, discount: percent / 100, discountType: 'PERCENTAGE' } : r,
  );
}

export type PageSize = (typeof VARIATION_PAGE_SIZES)[number];

export function normalizePageSize(size: number): PageSize {
  return (VARIATION_PAGE_SIZES as readonly number[]).includes(size)
    ? (size as PageSize)
    : VARIATION_DEFAULT_PAGE_SIZE;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of a 1-based page; a page past the end shows the last page. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const last = pageCount(rows.length, pageSize);
  const p = Math.min(Math.max(1, Math.floor(page)), last);
  return rows.slice((p - 1) * pageSize, p * pageSize);
}

/**
 * SPEC 2.3 numbered buttons: first, last, the current page and its neighbours, with an ellipsis
 * for each gap of more than one page (a gap of exactly one page shows that page instead).
 */
export function pageButtons(current: number, total: number): (number | 'ellipsis')[] {
  const keep = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const pages = [...keep].sort((a, b) => a - b);
  const out: (number | 'ellipsis')[] = [];
  let prev = 0;
  for (const p of pages) {
    if (p - prev === 2) out.push(prev + 1);
    else if (p - prev > 2) out.push('ellipsis');
    out.push(p);
    prev = p;
  }
  return out;
}
