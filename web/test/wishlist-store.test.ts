import { describe, expect, it } from 'vitest';
import {
  emptyWishlist,
  loadStoredWishlist,
  WISHLIST_MAX_ITEMS,
  WISHLIST_VERSION,
  type WishlistItem,
  wishlistReducer,
} from '@/wishlist/wishlist-store';

const item = (productId: string, addedAt = 1): WishlistItem => ({
  productId,
  slug: `slug-${productId}`,
  name: `Coffee ${productId}`,
  nameAr: `قهوة ${productId}`,
  image: null,
  priceFils: 4500,
  addedAt,
});

describe('the wishlist', () => {
  it('toggles a product in and out, newest first, one entry per product', () => {
    let s = wishlistReducer(emptyWishlist(), { type: 'toggle', item: item('a') });
    s = wishlistReducer(s, { type: 'toggle', item: item('b') });
    expect(s.items.map((x) => x.productId)).toEqual(['b', 'a']);
    s = wishlistReducer(s, { type: 'toggle', item: item('a', 2) });
    expect(s.items.map((x) => x.productId)).toEqual(['b']);
    expect(s.version).toBe(WISHLIST_VERSION);
  });

  it('removes and clears', () => {
    let s = wishlistReducer(emptyWishlist(), { type: 'toggle', item: item('a') });
    s = wishlistReducer(s, { type: 'toggle', item: item('b') });
    expect(wishlistReducer(s, { type: 'remove', productId: 'a' }).items.map((x) => x.productId)).toEqual([
      'b',
    ]);
    expect(wishlistReducer(s, { type: 'clear' }).items).toEqual([]);
  });

  it('keeps at most the newest hundred', () => {
    let s = emptyWishlist();
    for (let i = 0; i < WISHLIST_MAX_ITEMS + 5; i++)
      s = wishlistReducer(s, { type: 'toggle', item: item(`p${i}`) });
    expect(s.items).toHaveLength(WISHLIST_MAX_ITEMS);
    expect(s.items[0]?.productId).toBe(`p${WISHLIST_MAX_ITEMS + 4}`);
  });

  it('reads back only its own version and shape from storage', () => {
    expect(loadStoredWishlist(null)).toEqual(emptyWishlist());
    expect(loadStoredWishlist({ version: 'wishlist-v0', items: [item('a')] }).items).toEqual([]);
    const stored = {
      version: WISHLIST_VERSION,
      items: [item('a'), { productId: 'x' }, item('a'), item('b')],
    };
    expect(loadStoredWishlist(stored).items.map((x) => x.productId)).toEqual(['a', 'b']);
  });
});
