import { CreateOrderRequest, PayLaterSessionRequest, PaymentIntentRequest } from '@qahwa/schema';
import { describe, expect, it } from 'vitest';
import { checkoutKey, renewCheckoutKey, withCheckoutKey } from '@/checkout/checkout-key';

function memory() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

/** The cart's checkout key, which every tab sends with its payment intents (docs/payments.md). */
describe('the checkout key', () => {
  it('is one uuid for the cart, the same for every tab reading the same storage, until the cart is ordered', () => {
    const shared = memory();
    const first = checkoutKey(shared);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Another tab: the same storage, the same key.
    expect(checkoutKey(shared)).toBe(first);
    renewCheckoutKey(shared);
    const next = checkoutKey(shared);
    expect(next).not.toBe(first);
    expect(checkoutKey(shared)).toBe(next);
  });

  it('is what the gateway accepts', () => {
    const key = checkoutKey(memory());
    expect(PaymentIntentRequest.shape.checkoutKey.safeParse(key).success).toBe(true);
  });

  it('goes with the cash-on-delivery order and the pay-later session too, as the same key, and the gateway takes it there', () => {
    const s = memory();
    const intentKey = checkoutKey(s);
    const cod = withCheckoutKey({ paymentProvider: 'COD' }, s);
    const payLater = withCheckoutKey({ currency: 'AED' }, s);
    expect(cod.checkoutKey).toBe(intentKey);
    expect(payLater.checkoutKey).toBe(intentKey);
    expect(CreateOrderRequest.shape.checkoutKey.safeParse(cod.checkoutKey).success).toBe(true);
    expect(PayLaterSessionRequest.shape.checkoutKey.safeParse(payLater.checkoutKey).success).toBe(true);
  });

  it('replaces a stored value that is not a uuid (hand-edited, another app) rather than send it', () => {
    const s = memory();
    s.setItem('qahwa-checkout-key', 'tab-1');
    expect(checkoutKey(s)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is none when storage is disabled: the page then asks for intents as before keys', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(checkoutKey(broken)).toBeNull();
    expect(() => renewCheckoutKey(broken)).not.toThrow();
  });
});
