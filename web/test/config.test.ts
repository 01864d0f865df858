import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { isConfigError, SERVICE_DEFAULTS } from '@qahwa/schema';
import { TABBY_DEV_DEFAULTS } from '@qahwa/schema/reference';
import { describe, expect, it } from 'vitest';
import { loadWebConfig } from '@/lib/config';

const root = new URL('..', import.meta.url).pathname;
// The Tabby fake of `make dev` and its public test key (SPEC 7: merchant code 'GR').
const devTabby = {
  publicKey: TABBY_DEV_DEFAULTS.TABBY_PUBLIC_KEY,
  merchantCode: 'GR',
  promoScriptUrl: TABBY_DEV_DEFAULTS.TABBY_PROMO_SCRIPT_URL,
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the storefront config', () => {
  it('defaults to the local gateway', () => {
    expect(loadWebConfig({ NODE_ENV: 'development' })).toEqual({
      gatewayUrl: SERVICE_DEFAULTS.gatewayUrl,
      gatewayTimeoutMs: 10_000,
      trustedProxyHops: 1,
      revalidateSecret: 'dev-revalidate-secret',
      publicOrigin: SERVICE_DEFAULTS.storeUrl,
      catalogueCacheSeconds: 60,
      contentCacheSeconds: 60,
      stripeDoubleUrl: 'http://127.0.0.1:12120',
      tabby: devTabby,
    });
  });

  it('takes the environment, without a trailing slash', () => {
    expect(
      loadWebConfig({
        NODE_ENV: 'test',
        GATEWAY_URL: 'http://gateway:4000/',
        GATEWAY_TIMEOUT_MS: '2500',
        STOREFRONT_URL: 'https://shop.example.ae/ar/',
      }),
    ).toEqual({
      gatewayUrl: 'http://gateway:4000',
      gatewayTimeoutMs: 2500,
      trustedProxyHops: 1,
      revalidateSecret: 'dev-revalidate-secret',
      publicOrigin: 'https://shop.example.ae',
      catalogueCacheSeconds: 60,
      contentCacheSeconds: 60,
      stripeDoubleUrl: 'http://127.0.0.1:12120',
      tabby: devTabby,
    });
  });

  it("takes Tabby's widget settings, and refuses a public key that is not one", () => {
    expect(
      loadWebConfig({
        TABBY_PUBLIC_KEY: 'pk_live_abc123',
        TABBY_MERCHANT_CODE: 'QAHWA',
        TABBY_PROMO_SCRIPT_URL: 'https://checkout.tabby.ai/tabby-promo.js',
      }).tabby,
    ).toEqual({
      publicKey: 'pk_live_abc123',
      merchantCode: 'QAHWA',
      promoScriptUrl: 'https://checkout.tabby.ai/tabby-promo.js',
    });
    expect(() => loadWebConfig({ TABBY_PUBLIC_KEY: 'sk_test_secret' })).toThrow(/TABBY_PUBLIC_KEY/);
  });

  it('refuses a malformed setting at start, naming it', () => {
    const attempt = () => loadWebConfig({ GATEWAY_URL: '127.0.0.1:4000', GATEWAY_TIMEOUT_MS: 'soon' });
    expect(attempt).toThrow(/GATEWAY_URL/);
    expect(attempt).toThrow(/GATEWAY_TIMEOUT_MS/);
    try {
      attempt();
    } catch (error) {
      expect(isConfigError(error)).toBe(true);
    }
  });

  it('is not imported by client components (they would see only the defaults)', () => {
    const config = resolve(root, 'lib/config.ts');
    const offenders = files(root).filter((path) => {
      const source = readFileSync(path, 'utf8');
      if (!/^['"]use client['"]/m.test(source)) return false;
      return [...source.matchAll(/from '(\.[^']+)'/g)].some(
        (m) => resolve(join(path, '..'), `${m[1]}.ts`) === config,
      );
    });
    expect(offenders.map((p) => relative(root, p))).toEqual([]);
  });
});
