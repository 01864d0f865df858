import { uuid } from './uuid';

const KEY = 'qahwa-checkout-key';

/**
 * The cart's checkout key (docs/payments.md "One checkout, one payment"): one uuid for the cart
 * in localStorage beside it, so every tab of the shopper sends the same one with each payment
 * intent, and the gateway makes at most one paid order of it — a second tab, or a reload after
 * paying, is told the order exists instead of being charged again. Made when the checkout first
 * asks for an intent; null when storage is disabled (the page then sends none, as before keys).
 */
export function checkoutKey(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string | null {
  try {
    const saved = storage.getItem(KEY);
    if (saved && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(saved)) return saved;
    const made = uuid();
    storage.setItem(KEY, made);
    return made;
  } catch {
    return null;
  }
}

/**
 * A checkout call's body with the cart's key (SPEC 7's payment intent, pay-later session and cash
 * on delivery all carry it): one paid order per cart, and a cart paid another way gives back what
 * its card intent held (docs/payments.md "Stock held for a card payment").
 */
export function withCheckoutKey<T extends object>(
  body: T,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): T & { checkoutKey?: string } {
  const key = checkoutKey(storage);
  return key ? { ...body, checkoutKey: key } : body;
}

/** The cart was ordered and emptied: its next checkout is another cart, with a key of its own. */
export function renewCheckoutKey(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
