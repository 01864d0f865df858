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

/** The cart was ordered and emptied: its next checkout is another cart, with a key of its own. */
export function renewCheckoutKey(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
