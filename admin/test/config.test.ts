import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { isConfigError, SERVICE_DEFAULTS } from '@qahwa/schema';
import { describe, expect, it } from 'vitest';
import { loadAdminConfig } from '@/lib/config';

const root = new URL('..', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the back-office config', () => {
  it('defaults to the local gateway', () => {
    expect(loadAdminConfig({})).toEqual({
      gatewayUrl: SERVICE_DEFAULTS.gatewayUrl,
      gatewayTimeoutMs: 10_000,
      trustedProxyHops: 1,
      temporalUiUrl: 'http://127.0.0.1:8233',
      temporalNamespace: 'default',
      storefrontUrl: SERVICE_DEFAULTS.storeUrl,
    });
  });

  it('takes the environment, without a trailing slash', () => {
    expect(
      loadAdminConfig({
        GATEWAY_URL: 'http://gateway:4000/',
        GATEWAY_TIMEOUT_MS: '2500',
        STOREFRONT_URL: 'https://shop.example.ae/',
      }),
    ).toEqual({
      gatewayUrl: 'http://gateway:4000',
      gatewayTimeoutMs: 2500,
      trustedProxyHops: 1,
      temporalUiUrl: 'http://127.0.0.1:8233',
      temporalNamespace: 'default',
      storefrontUrl: 'https://shop.example.ae',
    });
  });

  it('refuses a malformed setting at start, naming it', () => {
    const attempt = () => loadAdminConfig({ GATEWAY_URL: '127.0.0.1:4000', GATEWAY_TIMEOUT_MS: 'soon' });
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
