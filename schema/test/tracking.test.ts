import { describe, expect, it } from 'vitest';
import { trackingHosts, validTrackingIds } from '../src/analytics/tracking';
import { securityHeaders } from '../src/proxy/security-headers';

const csp = (tracking = {}) =>
  securityHeaders('production', tracking).find((h) => h.key === 'Content-Security-Policy')?.value ?? '';

describe('analytics hosts and the storefront CSP', () => {
  it('allows no outside script or connection while no id is set', () => {
    expect(csp()).toContain("script-src 'self' 'unsafe-inline';");
    expect(csp()).toContain("connect-src 'self';");
    expect(csp()).not.toMatch(/googletagmanager|facebook/);
  });

  it('allows exactly the hosts of the ids that are set', () => {
    const gtmOnly = csp({ gtmId: 'GTM-ABC1234' });
    expect(gtmOnly).toContain('script-src');
    expect(gtmOnly).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(gtmOnly).not.toContain('facebook');
    const both = csp({ gtmId: 'GTM-ABC1234', metaPixelId: '123456789012345' });
    expect(both).toMatch(/script-src [^;]*https:\/\/connect\.facebook\.net/);
    expect(both).toMatch(/connect-src [^;]*https:\/\/www\.facebook\.com/);
  });

  it('ignores malformed ids (they would be written into a script URL)', () => {
    expect(validTrackingIds({ gtmId: 'GTM-1"><script>', metaPixelId: 'abc' })).toEqual({
      gtmId: undefined,
      metaPixelId: undefined,
    });
    expect(trackingHosts({ gtmId: 'nope' }).script).toEqual([]);
  });
});
