import { describe, expect, it } from 'vitest';
import { signClaims } from '../src/signed-link';
import {
  signTrackingToken,
  TRACKING_LINK_TTL_MS,
  trackingUrl,
  verifyTrackingToken,
} from '../src/tracking-link';

/* The guest's tracking link (docs/order-tracking.md): signed, 90 days, nothing personal. */
const secret = 'a-test-secret-of-enough-length-for-links';
const orderId = '0b5f7f9e-6a4c-4c59-9a55-2c7f8b1d3e10';
const now = Date.UTC(2026, 10, 28, 6, 0, 0);

describe('the tracking token', () => {
  it('opens its order until 90 days have passed, and not a second after', () => {
    const token = signTrackingToken(orderId, secret, now);
    expect(verifyTrackingToken(token, secret, now)).toBe(orderId);
    expect(verifyTrackingToken(token, secret, now + TRACKING_LINK_TTL_MS - 1000)).toBe(orderId);
    expect(verifyTrackingToken(token, secret, now + TRACKING_LINK_TTL_MS)).toBeNull();
    expect(TRACKING_LINK_TTL_MS).toBe(90 * 24 * 3600 * 1000);
  });

  it('refuses a forged, altered or truncated token, another secret and another kind of link', () => {
    const token = signTrackingToken(orderId, secret, now);
    const [payload, signature] = token.split('.') as [string, string];
    const otherOrder = Buffer.from(
      JSON.stringify({ p: 'order-track', o: 'another-order', e: Math.floor(now / 1000) + 3600 }),
    ).toString('base64url');
    expect(verifyTrackingToken(`${otherOrder}.${signature}`, secret, now)).toBeNull();
    expect(verifyTrackingToken(payload, secret, now)).toBeNull();
    expect(verifyTrackingToken(`${token}x`, secret, now)).toBeNull();
    expect(verifyTrackingToken(token, 'another-secret-of-enough-length-for-links', now)).toBeNull();
    // A newsletter link signed with the same secret is not a tracking link.
    const newsletter = signClaims({ p: 'newsletter-confirm', s: orderId, e: now / 1000 + 3600 }, secret);
    expect(verifyTrackingToken(newsletter, secret, now)).toBeNull();
  });

  it('carries the order id and expiry only: no number, e-mail or phone', () => {
    const token = signTrackingToken(orderId, secret, now);
    const claims = JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString('utf8'));
    expect(Object.keys(claims).sort()).toEqual(['e', 'o', 'p']);
  });

  it('makes the storefront URL, in the mail language when given', () => {
    expect(trackingUrl('https://qahwa.ae/', 'abc.def')).toBe('https://qahwa.ae/orders/track/abc.def');
    expect(trackingUrl('https://qahwa.ae', 'abc.def', 'ar')).toBe(
      'https://qahwa.ae/orders/track/abc.def?lang=ar',
    );
  });
});
