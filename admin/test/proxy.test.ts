import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@/auth/redirects';
import { proxy } from '@/proxy';

const request = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(new URL(path, 'http://admin.test'), { headers });

describe('the back-office proxy', () => {
  it('forwards /backend/api/* to the gateway’s /api/*, inside the staff cookie’s path', () => {
    const res = proxy(request('/backend/api/auth/login?x=1'));
    expect(res.headers.get('x-middleware-rewrite')).toBe('http://127.0.0.1:4000/api/auth/login?x=1');
  });

  it('overwrites the address the browser claims with the one our hop saw', () => {
    const res = proxy(
      request('/backend/api/auth/login', { 'x-forwarded-for': '10.0.0.1, 1.2.3.4, 203.0.113.9' }),
    );
    expect(res.headers.get('x-middleware-request-x-forwarded-for')).toBe('203.0.113.9');
  });

  it('forwards /backend/images/* to the storefront’s /images/* without asking for a session', () => {
    const res = proxy(request('/backend/images/products/brazil-santos/1.webp'));
    expect(res.headers.get('x-middleware-rewrite')).toBe(
      'http://127.0.0.1:3000/images/products/brazil-santos/1.webp',
    );
    expect(res.headers.get('location')).toBeNull();
  });

  it('sends a visitor without the session cookie to sign-in', () => {
    const res = proxy(request('/backend/orders'));
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://admin.test/backend/login?next=%2Fbackend%2Forders');
    const signedIn = proxy(request('/backend/orders', { cookie: `${SESSION_COOKIE}=x` }));
    expect(signedIn.headers.get('location')).toBeNull();
  });
});
