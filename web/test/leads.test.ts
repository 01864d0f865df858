import type { Product } from '@qahwa/schema/catalogue';
import { describe, expect, it } from 'vitest';
import { abandonmentPayload, deviceTypeOf, nextCartState } from '@/leads/abandonment';
import { qualifiedLeadUpdate } from '@/leads/lead-reports';
import { restoreCart } from '@/leads/restore-lines';

const item = {
  id: 'p1-v1',
  productId: 'p1',
  variationId: 'v1',
  name: 'Ethiopia',
  nameAr: 'إثيوبيا',
  price: 45.5,
  quantity: 2,
  image: null,
  variation: { weight: '250g', beans: 'Whole', additions: null },
};

describe('the once-per-cart flag (SPEC 4)', () => {
  let n = 0;
  const key = () => `c_key${++n}`;
  it('gives a cart an id, keeps it while the cart holds something, and resets it when the cart empties', () => {
    const first = nextCartState(null, 2, key);
    expect(first).toEqual({ cartKey: 'c_key1', reported: false });
    const reported = { ...first, reported: true };
    expect(nextCartState(reported, 3, key)).toBe(reported);
    const emptied = nextCartState(reported, 0, key);
    expect(emptied).toEqual({ cartKey: 'c_key2', reported: false });
  });

  it('gives an emptied cart that was only counted (no e-mail) a new id too: the next cart counts again', () => {
    const counted = { cartKey: 'c_counted1', reported: false, counted: true };
    expect(nextCartState(counted, 1, key)).toBe(counted);
    expect(nextCartState(counted, 0, () => 'c_fresh001')).toEqual({ cartKey: 'c_fresh001', reported: false });
  });
});

describe('the anonymous count of a left cart', () => {
  it('sends the cart id, value and lines, and no name, phone, page, agent or referrer', () => {
    const body = abandonmentPayload({
      items: [item],
      trigger: 'page_exit',
      cartKey: 'c_abcdefgh',
      session: {
        startedAt: 1_000,
        pageVisits: 4,
        referrer: 'https://ref.example/?q=me',
        lastPage: '/product/x',
      },
      now: 61_000,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      width: 390,
      locale: 'en',
      contact: { email: 'not-an-email', fullName: 'Sara', phone: '+971501234567' },
    });
    expect(body).toMatchObject({ cartKey: 'c_abcdefgh', cartValue: 91, deviceType: 'mobile' });
    expect(body.cartItems).toHaveLength(1);
    expect(body).toMatchObject({ lastVisitedPage: '', userAgent: '', referrer: '' });
    for (const field of ['email', 'fullName', 'phone'] as const) expect(body[field]).toBeUndefined();
  });
});

describe('the cart-abandonment payload (SPEC 3)', () => {
  it('carries the cart, the visit and the device, and the e-mail only when valid', () => {
    const body = abandonmentPayload({
      items: [item],
      trigger: 'page_exit',
      cartKey: 'c_abcdefgh',
      session: { startedAt: 1_000, pageVisits: 4, referrer: 'https://ref.example/', lastPage: '/checkout' },
      now: 61_000,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      width: 390,
      locale: 'ar',
      contact: { email: ' shopper@example.com ', fullName: 'Sara' },
    });
    expect(body).toMatchObject({
      cartValue: 91,
      timeSpentOnSite: 60,
      pageVisits: 4,
      lastVisitedPage: '/checkout',
      deviceType: 'mobile',
      abandonmentTrigger: 'page_exit',
      email: 'shopper@example.com',
      fullName: 'Sara',
      cartKey: 'c_abcdefgh',
      cartItems: [{ id: 'p1-v1', productId: 'p1', variationId: 'v1', price: 45.5, quantity: 2 }],
    });
    const anonymous = abandonmentPayload({
      items: [item],
      trigger: 'cart_idle',
      cartKey: 'c_abcdefgh',
      session: { startedAt: 0, pageVisits: 1, referrer: '', lastPage: '/' },
      now: 0,
      userAgent: '',
      width: 1200,
      locale: 'en',
      contact: { email: 'not-an-email' },
    });
    expect(anonymous.email).toBeUndefined();
  });

  it.each([
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 1024, 'tablet'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X700) AppleWebKit/537.36', 1280, 'tablet'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', 412, 'mobile'],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120', 1440, 'desktop'],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120', 500, 'mobile'],
  ])('%s at %i px is %s', (ua, width, type) => {
    expect(deviceTypeOf(ua, width)).toBe(type);
  });
});

describe('the lead reports (SPEC 7 PATCH /api/leads)', () => {
  const claim = {
    customerInfo: { fullName: 'Sara', email: 'sara@example.com', phone: '0501234567' },
    items: [{ id: 'p1-v1', variationId: 'v1', name: 'Ethiopia', price: 45.5, quantity: 2 }],
    totalAmount: 116,
  };
  it('says QUALIFIED with the method at the payment step (CONVERTED is the server’s, from OrderPlaced)', () => {
    expect(qualifiedLeadUpdate(claim, 'cod', 123)).toMatchObject({
      email: 'sara@example.com',
      status: 'QUALIFIED',
      hasPaymentInfo: true,
      paymentStep: 123,
      preferredPayment: 'cod',
      cartValue: 116,
      cartItems: [{ id: 'p1-v1', variationId: 'v1', total: 91 }],
    });
  });
});

describe('the restored cart (docs/leads.md)', () => {
  const product = (over: Partial<Product['variations'][number]> = {}): Product =>
    ({
      id: 'p1',
      name: 'Ethiopia',
      nameAr: 'إثيوبيا',
      imageUrl: null,
      images: [],
      variations: [
        {
          id: 'v1',
          productId: 'p1',
          size: { displayName: '250g', displayNameAr: '٢٥٠ غ', isActive: true },
          type: null,
          beans: { name: 'Whole', nameAr: 'حبوب كاملة', isActive: true },
          price: 50,
          discount: 0.1,
          discountType: 'PERCENTAGE',
          inStock: true,
          stockQuantity: 3,
          isActive: true,
          imageUrl: '/v1.jpg',
          ...over,
        },
      ],
    }) as unknown as Product;

  it("prices the lines at today's prices and cuts them to today's stock, leaving out what is gone", () => {
    const lines = [
      { productId: 'p1', variationId: 'v1', quantity: 5 },
      { productId: 'gone', variationId: 'x', quantity: 1 },
    ];
    const out = restoreCart(lines, new Map([['p1', product()]]));
    expect(out.items).toEqual([
      expect.objectContaining({
        id: 'p1-v1',
        price: 45,
        quantity: 3,
        image: '/v1.jpg',
        variation: { weight: '250g', beans: 'Whole', additions: null },
      }),
    ]);
    expect(out).toMatchObject({ missing: 1, reduced: 1 });
    expect(
      restoreCart(lines.slice(0, 1), new Map([['p1', product({ inStock: false, stockQuantity: 0 })]])).items,
    ).toEqual([]);
  });
});
