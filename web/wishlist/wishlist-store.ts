import { atom, atomWithStorage, createJSONStorage } from '@/shell/atoms';

/**
 * The wishlist (SPEC 1, 2.4): kept on this device only, like the cart (no login, SPEC 6), under
 * a versioned key. It remembers enough of a product to show it without a call (name in both
 * languages, picture, the card's price when saved); the options modal loads the live product
 * when the shopper moves it to the cart, so a stale price here never reaches an order.
 */
export const WISHLIST_STORAGE_KEY = 'qahwa-wishlist';
export const WISHLIST_VERSION = 'wishlist-v1';
/** A wishlist is a shortlist; past this the oldest entries fall off (and localStorage stays small). */
export const WISHLIST_MAX_ITEMS = 100;

export interface WishlistItem {
  productId: string;
  slug: string;
  name: string;
  nameAr: string;
  image: string | null;
  /** The price shown on the card when it was saved, in fils (display only). */
  priceFils: number;
  addedAt: number;
}

export interface StoredWishlist {
  version: typeof WISHLIST_VERSION;
  items: WishlistItem[];
}

export const emptyWishlist = (): StoredWishlist => ({ version: WISHLIST_VERSION, items: [] });

export type WishlistAction =
  | { type: 'toggle'; item: WishlistItem }
  | { type: 'remove'; productId: string }
  | { type: 'clear' };

/** Pure: the newest first, one entry per product. */
export function wishlistReducer(state: StoredWishlist, action: WishlistAction): StoredWishlist {
  switch (action.type) {
    case 'toggle': {
      const present = state.items.some((x) => x.productId === action.item.productId);
      const items = present
        ? state.items.filter((x) => x.productId !== action.item.productId)
        : [action.item, ...state.items].slice(0, WISHLIST_MAX_ITEMS);
      return { version: WISHLIST_VERSION, items };
    }
    case 'remove':
      return {
        version: WISHLIST_VERSION,
        items: state.items.filter((x) => x.productId !== action.productId),
      };
    case 'clear':
      return emptyWishlist();
  }
}

function isItem(x: unknown): x is WishlistItem {
  if (!x || typeof x !== 'object') return false;
  const o = x as Record<string, unknown>;
  return (
    typeof o.productId === 'string' &&
    o.productId !== '' &&
    typeof o.slug === 'string' &&
    typeof o.name === 'string' &&
    typeof o.nameAr === 'string' &&
    (o.image === null || typeof o.image === 'string') &&
    typeof o.priceFils === 'number' &&
    Number.isFinite(o.priceFils) &&
    typeof o.addedAt === 'number'
  );
}

/** Anything stored under the key that is not this version's shape becomes an empty wishlist. */
export function loadStoredWishlist(value: unknown): StoredWishlist {
  if (!value || typeof value !== 'object') return emptyWishlist();
  const o = value as { version?: unknown; items?: unknown };
  if (o.version !== WISHLIST_VERSION || !Array.isArray(o.items)) return emptyWishlist();
  const seen = new Set<string>();
  const items = o.items.filter((x): x is WishlistItem => {
    if (!isItem(x) || seen.has(x.productId)) return false;
    seen.add(x.productId);
    return true;
  });
  return { version: WISHLIST_VERSION, items: items.slice(0, WISHLIST_MAX_ITEMS) };
}

// As the cart: the first render is empty on server and client alike; the stored list arrives after
// mount, and a heart tapped in one tab shows in another. The storage is the shared JSON one (one
// copy of that code per page, the page-weight budget); every read passes through loadStoredWishlist.
export const wishlistAtom = atomWithStorage<StoredWishlist>(
  WISHLIST_STORAGE_KEY,
  emptyWishlist(),
  createJSONStorage(() => window.localStorage, loadStoredWishlist),
);

export const dispatchWishlistAtom = atom(null, (get, set, action: WishlistAction) => {
  set(wishlistAtom, wishlistReducer(get(wishlistAtom), action));
});

/** The product being moved to the cart through the options modal (the wishlist page watches for its line). */
export const movingToCartAtom = atom<{ productId: string; quantityBefore: number } | null>(null);
