import {
  CART_VERSION,
  type CartItem,
  PayLaterOrderData,
  PayLaterSessionRequest,
  payLaterOutcomeMessage,
} from '@qahwa/schema';
import { DEFAULT_PAY_LATER_RANGE, payLaterWidgetOptions } from '@qahwa/schema/payments';
import { securityHeaders } from '@qahwa/schema/proxy';
import { describe, expect, it } from 'vitest';
import { buildCodOrder } from '@/checkout/order-request';
import {
  clearPayLaterOrderData,
  keepPayLaterOrderData,
  leavePayLaterNotice,
  PAY_LATER_ORDER_DATA_KEY,
  payLaterOrderData,
  payLaterResume,
  payLaterSessionRequest,
  readPayLaterOrderData,
  takePayLaterNotice,
} from '@/checkout/pay-later-order-data';
import { externalLoaderScript, promoScriptSource, promoSettingsScript } from '@/payments/tabby-promo-script';
import { outcomeMessage, paymentIdOf, pollDelayMs, returnResultOf } from '@/payments/tabby-session';

void CART_VERSION;

function memory() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

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
const claim = buildCodOrder({
  customerInfo: { fullName: 'Mariam Al Hashimi', email: 'mariam@example.ae', phone: '+971 50 123 4567' },
  shippingInfo: { emirate: 'dubai', city: 'dubai-marina', address: 'Marina Walk, Tower 5, Flat 1203' },
  items: [line],
  summary: { subtotalFils: 119_80, discountFils: 11_98, shippingFils: 25_00, totalFils: 132_82 },
  locale: 'ar',
  coupon: { code: 'ANNIVERSARY_2025', discountAmount: 11.98 },
});
const NOW = Date.UTC(2026, 10, 22, 15, 0, 0);

describe('the pay-later session request', () => {
  it("is SPEC 7's body: the same claim as the card's, the total as amount, currency 'AED'", () => {
    const body = payLaterSessionRequest(claim);
    expect(PayLaterSessionRequest.parse(body)).toMatchObject({
      amount: 132.82,
      currency: 'AED',
      subtotal: 119.8,
      shippingCost: 25,
      discount: 11.98,
      appliedCoupon: { code: 'ANNIVERSARY_2025' },
      customerInfo: claim.customerInfo,
      shippingInfo: claim.shippingInfo,
      locale: 'ar',
    });
    expect(body).not.toHaveProperty('paymentProvider');
    expect(body).not.toHaveProperty('totalAmount');
  });
});

describe('the pay-later order data kept in the browser (SPEC 3)', () => {
  it('is the checkout inputs plus paymentProvider TABBY, a timestamp and the session id', () => {
    const data = payLaterOrderData(claim, 'pay_123', NOW);
    expect(PayLaterOrderData.parse(data)).toMatchObject({
      customerInfo: claim.customerInfo,
      shippingInfo: claim.shippingInfo,
      items: claim.items,
      totalAmount: 132.82,
      appliedCoupon: { code: 'ANNIVERSARY_2025', discountAmount: 11.98 },
      paymentProvider: 'TABBY',
      timestamp: NOW,
      sessionId: 'pay_123',
    });
  });

  it('reads back what was kept, for its own payment only, and not once it is stale or damaged', () => {
    const storage = memory();
    keepPayLaterOrderData(payLaterOrderData(claim, 'pay_123', NOW), storage);
    expect(readPayLaterOrderData(NOW + 60_000, storage, 'pay_123')?.customerInfo.fullName).toBe(
      'Mariam Al Hashimi',
    );
    expect(readPayLaterOrderData(NOW + 60_000, storage)).not.toBeNull();
    // An older tab's payment must not refill this one's checkout.
    expect(readPayLaterOrderData(NOW + 60_000, storage, 'pay_other')).toBeNull();
    // After an hour it is someone's old address on a shared computer.
    expect(readPayLaterOrderData(NOW + 61 * 60_000, storage)).toBeNull();
    storage.setItem(PAY_LATER_ORDER_DATA_KEY, '{"customerInfo":');
    expect(readPayLaterOrderData(NOW, storage)).toBeNull();
    storage.setItem(PAY_LATER_ORDER_DATA_KEY, JSON.stringify({ ...claim, sessionId: 'x', timestamp: NOW }));
    expect(readPayLaterOrderData(NOW, storage)).toBeNull();
    keepPayLaterOrderData(payLaterOrderData(claim, 'pay_123', NOW), storage);
    clearPayLaterOrderData(storage);
    expect(storage.data.size).toBe(0);
  });

  it('brings the shopper back to the payment step with their details and the message, once', () => {
    const local = memory();
    const session = memory();
    const message = payLaterOutcomeMessage('rejected', 'ar');
    keepPayLaterOrderData(payLaterOrderData(claim, 'pay_123', NOW), local);
    leavePayLaterNotice({ message, paymentId: 'pay_123', at: NOW }, session);
    const resume = payLaterResume(takePayLaterNotice(NOW + 1000, session), readPayLaterOrderData(NOW, local));
    expect(resume).toEqual({ customerInfo: claim.customerInfo, shippingInfo: claim.shippingInfo, message });
    // Read once: a later visit to the checkout starts as usual.
    expect(takePayLaterNotice(NOW + 2000, session)).toBeNull();
    // No notice (the shopper simply opened the checkout), or nothing kept: nothing to resume.
    expect(payLaterResume(null, readPayLaterOrderData(NOW, local))).toBeNull();
    expect(payLaterResume({ message, paymentId: null, at: NOW }, null)).toBeNull();
    // A notice left behind long ago is not shown.
    leavePayLaterNotice({ message, paymentId: 'pay_123', at: NOW }, session);
    expect(takePayLaterNotice(NOW + 11 * 60_000, session)).toBeNull();
  });
});

describe('the return from the provider', () => {
  it('passes on only the three results and a well-formed payment id', () => {
    expect(returnResultOf('success')).toBe('success');
    expect(returnResultOf('cancel')).toBe('cancel');
    expect(returnResultOf('failure')).toBe('failure');
    expect(returnResultOf('approved')).toBeNull();
    expect(returnResultOf(undefined)).toBeNull();
    expect(paymentIdOf('5d9c1c8e-7a3b-4a7e-9e0a-2b1f0c3d4e5f')).not.toBeNull();
    expect(paymentIdOf('../../admin')).toBeNull();
    expect(paymentIdOf('')).toBeNull();
    expect(paymentIdOf('pay_1')).toBeNull();
  });

  it("shows the gateway's sentence, or SPEC 8's for the reason, in the shopper's language", () => {
    expect(outcomeMessage({ status: 'rejected', message: 'From the server' }, 'en')).toBe('From the server');
    expect(outcomeMessage({ status: 'cancelled', reason: 'cancelled' }, 'ar')).toBe(
      payLaterOutcomeMessage('cancelled', 'ar'),
    );
    expect(outcomeMessage({ status: 'rejected', reason: 'order_amount_too_high' }, 'en')).toBe(
      payLaterOutcomeMessage('amount_too_high', 'en'),
    );
    expect(outcomeMessage({ status: 'expired', reason: 'expired' }, 'ar')).toBe(
      payLaterOutcomeMessage('rejected', 'ar'),
    );
    expect(outcomeMessage({ status: 'rejected', reason: 'not_available' }, 'en')).toBe(
      payLaterOutcomeMessage('not_available', 'en'),
    );
  });

  it('asks again soon, then less often, never more than every ten seconds', () => {
    const delays = [0, 1, 2, 3, 4, 5, 20].map(pollDelayMs);
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });
});

describe("Tabby's promo widget", () => {
  it('starts with the price to two decimals, AED, the language, the source and the settings; not outside 1–5000', () => {
    expect(
      payLaterWidgetOptions({
        priceFils: 5990,
        locale: 'ar',
        source: 'cart',
        publicKey: 'pk_test_x',
        merchantCode: '',
        range: DEFAULT_PAY_LATER_RANGE,
      }),
    ).toEqual({
      price: '59.90',
      currency: 'AED',
      lang: 'ar',
      source: 'cart',
      publicKey: 'pk_test_x',
      merchantCode: 'GR',
    });
    expect(
      payLaterWidgetOptions({
        priceFils: 500_000,
        locale: 'en',
        publicKey: 'pk',
        range: DEFAULT_PAY_LATER_RANGE,
      })?.price,
    ).toBe('5000.00');
    expect(
      payLaterWidgetOptions({
        priceFils: 500_001,
        locale: 'en',
        publicKey: 'pk',
        range: DEFAULT_PAY_LATER_RANGE,
      }),
    ).toBeNull();
    expect(
      payLaterWidgetOptions({ priceFils: 99, locale: 'en', publicKey: 'pk', range: DEFAULT_PAY_LATER_RANGE }),
    ).toBeNull();
  });

  it("loads Tabby's real script from Tabby, and relays a local fake on our own origin", () => {
    expect(promoScriptSource('https://checkout.tabby.ai/tabby-promo.js').kind).toBe('external');
    expect(promoScriptSource('http://127.0.0.1:4010/tabby-promo.js').kind).toBe('relay');
    // Settings are data, never markup: a '<' cannot close the script.
    const settings = promoSettingsScript({ publicKey: 'pk_test_</script>', merchantCode: 'GR' });
    expect(settings).not.toContain('</script>');
    expect(externalLoaderScript('https://checkout.tabby.ai/tabby-promo.js')).toContain(
      '"https://checkout.tabby.ai/tabby-promo.js"',
    );
  });

  it("is allowed by the storefront's CSP from Tabby's host only, and the back office stays closed", () => {
    const csp = (o: { tabby?: boolean }) =>
      securityHeaders('production', {}, o).find((h) => h.key === 'Content-Security-Policy')?.value ?? '';
    const directive = (policy: string, name: string) =>
      policy
        .split('; ')
        .find((d) => d.startsWith(`${name} `))
        ?.split(' ')
        .slice(1) ?? [];
    const storefront = csp({ tabby: true });
    expect(directive(storefront, 'script-src')).toContain('https://checkout.tabby.ai');
    expect(directive(storefront, 'frame-src')).toContain('https://checkout.tabby.ai');
    expect(storefront).not.toContain('127.0.0.1');
    expect(csp({})).not.toContain('tabby');
  });
});
