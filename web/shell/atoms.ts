import { useCallback, useSyncExternalStore } from 'react';

/**
 * The storefront's shared client state (cart, wishlist, profile, toasts, open panels): the part of
 * jotai's API we use — `atom`, `atomWithStorage`, `createJSONStorage`, `useAtom`,
 * `useAtomValue`, `useSetAtom` — over one store per tab and React's `useSyncExternalStore`.
 *
 * Why not jotai itself: its store, React bindings and utils were 4.6 KB compressed on every page,
 * against the 150 KB per route budget (docs/performance.md). The semantics kept:
 * - a primitive atom holds a value (an updater function gets the previous one);
 * - a derived atom is recomputed only when an atom it read changed (so its value is stable
 *   between changes, as `useSyncExternalStore` requires);
 * - a stored atom renders its initial value first on the server and the client alike (no
 *   hydration mismatch), takes the stored value once something subscribes (after hydration),
 *   writes every change through, and follows other tabs through the storage's `subscribe`.
 * The server renders from the initial values only and never writes, so one module-level store
 * leaks nothing between shoppers.
 */

export type Getter = <V>(atom: Atom<V>) => V;
export type Setter = <V, Args extends unknown[]>(atom: WritableAtom<V, Args>, ...args: Args) => void;

export interface Atom<V> {
  read: (get: Getter) => V;
}
export interface WritableAtom<V, Args extends unknown[]> extends Atom<V> {
  write: (get: Getter, set: Setter, ...args: Args) => void;
}
export type SetStateAction<V> = V | ((previous: V) => V);
export type PrimitiveAtom<V> = WritableAtom<V, [SetStateAction<V>]>;

/** jotai's synchronous storage shape. */
export interface SyncStorage<V> {
  getItem: (key: string, initial: V) => V;
  setItem: (key: string, value: V) => void;
  removeItem: (key: string) => void;
  subscribe?: (key: string, callback: (value: V) => void, initial: V) => () => void;
}

/** What the store knows about an atom beyond its read and write. */
interface Internals {
  /** Present on primitive atoms: the value before any write. */
  primitive?: { init: unknown };
  /** Stored atoms: called after a write with the new value. */
  onSet?: (value: unknown) => void;
  /** Stored atoms: loads the stored value and starts following other tabs. */
  hydrate?: () => void;
}
type AnyAtom = Atom<unknown> & Partial<WritableAtom<unknown, unknown[]>> & Internals;

interface State {
  values: Map<AnyAtom, unknown>;
  derived: Map<AnyAtom, { value: unknown; deps: [AnyAtom, unknown][] }>;
}
const live: State = { values: new Map(), derived: new Map() };
/** Never written: what the server rendered, for hydration. */
const initial: State = { values: new Map(), derived: new Map() };
const listeners = new Set<() => void>();
const unhydrated = new Set<AnyAtom>();

function read<V>(state: State, atom: Atom<V>): V {
  const a = atom as AnyAtom;
  if (a.primitive) return (state.values.has(a) ? state.values.get(a) : a.primitive.init) as V;
  const cached = state.derived.get(a);
  if (cached?.deps.every(([dep, value]) => Object.is(read(state, dep), value))) return cached.value as V;
  const deps: [AnyAtom, unknown][] = [];
  const value = a.read(<D>(dep: Atom<D>) => {
    const v = read(state, dep);
    deps.push([dep as AnyAtom, v]);
    return v;
  });
  state.derived.set(a, { value, deps });
  return value as V;
}

const get: Getter = (atom) => read(live, atom);

function notify() {
  for (const listener of [...listeners]) listener();
}

function setPrimitive(a: AnyAtom, update: unknown) {
  const previous = read(live, a);
  const value = typeof update === 'function' ? (update as (p: unknown) => unknown)(previous) : update;
  if (Object.is(value, previous)) return;
  live.values.set(a, value);
  a.onSet?.(value);
  notify();
}

/** Stored atoms take their stored values: once something subscribes, or before the first write. */
function hydratePending() {
  for (const a of [...unhydrated]) {
    unhydrated.delete(a);
    a.hydrate?.();
  }
}

const set: Setter = (atom, ...args) => {
  // A write (always in an effect or an event, never while rendering) must start from the stored
  // value, not the initial one: an effect may dispatch before anything has subscribed.
  hydratePending();
  const a = atom as AnyAtom;
  if (a.write) a.write(get, set, ...args);
  else if (a.primitive) setPrimitive(a, args[0]);
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Subscriptions start after hydration: the moment stored atoms may take their stored values.
  hydratePending();
  return () => listeners.delete(listener);
}

export function atom<V>(read: (get: Getter) => V): Atom<V>;
export function atom<V, Args extends unknown[]>(
  read: (get: Getter) => V,
  write: (get: Getter, set: Setter, ...args: Args) => void,
): WritableAtom<V, Args>;
export function atom<V, Args extends unknown[]>(
  init: V,
  write: (get: Getter, set: Setter, ...args: Args) => void,
): WritableAtom<V, Args>;
export function atom<V>(init: V): PrimitiveAtom<V>;
export function atom(
  readOrInit: unknown,
  write?: (get: Getter, set: Setter, ...args: unknown[]) => void,
): AnyAtom {
  if (typeof readOrInit === 'function') return { read: readOrInit as (get: Getter) => unknown, write };
  const a: AnyAtom = { read: () => readOrInit, primitive: { init: readOrInit }, write };
  return a;
}

/**
 * jotai's JSON storage, plus `parse`: what was read (this tab's or another's) passes through it, so
 * a stored value of an old or foreign shape becomes a valid one (the wishlist's versioned list).
 */
export function createJSONStorage<V>(
  getStringStorage: () => Storage,
  parse: (value: unknown) => V = (value) => value as V,
): SyncStorage<V> {
  return {
    getItem(key, init) {
      try {
        const raw = getStringStorage().getItem(key);
        return raw === null ? init : parse(JSON.parse(raw));
      } catch {
        return init;
      }
    },
    setItem(key, value) {
      try {
        getStringStorage().setItem(key, JSON.stringify(value));
      } catch {
        // Quota or disabled storage: the value lasts this page view.
      }
    },
    removeItem(key) {
      try {
        getStringStorage().removeItem(key);
      } catch {
        // see above
      }
    },
    subscribe(key, callback, init) {
      if (typeof window === 'undefined') return () => {};
      const onStorage = (e: StorageEvent) => {
        if (e.key !== key || e.storageArea !== getStringStorage()) return;
        try {
          callback(e.newValue === null ? init : parse(JSON.parse(e.newValue)));
        } catch {
          callback(init);
        }
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}

export function atomWithStorage<V>(
  key: string,
  init: V,
  storage: SyncStorage<V> = createJSONStorage<V>(() => window.localStorage),
): PrimitiveAtom<V> {
  const a: AnyAtom = { read: () => init, primitive: { init } };
  a.onSet = (value) => storage.setItem(key, value as V);
  a.hydrate = () => {
    // Taken without writing it back; another tab's change arrives the same way.
    const take = (value: V) => {
      if (Object.is(read(live, a), value)) return;
      live.values.set(a, value);
      notify();
    };
    take(storage.getItem(key, init));
    storage.subscribe?.(key, take, init);
  };
  if (typeof window !== 'undefined') unhydrated.add(a);
  return a as unknown as PrimitiveAtom<V>;
}

export function useAtomValue<V>(atom: Atom<V>): V {
  return useSyncExternalStore(
    subscribe,
    () => read(live, atom),
    () => read(initial, atom),
  );
}

export function useSetAtom<V, Args extends unknown[]>(atom: WritableAtom<V, Args>): (...args: Args) => void {
  return useCallback((...args: Args) => set(atom, ...args), [atom]);
}

export function useAtom<V, Args extends unknown[]>(
  atom: WritableAtom<V, Args>,
): [V, (...args: Args) => void] {
  return [useAtomValue(atom), useSetAtom(atom)];
}

/** The live store outside React (tests, and code that reads once): read, write, subscribe. */
export const store = { get, set, subscribe };
