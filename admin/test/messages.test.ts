import { describe, expect, it } from 'vitest';
import ar from '@/messages/ar';
import en from '@/messages/en';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** The distinct placeholders: plural branches may use one more or less often per language (Arabic has six forms). */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)/g)].map((m) => m[1] ?? ''))].sort();
}

const enLeaves = leaves(en as Tree);
const arLeaves = leaves(ar as Tree);

describe('admin messages', () => {
  it('have the same keys in English and Arabic', () => {
    expect([...arLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it('have no empty text', () => {
    for (const [key, text] of [...enLeaves, ...arLeaves]) expect(text.trim(), key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of enLeaves)
      expect(placeholders(arLeaves.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('are really translated: Arabic text is in Arabic script', () => {
    // Names that are the same in both (language names, the Tabby brand in English) are exempt.
    const sameByDesign = new Set(['LanguageMenu.en', 'LanguageMenu.ar']);
    for (const [key, text] of arLeaves) {
      if (sameByDesign.has(key)) continue;
      expect(/[\u0600-\u06FF]/.test(text), `${key}: ${text}`).toBe(true);
    }
  });

  it('keep the SPEC 2.8 texts the e2e test and staff rely on', () => {
    expect(en.Dashboard.noOrders).toBe('No orders yet');
    expect(en.Dashboard.noData).toBe('No data available');
    expect(en.OrdersTable.empty).toBe('No orders yet');
    expect(en.ErrorFallback).toMatchObject({
      title: 'Something went wrong',
      refresh: 'Refresh Page',
      back: 'Go Back',
    });
    expect(en.LoginForm).toMatchObject({ email: 'Email', password: 'Password', submit: 'Sign in' });
    expect(en.Menu.orders).toBe('Orders');
    expect(en.LanguageMenu.label).toBe('Language');
    expect(ar.LanguageMenu.label).toBe('اللغة');
  });

  it('label every menu entry in both languages', async () => {
    const { MENU } = await import('@/menu');
    for (const entry of MENU) {
      expect(en.Menu[entry.id], entry.id).toBeTruthy();
      expect(ar.Menu[entry.id], entry.id).toBeTruthy();
    }
  });
});
