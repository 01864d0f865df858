import { CART_STORAGE_KEY, CART_VERSION, type CartItem, emptyCart } from '@qahwa/schema';
import { describe, expect, it } from 'vitest';
import { cartReducer, createCartStorage } from '@/cart/cart-store';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => {
      data.delete(k);
    },
    setItem: (k, v) => {
      data.set(k, v);
    },
  };
}

const item = (over: Partial<CartItem> = {}): CartItem => ({
  id: 'p1-v1',
  productId: 'p1',
  variationId: 'v1',
  name: 'Ethiopia Yirgacheffe',
  nameAr: 'إثيوبيا يرغاتشيفي',
  price: 45.5,
  quantity: 1,
  image: null,
  variation: { weight: '250g', beans: 'Arabica', additions: 'Normal' },
  ...over,
});

describe('cart storage', () => {
  it('keeps a cart stored with the current version', () => {
    const stored = { version: CART_VERSION, items: [item()] };
    const storage = memoryStorage({ [CART_STORAGE_KEY]: JSON.stringify(stored) });
    expect(createCartStorage(() => storage).getItem(CART_STORAGE_KEY, emptyCart())).toEqual(stored);
  });

  it('discards a cart with another version tag and drops it from storage', () => {
    const storage = memoryStorage({
      [CART_STORAGE_KEY]: JSON.stringify({ version: 'anniversary-2025-v2', items: [item()] }),
    });
    expect(createCartStorage(() => storage).getItem(CART_STORAGE_KEY, emptyCart())).toEqual(emptyCart());
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('survives garbage and missing storage', () => {
    const storage = memoryStorage({ [CART_STORAGE_KEY]: '{not json' });
    expect(createCartStorage(() => storage).getItem(CART_STORAGE_KEY, emptyCart())).toEqual(emptyCart());
    const broken = createCartStorage(() => {
      throw new Error('SecurityError');
    });
    expect(broken.getItem(CART_STORAGE_KEY, emptyCart())).toEqual(emptyCart());
    expect(() => broken.setItem(CART_STORAGE_KEY, emptyCart())).not.toThrow();
  });

  it('writes JSON that reads back', () => {
    const storage = memoryStorage();
    const s = createCartStorage(() => storage);
    const cart = { version: CART_VERSION, items: [item({ quantity: 3 })] };
    s.setItem(CART_STORAGE_KEY, cart);
    expect(s.getItem(CART_STORAGE_KEY, emptyCart())).toEqual(cart);
  });
});

describe('cartReducer', () => {
  it('merges the same product and options, and stamps the version', () => {
    let cart = cartReducer({ version: 'old', items: [] }, { type: 'add', item: item() });
    cart = cartReducer(cart, { type: 'add', item: item({ quantity: 2 }) });
    expect(cart.version).toBe(CART_VERSION);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(3);
  });

  it('increments, decrements to removal, removes and clears', () => {
    let cart = cartReducer(emptyCart(), { type: 'add', item: item() });
    cart = cartReducer(cart, { type: 'increment', id: 'p1-v1' });
    expect(cart.items[0]?.quantity).toBe(2);
    cart = cartReducer(cart, { type: 'decrement', id: 'p1-v1' });
    cart = cartReducer(cart, { type: 'decrement', id: 'p1-v1' });
    expect(cart.items).toEqual([]);
    cart = cartReducer(cart, { type: 'add', item: item() });
    expect(cartReducer(cart, { type: 'remove', id: 'p1-v1' }).items).toEqual([]);
    expect(cartReducer(cart, { type: 'setQuantity', id: 'p1-v1', quantity: 0 }).items).toEqual([]);
    expect(cartReducer(cart, { type: 'clear' })).toEqual(emptyCart());
  });
});
