/**
 * A list screen's filter lives in its URL (shareable, back button, works before any script loads).
 * These are the only place that reads it from the page's query and writes it back into links, so the
 * orders, payments and audit-log screens agree on what a filter URL looks like.
 */

export type QueryParams = Record<string, string | string[] | undefined>;

/** A contract field's rule, as the filter needs it: zod's `safeParse`, nothing more. */
interface FieldRule {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

/** The first value of `key`, trimmed; empty is absent (a form sends empty fields as `key=`). */
export function firstParam(params: QueryParams, key: string): string | undefined {
  const raw = params[key];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined;
}

/**
 * The filter from the page's query: each value kept only if the gateway's own contract accepts it,
 * so a typed or stale URL never turns into an error page (anything unknown is ignored).
 */
export function filterFromQuery<K extends string>(
  params: QueryParams,
  shape: Record<K, FieldRule>,
  keys: readonly K[] = Object.keys(shape) as K[],
): Partial<Record<K, string>> {
  const filter: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = firstParam(params, key);
    if (!value) continue;
    const parsed = shape[key].safeParse(value);
    if (parsed.success && typeof parsed.data === 'string' && parsed.data) filter[key] = parsed.data;
  }
  return filter;
}

/** A query string (no leading `?`) of the filter and extras; empty values dropped. */
export function queryOf(values: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}

/** Page `page` of a filtered list: the filter (`query`, no `?`) kept, page 1 without `page=`. */
export function pageHref(base: string, query: string, page: number): string {
  const q = new URLSearchParams(query);
  if (page > 1) q.set('page', String(page));
  else q.delete('page');
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}
