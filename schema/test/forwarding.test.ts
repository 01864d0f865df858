import { describe, expect, it } from 'vitest';
import { clientAddress, forwardedHeaders } from '../src/proxy/forwarding';
import { securityHeaders } from '../src/proxy/security-headers';

describe('the client address a proxy believes', () => {
  it.each([
    ['203.0.113.9', 1, '203.0.113.9'],
    ['6.6.6.6, 203.0.113.9', 1, '203.0.113.9'],
    ['6.6.6.6, 203.0.113.9, 10.0.0.2', 2, '203.0.113.9'],
    ['203.0.113.9', 2, '203.0.113.9'],
    ['not-an-address', 1, null],
    ['', 1, null],
  ] as const)('%s with %i trusted hops → %s', (header, hops, expected) => {
    expect(clientAddress(header, hops)).toBe(expected);
  });

  it('replaces X-Forwarded-For and drops the other claimed-address headers', () => {
    const headers = forwardedHeaders(
      new Headers({
        'x-forwarded-for': '6.6.6.6, 198.51.100.4',
        'x-real-ip': '6.6.6.6',
        forwarded: 'for=6.6.6.6',
      }),
      1,
    );
    expect(headers.get('x-forwarded-for')).toBe('198.51.100.4');
    expect(headers.get('x-real-ip')).toBeNull();
    expect(headers.get('forwarded')).toBeNull();
  });
});

describe('the apps’ security headers', () => {
  const csp = (mode: 'development' | 'production') =>
    securityHeaders(mode).find((h) => h.key === 'Content-Security-Policy')?.value ?? '';

  it('never allows eval in production, and frames nowhere', () => {
    expect(csp('production')).not.toContain('unsafe-eval');
    expect(csp('production')).toContain("frame-ancestors 'none'");
    expect(csp('development')).toContain("'unsafe-eval'");
  });
});
