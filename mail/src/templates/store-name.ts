import { DEFAULT_SETTINGS } from '@qahwa/schema/settings';
import { createContext, useContext } from 'react';
import type { MailLocale } from '../types';

/** The store's name in both languages, as staff set it (Settings → Store; docs/email.md). */
export interface StoreName {
  en: string;
  ar: string;
}

/** A fresh store's name: the brand as its logo writes it. */
export const DEFAULT_STORE_NAME: StoreName = DEFAULT_SETTINGS.store.name;

/**
 * The name every template writes where the copy says `{store}`: the brand bar, the footer, the
 * subjects and sentences that name the store. Given by renderEmail for the one render.
 */
export const StoreNameContext = createContext<StoreName>(DEFAULT_STORE_NAME);

const STORE = /\{store\}/g;

/** `{store}` in a text filled with the name (a subject, a sentence). */
export const fillStore = (text: string, name: string): string => text.replace(STORE, name);

const filled = new WeakMap<object, Map<string, unknown>>();

/**
 * A copy table with `{store}` filled in each of its texts and in what each of its functions
 * returns. Made once per table and name (a name changes when staff rename the store, rarely).
 */
export function withStoreName<T extends object>(copy: T, name: string): T {
  let byName = filled.get(copy);
  if (!byName) {
    byName = new Map();
    filled.set(copy, byName);
  }
  const hit = byName.get(name);
  if (hit) return hit as T;
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') return fillStore(v, name);
    if (typeof v === 'function') {
      return (...args: unknown[]) => {
        const out = (v as (...a: unknown[]) => unknown)(...args);
        return typeof out === 'string' ? fillStore(out, name) : out;
      };
    }
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, fill(inner)]));
    }
    return v;
  };
  const result = fill(copy) as T;
  // A handful of names at most in a process's life; a bound all the same.
  if (byName.size > 8) byName.clear();
  byName.set(name, result);
  return result;
}

/** The store's name in the mail's language, inside a template. */
export function useStoreName(locale: MailLocale): string {
  return useContext(StoreNameContext)[locale];
}
