import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

/** Production with every other secret its own, and doubles allowed: only the revalidation secret is in question. */
const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  ADMIN_EMAIL: 'owner@qahwa.ae',
  ADMIN_PASSWORD: 'a long and private passphrase',
  STRIPE_SECRET_KEY: 'sk_live_real',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_real',
  LEAD_LINK_SECRET: 'l'.repeat(40),
  ALLOW_PAYMENT_DOUBLES: '1',
};
const storefront = { STOREFRONT_REVALIDATE_URLS: 'https://shop.example.ae/revalidate/catalogue' };

describe('the gateway’s storefront revalidation secret (the storefront’s rule, schema/src/config/revalidation.ts)', () => {
  it('refuses the development value in production, even with no storefront to tell yet', () => {
    for (const env of [{}, storefront]) {
      expect(() => loadConfig({ ...production, ...env, REVALIDATE_SECRET: 'dev-revalidate-secret' })).toThrow(
        /REVALIDATE_SECRET must be at least 32 characters/,
      );
    }
  });

  it('needs one to tell storefronts in production, and none when it tells nobody', () => {
    expect(() => loadConfig({ ...production, ...storefront })).toThrow(/needs REVALIDATE_SECRET/);
    expect(loadConfig(production).storefrontRevalidation).toEqual({ urls: [], secret: '' });
    const secret = 's'.repeat(48);
    expect(
      loadConfig({ ...production, ...storefront, REVALIDATE_SECRET: secret }).storefrontRevalidation,
    ).toEqual({
      urls: [storefront.STOREFRONT_REVALIDATE_URLS],
      secret,
    });
  });

  it('sends the development value in development and the tests', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).storefrontRevalidation.secret).toBe('dev-revalidate-secret');
  });
});
