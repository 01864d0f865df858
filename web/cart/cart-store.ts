import type { CartItem, StoredCart } from '@qahwa/schema/cart';
import {
  addItem,
  decrementItem,
  emptyCart,
  loadStoredCart,
  removeItem,
  setQuantity,
} from '@qahwa/schema/cart';
import { CART_STORAGE_KEY, CART_VERSION } from '@qahwa/schema/reference';
import { atom, atomWithStorage, createJSONStorage, type SyncStorage } from '@/shell/atoms';

/**
 * The cart lives in localStorage under a versioned key (SPEC 3, 4). The rules themselves are
 * @qahwa/schema's; this module only wires them to the shared store (shell/atoms.ts), through the
 * shared JSON storage the wishlist uses too (one copy of that code per page, the page-weight budget).
 * Every read, this tab's or another's, passes through loadStoredCart: a foreign or old-version
 * cart becomes empty and is dropped from storage.
 */
export function createCartStorage(getStorage: () => Storage): SyncStorage<StoredCart> {
  const storage = createJSONStorage<StoredCart>(getStorage, (value) => {
    const cart = loadStoredCart(value);
    if (cart.items.length === 0 && (value as { version?: unknown } | null)?.version !== CART_VERSION) {
      storage.removeItem(CART_STORAGE_KEY);
    }
    return cart;
  });
  return storage;
}

export type CartAction =
  | { type: 'add'; item: CartItem }
  | { type: 'increment'; id: string }
  | { type: 'decrement'; id: string }
  | { type: 'setQuantity'; id: string; quantity: number }
  | { type: 'remove'; id: string }
  | { type: 'clear' };

/** A pure reducer over the schema's cart rules; the stored value always carries the current version tag. */
export function cartReducer(state: StoredCart, action: CartAction): StoredCart {
  const items = state.items;
  switch (action.type) {
    case 'add':
      return { version: CART_VERSION, items: addItem(items, action.item) };
    case 'increment': {
      const line = items.find((x) => x.id === action.id);
      return {
        version: CART_VERSION,
        items: line ? setQuantity(items, action.id, line.quantity + 1) : [...items],
      };
    }
    case 'decrement':
      return { version: CART_VERSION, items: decrementItem(items, action.id) };
    case 'setQuantity':
      return { version: CART_VERSION, items: setQuantity(items, action.id, action.quantity) };
    case 'remove':
      return { version: CART_VERSION, items: removeItem(items, action.id) };
    case 'clear':
      return emptyCart();
  }
}

const browserStorage = () => window.localStorage;

// getOnInit stays false: the server and the first client render both see an empty cart, so no
// hydration mismatch; the stored cart arrives right after mount.
export const cartAtom = atomWithStorage<StoredCart>(
  CART_STORAGE_KEY,
  emptyCart(),
  createCartStorage(browserStorage),
);

export const cartItemsAtom = atom((get) => get(cartAtom).items);

export const dispatchCartAtom = atom(null, (get, set, action: CartAction) => {
  set(cartAtom, cartReducer(get(cartAtom), action));
});

/** The cart panel (side panel / bottom sheet) and the line added last, which the bottom sheet shows. */
export const cartOpenAtom = atom(false);
export const lastAddedIdAtom = atom<string | null>(null);
