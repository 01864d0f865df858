import { CART_VERSION, type CartItem, CreateOrderRequest } from '@qahwa/schema';
import { describe, expect, it } from 'vitest';
import { attemptKey, endAttempt } from '@/checkout/attempt-key';
import { buildCodOrder, orderIntent } from '@/checkout/order-request';
import { uuid } from '@/checkout/uuid';

function memory() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

// Ids as the catalogue has them: the gateway refuses any id that is not a uuid.
const P1 = '0b6f3c1e-7d2a-4c55-9a0e-1f2d3c4b5a61';
const V1 = '5e8d2f4a-1b3c-4d6e-8f90-a1b2c3d4e5f6';

const line: CartItem = {
  id: `${P1}-${V1}`,
  productId: P1,
  variationId: V1,
  name: 'Espresso Blend',
  nameAr: 'خلطة إسبريسو',
  price: 59.9,
  quantity: 2,
  image: null,
  variation: { weight: '500g', beans: null, additions: 'Normal' },
};

const order = () =>
  buildCodOrder({
    customerInfo: { fullName: 'Aisha Al Mansoori', email: 'aisha@example.ae', phone: '+971501234567' },
    shippingInfo: { emirate: 'dubai', city: 'deira', address: 'Building 12, Al Rigga Street' },
    items: [line],
    summary: { subtotalFils: 119_80, discountFils: 0, shippingFils: 25_00, totalFils: 144_80 },
    locale: 'ar',
  });

describe('buildCodOrder', () => {
  it('builds a SPEC 7 CreateOrderRequest with the amounts in AED', () => {
    const o = order();
    expect(CreateOrderRequest.safeParse(o).success).toBe(true);
    expect(o).toMatchObject({
      subtotal: 119.8,
      shippingCost: 25,
      totalAmount: 144.8,
      tax: 0,
      discount: 0,
      appliedCoupon: null,
      paymentProvider: 'COD',
      locale: 'ar',
    });
    expect(o.items[0]).toEqual({
      id: `${P1}-${V1}`,
      productId: P1,
      variationId: V1,
      name: 'Espresso Blend',
      price: 59.9,
      quantity: 2,
      variation: line.variation,
    });
    expect(CART_VERSION).toBeTruthy();
  });
});

describe('idempotency key', () => {
  it('stays the same for the same attempt until it ends', () => {
    const s = memory();
    const intent = orderIntent(order());
    const first = attemptKey(intent, s);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(attemptKey(intent, s)).toBe(first);
    endAttempt(s);
    expect(attemptKey(intent, s)).not.toBe(first);
  });

  it('ignores price changes but not a different cart', () => {
    const s = memory();
    const a = order();
    const key = attemptKey(orderIntent(a), s);
    expect(attemptKey(orderIntent({ ...a, shippingCost: 0, totalAmount: 119.8 }), s)).toBe(key);
    const more = { ...a, items: a.items.map((i) => ({ ...i, quantity: 3 })) };
    expect(attemptKey(orderIntent(more), s)).not.toBe(key);
  });

  it('makes v4 uuids', () => {
    expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
