import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest, type NextResponse } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, proxy as pageProxy, apiProxy as proxy } from '@/proxy';

const REWRITE = 'x-middleware-rewrite';
/** The request headers Next will send on to the gateway (how NextResponse passes them). */
function forwarded(res: Response, name: string): string | null {
  return res.headers.get(`x-middleware-request-${name}`);
}

const request = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new NextRequest(new URL(path, 'http://shop.test'), init);

describe('the storefront proxy', () => {
  it('forwards a one-click unsubscribe POST of the unsubscribe page to the gateway, token and all (RFC 8058)', () => {
    const res = pageProxy(
      request('/newsletter/unsubscribe?token=abc.def', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    ) as NextResponse;
    expect(res.headers.get(REWRITE)).toBe('http://127.0.0.1:4000/api/newsletter/unsubscribe?token=abc.def');
  });

  it.each([
    ['/product/majlis-gift-box?lang=ar', 'ar', 'http://shop.test/product/majlis-gift-box'],
    ['/orders/track/tok.sig?lang=en', 'en', 'http://shop.test/orders/track/tok.sig'],
  ])('opens an e-mail link %s in its language: the language saved, the link without it', (path, lang, to) => {
    const res = pageProxy(request(path)) as NextResponse;
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(to);
    expect(res.cookies.get('NEXT_LOCALE')?.value).toBe(lang);
  });

  it('forwards the page-exit beacon as the browser sent it (text/plain, read as JSON by the gateway)', () => {
    const res = proxy(
      request('/api/leads/cart-abandonment', {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      }),
    );
    expect(res.headers.get(REWRITE)).toBe('http://127.0.0.1:4000/api/leads/cart-abandonment');
    expect(forwarded(res, 'content-type')).toBe('text/plain;charset=UTF-8');
    // The restore link is read by the storefront's server, never forwarded from a browser.
    expect(proxy(request('/api/leads/restore?token=abc', { method: 'GET' })).status).toBe(404);
  });

  it.each([
    ['GET', '/api/products?limit=4'],
    ['GET', '/api/products/colombian-supremo'],
    ['POST', '/api/shipping/calculate'],
    ['POST', '/api/orders'],
    ['POST', '/api/create-payment-intent'],
    ['POST', '/api/payments/tabby'],
    ['POST', '/api/payments/tabby/pay_123/return'],
    ['GET', '/api/payments/tabby/pay_123'],
    ['POST', '/api/leads/cart-abandonment'],
    ['POST', '/api/leads/cart-ordered'],
    ['PATCH', '/api/leads'],
    ['GET', '/api/content/sliders'],
    ['GET', '/api/content/texts'],
    ['GET', '/api/categories'],
    ['GET', '/api/settings'],
    ['GET', '/api/products/colombian-supremo/reviews'],
    ['POST', '/api/products/colombian-supremo/reviews'],
    ['POST', '/api/products/colombian-supremo/views'],
    ['POST', '/api/contact'],
    ['POST', '/api/newsletter'],
    ['POST', '/api/newsletter/confirm'],
    ['POST', '/api/newsletter/unsubscribe'],
    ['POST', '/api/back-in-stock'],
    ['POST', '/api/promotions/validate'],
    ['GET', '/api/promotions?active=true'],
    ['GET', '/api/recommendations?productIds=0b5e7c1e-3a8f-4a53-9d7e-3c1c9e1e2f11'],
    ['GET', `/api/uploads/files/${'a'.repeat(64)}.png`],
    ['GET', '/api/orders/track/tok.sig/returns'],
    ['POST', '/api/orders/track/tok.sig/returns'],
    ['POST', '/api/orders/track/tok.sig/returns/photo'],
  ])('forwards the shopper API: %s %s', (method, path) => {
    const res = proxy(request(path, { method }));
    expect(res.headers.get(REWRITE)).toBe(`http://127.0.0.1:4000${path}`);
  });

  it.each([
    ['POST', '/api/auth/login'],
    ['GET', '/api/auth/session'],
    ['GET', '/api/admin/orders'],
    ['GET', '/api/admin/dashboard'],
    ['POST', '/api/admin/dead-letters/x/redrive'],
    ['POST', '/api/products'],
    ['DELETE', '/api/orders'],
    ['GET', '/api/admin/reviews'],
    // The settings staff edit are the back office's; the storefront reads only the public ones.
    ['GET', '/api/admin/settings'],
    ['PUT', '/api/admin/settings/shipping'],
    ['PUT', '/api/settings'],
    ['POST', '/api/admin/reviews/0b5e7c1e-3a8f-4a53-9d7e-3c1c9e1e2f11/approve'],
    ['GET', '/api/products/colombian-supremo/views'],
    ['POST', '/api/promotions'],
    ['PATCH', '/api/promotions/0b5e7c1e-3a8f-4a53-9d7e-3c1c9e1e2f11'],
    // Stripe calls the gateway's webhook directly; the storefront has no door to it.
    ['POST', '/api/webhooks/stripe'],
    // So does Tabby; and nothing else under the pay-later path.
    ['POST', '/api/webhooks/tabby'],
    ['POST', '/api/payments/tabby/pay_123'],
    ['DELETE', '/api/payments/tabby/pay_123'],
    ['POST', '/api/payments/tabby/pay_123/capture'],
    // Uploading is the back office's; only a stored picture's own name is served.
    ['POST', '/api/uploads/products'],
    ['GET', '/api/uploads/files/../../etc/passwd'],
    // A return is asked for and read under its token; staff's return routes are the back office's.
    ['GET', '/api/admin/returns'],
    ['POST', '/api/admin/returns/RT-100001/refund'],
    ['DELETE', '/api/orders/track/tok.sig/returns'],
    ['GET', '/api/orders/track/tok.sig/returns/photo'],
  ])('does not forward %s %s (back office and sign-in are the admin app’s)', (method, path) => {
    const res = proxy(request(path, { method }));
    expect(res.headers.get(REWRITE)).toBeNull();
    expect(res.status).toBe(404);
  });

  it('overwrites the address the browser claims with the one our hop saw', () => {
    const res = proxy(
      request('/api/orders', { method: 'POST', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } }),
    );
    expect(forwarded(res, 'x-forwarded-for')).toBe('203.0.113.9');
  });

  it('sends the gateway the language cookie only, never a staff session', () => {
    const res = proxy(
      request('/api/orders', {
        method: 'POST',
        headers: { cookie: 'qahwa_staff_session=abc.def; NEXT_LOCALE=ar; qahwa_session=old' },
      }),
    );
    expect(forwarded(res, 'cookie')).toBe('NEXT_LOCALE=ar');
  });
});

describe('where the proxy runs (its matcher)', () => {
  const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });

  it('sets the CSP on every page, and not on the scripts a page loads (the per-route byte budget)', () => {
    for (const page of ['/', '/shop', '/product/colombian-supremo', '/checkout', '/checkout/pay-later'])
      expect(matches(page), page).toBe(true);
    for (const script of [
      '/_next/static/chunks/abc.js',
      '/payments/tabby/promo.js',
      '/payments/stripe-double/stripe.js',
    ])
      expect(matches(script), script).toBe(false);
    // The Stripe double's frames are documents: they keep the policy.
    expect(matches('/payments/stripe-double/v1/elements')).toBe(true);
    expect(matches('/api/products')).toBe(true);
  });
});
