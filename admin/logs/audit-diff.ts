/** One line of an audit entry's change: a field, what it was, what it became. */
export interface DiffLine {
  path: string;
  before: string | null;
  after: string | null;
  kind: 'added' | 'removed' | 'changed' | 'same';
}

const MAX_DEPTH = 4;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function show(v: unknown): string | null {
  if (v === undefined) return null;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * A readable diff of an audit entry's before and after (the logs screen's entries expand to show
 * it, docs/payments-logs.md): nested objects flattened to dotted paths, arrays and deeper values compared
 * whole, unchanged fields kept (marked) so staff see the row as it was.
 */
export function auditDiff(before: unknown, after: unknown, prefix = '', depth = 0): DiffLine[] {
  if (
    (isPlainObject(before) || before == null) &&
    (isPlainObject(after) || after == null) &&
    depth < MAX_DEPTH
  ) {
    if (before == null && after == null) return [];
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
    return keys.flatMap((k) => {
      const path = prefix ? `${prefix}.${k}` : k;
      if (isPlainObject(b[k]) || isPlainObject(a[k])) return auditDiff(b[k], a[k], path, depth + 1);
      return [line(path, b[k], a[k], Object.hasOwn(b, k), Object.hasOwn(a, k))];
    });
  }
  return [line(prefix || '—', before, after, before !== undefined, after !== undefined)];
}

function line(path: string, b: unknown, a: unknown, hadBefore: boolean, hasAfter: boolean): DiffLine {
  const before = hadBefore ? show(b) : null;
  const after = hasAfter ? show(a) : null;
  const kind = !hadBefore ? 'added' : !hasAfter ? 'removed' : before === after ? 'same' : 'changed';
  return { path, before, after, kind };
}
