import { describe, expect, it } from 'vitest';
import { auditDiff } from '@/logs/audit-diff';

describe('the audit entry diff', () => {
  it('marks changed, added, removed and unchanged fields, nested ones by their dotted path', () => {
    const lines = auditDiff(
      { name: 'Colombian', price: 45, seo: { title: 'Old', slug: 'co' }, tags: ['a'] },
      { name: 'Colombian', price: 50, seo: { title: 'New', slug: 'co' }, stock: 3, tags: ['a', 'b'] },
    );
    expect(lines).toEqual([
      { path: 'name', before: 'Colombian', after: 'Colombian', kind: 'same' },
      { path: 'price', before: '45', after: '50', kind: 'changed' },
      { path: 'seo.slug', before: 'co', after: 'co', kind: 'same' },
      { path: 'seo.title', before: 'Old', after: 'New', kind: 'changed' },
      { path: 'stock', before: null, after: '3', kind: 'added' },
      { path: 'tags', before: '["a"]', after: '["a","b"]', kind: 'changed' },
    ]);
  });

  it('shows a create as all added and a delete as all removed; a bare value as one line', () => {
    expect(auditDiff(null, { state: 'queued' })).toEqual([
      { path: 'state', before: null, after: 'queued', kind: 'added' },
    ]);
    expect(auditDiff({ state: 'dead' }, null)).toEqual([
      { path: 'state', before: 'dead', after: null, kind: 'removed' },
    ]);
    expect(auditDiff('new', 'processing')).toEqual([
      { path: '—', before: 'new', after: 'processing', kind: 'changed' },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
  });
});
