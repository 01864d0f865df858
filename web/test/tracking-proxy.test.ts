import { NextRequest, type NextResponse } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy as pageProxy, apiProxy as proxy } from '@/proxy';

/* The guest's order tracking through the storefront's proxy (docs/order-tracking.md). */
const REWRITE = 'x-middleware-rewrite';
const request = (path: string, method = 'GET') =>
  new NextRequest(new URL(path, 'http://shop.test'), { method });
const token = 'eyJwIjoib3JkZXItdHJhY2sifQ.c2lnbmF0dXJl';

describe('the tracking routes through the proxy', () => {
  it.each([
    ['POST', '/api/orders/track'],
    ['POST', '/api/orders/track/link'],
    ['GET', `/api/orders/track/${token}`],
    ['GET', `/api/orders/track/${token}/documents/INV-2026-000001`],
  ])('forwards %s %s to the gateway', (method, path) => {
    expect(proxy(request(path, method)).headers.get(REWRITE)).toBe(`http://127.0.0.1:4000${path}`);
  });

  it('forwards nothing else under the tracking path', () => {
    expect(proxy(request(`/api/orders/track/${token}`, 'POST')).status).toBe(404);
    expect(proxy(request(`/api/orders/track/${token}/documents/a/b`)).status).toBe(404);
  });

  it("opens an e-mail's link in the mail's language: saves it and drops it from the address", () => {
    const res = pageProxy(request(`/orders/track/${token}?lang=ar`)) as NextResponse;
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://shop.test/orders/track/${token}`);
    expect(res.cookies.get('NEXT_LOCALE')?.value).toBe('ar');
    const bogus = pageProxy(request(`/orders/track/${token}?lang=fr`)) as NextResponse;
    expect(bogus.headers.get('location')).toBe(`http://shop.test/orders/track/${token}`);
    expect(bogus.cookies.get('NEXT_LOCALE')).toBeUndefined();
  });
});
