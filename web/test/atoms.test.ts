import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * shell/atoms.ts replaced jotai (the storefront's JavaScript budget). What the cart, wishlist, profile
 * and toasts rely on: values and updaters, derived values that stay the same object until what
 * they read changes, and stored values that render empty first (server and hydration agree) and
 * come from storage once the page subscribes — or before the first write, so an early dispatch
 * (a restored cart) adds to the stored cart instead of replacing it.
 */
type Atoms = typeof import('@/shell/atoms');
let atoms: Atoms;
const listeners = new Map<
  string,
  (e: { key: string; newValue: string | null; storageArea: unknown }) => void
>();

beforeAll(async () => {
  vi.stubGlobal('window', {
    addEventListener: (type: string, fn: never) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
  });
  atoms = await import('@/shell/atoms');
});

/** A cart badge: how many lines the atom holds. */
function Badge({ atom }: { atom: import('@/shell/atoms').Atom<string[]> }) {
  return createElement('span', null, atoms.useAtomValue(atom).length);
}

function memory(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('shell/atoms', () => {
  it('sets values, applies updaters and runs write atoms', () => {
    const { atom, store } = atoms;
    const count = atom(1);
    const add = atom(null, (get, set, n: number) => set(count, get(count) + n));
    store.set(count, (c) => c + 1);
    expect(store.get(count)).toBe(2);
    store.set(add, 5);
    expect(store.get(count)).toBe(7);
  });

  it('keeps a derived value the same object until an atom it read changes', () => {
    const { atom, store } = atoms;
    const items = atom([1, 2, 3]);
    const other = atom('x');
    const evens = atom((get) => get(items).filter((n) => n % 2 === 0));
    const first = store.get(evens);
    store.set(other, 'y');
    expect(store.get(evens)).toBe(first);
    store.set(items, [2, 4]);
    expect(store.get(evens)).toEqual([2, 4]);
    expect(store.get(evens)).not.toBe(first);
  });

  it('renders a stored atom empty on the server, then takes the stored value when subscribed, and writes through', () => {
    const { atomWithStorage, createJSONStorage, store } = atoms;
    const storage = memory({ cart: JSON.stringify(['stored']) });
    const cart = atomWithStorage<string[]>(
      'cart',
      [],
      createJSONStorage(() => storage),
    );
    expect(renderToString(createElement(Badge, { atom: cart }))).toBe('<span>0</span>');
    expect(store.get(cart)).toEqual([]);
    const seen: string[][] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.get(cart)));
    expect(store.get(cart)).toEqual(['stored']);
    store.set(cart, (items) => [...items, 'added']);
    expect(JSON.parse(storage.getItem('cart') ?? 'null')).toEqual(['stored', 'added']);
    expect(seen.at(-1)).toEqual(['stored', 'added']);
    // Another tab's change arrives through the storage event.
    listeners.get('storage')?.({
      key: 'cart',
      newValue: JSON.stringify(['other tab']),
      storageArea: storage,
    });
    expect(store.get(cart)).toEqual(['other tab']);
    unsubscribe();
  });

  it('reads the stored value before the first write, even with nothing subscribed yet', () => {
    const { atom, atomWithStorage, createJSONStorage, store } = atoms;
    const storage = memory({ wish: JSON.stringify(['a']) });
    const list = atomWithStorage<string[]>(
      'wish',
      [],
      createJSONStorage(() => storage),
    );
    const push = atom(null, (get, set, id: string) => set(list, [...get(list), id]));
    store.set(push, 'b');
    expect(JSON.parse(storage.getItem('wish') ?? 'null')).toEqual(['a', 'b']);
  });

  it('passes what it reads, stored or from another tab, through parse (the wishlist keeps only its own shape)', () => {
    const { atomWithStorage, createJSONStorage, store } = atoms;
    const storage = memory({ kept: JSON.stringify({ version: 'old', ids: ['x'] }) });
    const onlyStrings = (value: unknown) =>
      Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
    const kept = atomWithStorage<string[]>(
      'kept',
      [],
      createJSONStorage(() => storage, onlyStrings),
    );
    const unsubscribe = store.subscribe(() => {});
    expect(store.get(kept)).toEqual([]);
    listeners.get('storage')?.({
      key: 'kept',
      newValue: JSON.stringify(['a', 1, 'b']),
      storageArea: storage,
    });
    expect(store.get(kept)).toEqual(['a', 'b']);
    listeners.get('storage')?.({ key: 'kept', newValue: '{not json', storageArea: storage });
    expect(store.get(kept)).toEqual([]);
    unsubscribe();
  });
});
