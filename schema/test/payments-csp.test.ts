import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/proxy/security-headers';

const csp = (options?: { stripe?: boolean }) =>
  securityHeaders('production', {}, options).find((h) => h.key === 'Content-Security-Policy')?.value ?? '';
const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('the storefront CSP and Stripe.js', () => {
  it("lets the storefront load Stripe.js, call Stripe's API and frame its card field and wallet button", () => {
    const policy = csp({ stripe: true });
    expect(directive(policy, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(policy, 'connect-src')).toContain('https://api.stripe.com');
    expect(directive(policy, 'frame-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    // Our own origin stays the only other source; nothing is opened wider than Stripe asks.
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('keeps the back office (no option) closed to Stripe', () => {
    const policy = csp();
    expect(policy).not.toContain('stripe.com');
    expect(directive(policy, 'frame-src')).toEqual([]);
  });
});
