import { describe, expect, it } from 'vitest';
import { isConfigError, loadConfig } from '../../src/config';

/** Pay later's settings (docs/pay-later.md): production against Tabby itself refuses the public dev values. */
const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  ADMIN_EMAIL: 'owner@qahwa.ae',
  ADMIN_PASSWORD: 'a long and private passphrase',
  STRIPE_SECRET_KEY: 'sk_live_real',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_real',
  LEAD_LINK_SECRET: 'l'.repeat(40),
  TABBY_API_BASE: 'https://api.tabby.ai',
};

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return null;
  } catch (err) {
    if (!isConfigError(err)) throw err;
    return err.message;
  }
};

describe('pay-later settings', () => {
  it('development: the fake on :4010, the dev key and header, 30 minutes and growing looks', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.tabby).toMatchObject({
      apiBase: 'http://127.0.0.1:4010',
      merchantCode: 'GR',
      webhookHeader: { title: 'X-Qahwa-Tabby-Token', value: 'dev_tabby_webhook_qahwa' },
    });
    expect(config.payLater.timing).toEqual({
      expiryMs: 30 * 60_000,
      pollMs: [10_000, 30_000, 60_000, 120_000, 300_000],
    });
  });

  it('production against Tabby refuses a test key and the development or a short header value', () => {
    const live = {
      ...production,
      TABBY_SECRET_KEY: 'sk_live_abc',
      TABBY_WEBHOOK_HEADER_VALUE: 'v'.repeat(32),
    };
    expect(refusal(live)).toBeNull();
    expect(refusal({ ...live, TABBY_SECRET_KEY: 'sk_test_abc' })).toMatch(/TABBY_SECRET_KEY is a test key/);
    expect(refusal({ ...live, TABBY_WEBHOOK_HEADER_VALUE: undefined as unknown as string })).toMatch(
      /TABBY_WEBHOOK_HEADER_VALUE/,
    );
    expect(refusal({ ...live, TABBY_WEBHOOK_HEADER_VALUE: 'short' })).toMatch(/TABBY_WEBHOOK_HEADER_VALUE/);
  });

  it('a production build pointed at the fake (the Docker demo) keeps the development values only with ALLOW_PAYMENT_DOUBLES=1', () => {
    for (const host of ['http://tabby-fake:4010', 'http://127.0.0.1:4010', 'http://localhost:4010']) {
      expect(refusal({ ...production, TABBY_API_BASE: host })).toMatch(/Tabby in test mode/);
      expect(refusal({ ...production, TABBY_API_BASE: host, ALLOW_PAYMENT_DOUBLES: '1' })).toBeNull();
    }
  });
});
