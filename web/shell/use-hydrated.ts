import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** false during the server render and hydration, true after: for values only the browser knows (the cart). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
