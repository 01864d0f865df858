import { readFileSync } from 'node:fs';
import { SEARCH_ATTRIBUTES } from '@qahwa/schema';
import { describe, expect, it } from 'vitest';
import { loadWorkflowsConfig } from '../src/config';

/** Tabby itself with a live key and a long webhook header: production's Tabby settings. */
const liveTabby = {
  TABBY_API_BASE: 'https://api.tabby.ai',
  TABBY_SECRET_KEY: 'sk_live_abc',
  TABBY_WEBHOOK_HEADER_VALUE: 'v'.repeat(32),
};

describe('the workflows config', () => {
  it('has working defaults, and activity concurrency follows the database pool', () => {
    const c = loadWorkflowsConfig({ NODE_ENV: 'development' });
    expect(c).toMatchObject({
      temporalAddress: '127.0.0.1:7233',
      temporalNamespace: 'default',
      checkoutTaskQueue: 'checkout',
      logLevel: 'info',
    });
    expect(c.activityConcurrency).toBe(c.db.poolSize);
    expect(loadWorkflowsConfig({ NODE_ENV: 'test', DB_POOL_SIZE: '4' }).activityConcurrency).toBe(4);
  });

  it('refuses, in production, test keys, the development webhook secrets and payment doubles', () => {
    expect(() => loadWorkflowsConfig({ ...liveTabby })).toThrow(/STRIPE_SECRET_KEY is a test key/);
    expect(() =>
      loadWorkflowsConfig({
        ...liveTabby,
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_dev_qahwa_double',
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
    const live = loadWorkflowsConfig({
      ...liveTabby,
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_real',
      LEAD_LINK_SECRET: 'l'.repeat(40),
    });
    expect(live.stripe).toMatchObject({ apiBase: null, secretKey: 'sk_live_abc', testMode: false });
    expect(live.tabby.testMode).toBe(false);
    // The workflows refuse what the gateway refuses: a double needs ALLOW_PAYMENT_DOUBLES=1 (the Docker demo).
    const demo = { STRIPE_API_BASE: 'http://stripe-mock:12111', LEAD_LINK_SECRET: 'l'.repeat(40) };
    expect(() => loadWorkflowsConfig(demo)).toThrow(
      /STRIPE_API_BASE is http:\/\/stripe-mock:12111, not Stripe/,
    );
    expect(loadWorkflowsConfig({ ...demo, ALLOW_PAYMENT_DOUBLES: '1' }).stripe.apiBase).toBe(
      'http://stripe-mock:12111',
    );
  });

  it('refuses the development lead-link secret in production (anyone could mint cart-restore links)', () => {
    const live = { ...liveTabby, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_real' };
    expect(() => loadWorkflowsConfig(live)).toThrow(/LEAD_LINK_SECRET/);
    expect(() => loadWorkflowsConfig({ ...live, LEAD_LINK_SECRET: 'short' })).toThrow(/LEAD_LINK_SECRET/);
    const ok = loadWorkflowsConfig({ ...live, LEAD_LINK_SECRET: 'l'.repeat(40), LEAD_LINK_TTL: '3d' });
    expect(ok.leadLink).toEqual({ secret: 'l'.repeat(40), ttlMs: 3 * 86_400_000 });
    expect(loadWorkflowsConfig({ NODE_ENV: 'test' }).leadLink.ttlMs).toBe(7 * 86_400_000);
  });

  it('refuses more concurrent activities than database connections, and names the variable', () => {
    expect(() => loadWorkflowsConfig({ DB_POOL_SIZE: '5', WORKFLOWS_ACTIVITY_CONCURRENCY: '8' })).toThrow(
      /WORKFLOWS_ACTIVITY_CONCURRENCY/,
    );
    expect(() => loadWorkflowsConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('registers on the dev server the very search attributes the workflows set', () => {
    const script = readFileSync(new URL('../../scripts/services.sh', import.meta.url), 'utf8');
    const list = /TEMPORAL_SEARCH_ATTRIBUTES=\(([^)]*)\)/.exec(script)?.[1]?.trim().split(/\s+/);
    expect(list).toEqual([...SEARCH_ATTRIBUTES]);
  });
});
