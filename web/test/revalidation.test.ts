import { isConfigError } from '@qahwa/schema';
import { describe, expect, it } from 'vitest';
import { loadWebConfig } from '@/lib/config';
import { bearerMatches } from '@/lib/revalidation';

const strong = 'r'.repeat(32);

describe('the catalogue revalidation call', () => {
  it('is taken only with the exact shared secret', () => {
    expect(bearerMatches('Bearer s3cret-value', 's3cret-value')).toBe(true);
    expect(bearerMatches('bearer s3cret-value', 's3cret-value')).toBe(true);
    expect(bearerMatches('Bearer s3cret-valuX', 's3cret-value')).toBe(false);
    expect(bearerMatches('Bearer s3cret', 's3cret-value')).toBe(false);
    expect(bearerMatches('', 's3cret-value')).toBe(false);
    expect(bearerMatches(null, 's3cret-value')).toBe(false);
  });

  it('is refused whatever is sent when the storefront has no secret (production without REVALIDATE_SECRET)', () => {
    expect(bearerMatches('Bearer dev-revalidate-secret', null)).toBe(false);
    expect(bearerMatches('Bearer ', null)).toBe(false);
    expect(bearerMatches('Bearer ', '')).toBe(false);
    expect(bearerMatches(null, null)).toBe(false);
  });
});

describe('the storefront’s revalidation secret', () => {
  it.each([
    ['the development value', 'dev-revalidate-secret'],
    ['a short one', 'only-twenty-one-chars'],
  ])('stops the storefront in production when it is %s', (_, secret) => {
    const attempt = () => loadWebConfig({ NODE_ENV: 'production', REVALIDATE_SECRET: secret });
    expect(attempt).toThrow(/REVALIDATE_SECRET must be at least 32 characters/);
    try {
      attempt();
    } catch (error) {
      expect(isConfigError(error)).toBe(true);
    }
  });

  it('is production unless NODE_ENV says development or test, as for every process', () => {
    expect(() => loadWebConfig({ REVALIDATE_SECRET: 'dev-revalidate-secret' })).toThrow(/REVALIDATE_SECRET/);
    expect(() => loadWebConfig({ NODE_ENV: 'staging', REVALIDATE_SECRET: 'dev-revalidate-secret' })).toThrow(
      /REVALIDATE_SECRET/,
    );
  });

  it('takes a strong one in production, and without one the endpoint takes no call', () => {
    expect(loadWebConfig({ NODE_ENV: 'production', REVALIDATE_SECRET: strong }).revalidateSecret).toBe(
      strong,
    );
    expect(loadWebConfig({ NODE_ENV: 'production' }).revalidateSecret).toBeNull();
  });

  it('is not judged while `next build` collects page data (the build is production, its environment is not the server’s)', () => {
    const build = { NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' };
    expect(
      loadWebConfig({ ...build, REVALIDATE_SECRET: 'dev-revalidate-secret' }).revalidateSecret,
    ).toBeNull();
    expect(() =>
      loadWebConfig({ NODE_ENV: 'production', REVALIDATE_SECRET: 'dev-revalidate-secret' }),
    ).toThrow(/REVALIDATE_SECRET/);
  });

  it('defaults to the development value in development and the tests', () => {
    expect(loadWebConfig({ NODE_ENV: 'development' }).revalidateSecret).toBe('dev-revalidate-secret');
    expect(loadWebConfig({ NODE_ENV: 'test', REVALIDATE_SECRET: 'mine' }).revalidateSecret).toBe('mine');
  });
});
