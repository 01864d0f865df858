import { describe, expect, it } from 'vitest';
import { isConfigError, loadConfig } from '../src/config';
import { localeOf } from '../src/i18n/messages';

const strong = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  ADMIN_EMAIL: 'owner@qahwa.ae',
  ADMIN_PASSWORD: 'a long and private passphrase',
  STRIPE_SECRET_KEY: 'sk_live_real',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_real',
  LEAD_LINK_SECRET: 'l'.repeat(40),
  TABBY_API_BASE: 'https://api.tabby.ai',
  TABBY_SECRET_KEY: 'sk_live_real',
  TABBY_WEBHOOK_HEADER_VALUE: 'v'.repeat(32),
};

describe('gateway configuration', () => {
  it('starts in development with the documented defaults', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.sessionSecret).toBe('dev-session-secret-change-me');
    expect(config.trustProxy).toEqual(['loopback']);
  });

  it.each([[{}], [{ NODE_ENV: 'staging' }], [{ NODE_ENV: 'Development' }]])(
    'is production unless NODE_ENV says development or test: %o refuses the dev secrets',
    (env) => {
      expect(() => loadConfig(env)).toThrow(
        'Refusing to start in production with default or missing secrets: SESSION_SECRET, ADMIN_EMAIL, ADMIN_PASSWORD, STRIPE_SECRET_KEY, LEAD_LINK_SECRET',
      );
    },
  );

  it('keeps the production per-address limits by default, one minute each', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimits).toEqual({
      orders: { max: 30, timeWindow: 60_000 },
      signIn: { max: 10, timeWindow: 60_000 },
      notFound: { max: 60, timeWindow: 60_000 },
      messages: { max: 5, timeWindow: 60_000 },
      views: { max: 120, timeWindow: 60_000 },
      contentReads: { max: 600, timeWindow: 60_000 },
      leads: { max: 30, timeWindow: 60_000 },
      coupons: { max: 10, timeWindow: 60_000 },
      couponCode: { max: 30, timeWindow: 60_000 },
      couponsAll: { max: 300, timeWindow: 60_000 },
    });
  });

  it('reads the per-address limits from the environment and refuses a limit of nothing', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      RATE_LIMIT_ORDERS: '100000',
      RATE_LIMIT_SIGN_IN: '5000',
      RATE_LIMIT_NOT_FOUND: '7000',
      RATE_LIMIT_MESSAGES: '8000',
      RATE_LIMIT_VIEWS: '9000',
      RATE_LIMIT_CONTENT_READS: '9500',
      RATE_LIMIT_LEADS: '9600',
      RATE_LIMIT_COUPONS: '9700',
      RATE_LIMIT_COUPON_CODE: '9800',
      RATE_LIMIT_COUPONS_ALL: '9900',
      RATE_LIMIT_WINDOW_MS: '1000',
    });
    expect(config.rateLimits).toEqual({
      orders: { max: 100_000, timeWindow: 1000 },
      signIn: { max: 5000, timeWindow: 1000 },
      notFound: { max: 7000, timeWindow: 1000 },
      messages: { max: 8000, timeWindow: 1000 },
      views: { max: 9000, timeWindow: 1000 },
      contentReads: { max: 9500, timeWindow: 1000 },
      leads: { max: 9600, timeWindow: 1000 },
      coupons: { max: 9700, timeWindow: 1000 },
      couponCode: { max: 9800, timeWindow: 1000 },
      couponsAll: { max: 9900, timeWindow: 1000 },
    });
    expect(() => loadConfig({ NODE_ENV: 'test', RATE_LIMIT_ORDERS: '0' })).toThrow(/RATE_LIMIT_ORDERS/);
    expect(() => loadConfig({ NODE_ENV: 'test', RATE_LIMIT_SIGN_IN: 'lots' })).toThrow(/RATE_LIMIT_SIGN_IN/);
  });

  it('refuses a malformed setting, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', GATEWAY_PORT: 'four thousand' })).toThrow(/GATEWAY_PORT/);
  });

  it('reads the trusted proxies as an address list', () => {
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '172.16.0.0/12, loopback' }).trustProxy).toEqual([
      '172.16.0.0/12',
      'loopback',
    ]);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: ' , ' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses to start in production with a default or missing secret, naming each one', () => {
    let thrown: unknown;
    try {
      loadConfig({ ...strong, SESSION_SECRET: 'dev-session-secret-change-me', ADMIN_PASSWORD: undefined });
    } catch (err) {
      thrown = err;
    }
    expect(isConfigError(thrown)).toBe(true);
    expect((thrown as Error).message).toBe(
      'Refusing to start in production with default or missing secrets: SESSION_SECRET, ADMIN_PASSWORD',
    );
  });

  it('refuses a short session secret in production', () => {
    expect(() => loadConfig({ ...strong, SESSION_SECRET: 'short-but-not-default' })).toThrow(/at least 32/);
  });

  it('starts in production when every secret is set', () => {
    expect(loadConfig(strong).env).toBe('production');
    expect(loadConfig(strong).testPayments).toBe(false);
  });

  it('refuses payment doubles and test keys in production unless ALLOW_PAYMENT_DOUBLES=1, then says so', () => {
    const demo = {
      ...strong,
      STRIPE_API_BASE: 'http://stripe-mock:12111',
      STRIPE_SECRET_KEY: 'sk_test_demo',
    };
    expect(() => loadConfig(demo)).toThrow(
      /Stripe in test mode \(no money is taken\).*ALLOW_PAYMENT_DOUBLES=1/,
    );
    expect(() => loadConfig({ ...strong, TABBY_API_BASE: 'http://tabby-fake:4010' })).toThrow(
      /Tabby in test mode \(no money is taken\): TABBY_API_BASE is http:\/\/tabby-fake:4010, not Tabby/,
    );
    expect(loadConfig({ ...demo, ALLOW_PAYMENT_DOUBLES: '1' }).testPayments).toBe(true);
    expect(() => loadConfig({ ...demo, ALLOW_PAYMENT_DOUBLES: 'yes' })).toThrow(/ALLOW_PAYMENT_DOUBLES/);
    // Development and the tests take the doubles as they are, and every page says so.
    expect(loadConfig({ NODE_ENV: 'development' }).testPayments).toBe(true);
  });

  it('names one Cloudinary upload preset per kind of image, and production sends images to Cloudinary only', () => {
    const keys = { CLOUDINARY_URL: 'cloudinary://key:secret@demo' };
    expect(
      loadConfig({ NODE_ENV: 'test', ...keys, CLOUDINARY_PRESET_SLIDER: 'home_banners' }).uploads.cloudinary
        ?.presets,
    ).toEqual({
      product: 'qahwa_products',
      gallery: 'qahwa_products_gallery',
      variation: 'qahwa_products_variations',
      category: 'qahwa_categories',
      slider: 'home_banners',
      return: 'qahwa_returns',
    });
    // One preset for every kind is gone: a left-over setting is named, not ignored.
    expect(() => loadConfig({ NODE_ENV: 'test', ...keys, CLOUDINARY_UPLOAD_PRESET: 'all' })).toThrow(
      /CLOUDINARY_UPLOAD_PRESET.*one preset per kind/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', CLOUDINARY_PRESET_PRODUCT: 'has spaces' })).toThrow(
      /CLOUDINARY_PRESET_PRODUCT/,
    );
    expect(() => loadConfig({ ...strong, ...keys, CLOUDINARY_API_BASE: 'http://127.0.0.1:4999' })).toThrow(
      /CLOUDINARY_API_BASE=http:\/\/127\.0\.0\.1:4999: images go to https:\/\/api\.cloudinary\.com only/,
    );
    expect(loadConfig({ ...strong, ...keys }).uploads.cloudinary?.apiBase).toBe('https://api.cloudinary.com');
  });

  it('learns the back office’s origin from BACKOFFICE_URL, and a staff session’s idle period', () => {
    const config = loadConfig({ NODE_ENV: 'test', BACKOFFICE_URL: 'https://admin.qahwa.ae/backend' });
    expect(config.backOfficeOrigin).toBe('https://admin.qahwa.ae');
    expect(config.sessionIdleMs).toBe(8 * 3600_000);
    expect(loadConfig({ NODE_ENV: 'test', SESSION_IDLE_HOURS: '0.5' }).sessionIdleMs).toBe(1800_000);
  });

  it('signs in to NATS with NATS_USER and NATS_PASSWORD when they are set (docker-compose.yml)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).nats).toEqual({ servers: 'nats://127.0.0.1:4222' });
    const env = { NODE_ENV: 'test', NATS_URL: 'nats://nats:4222', NATS_USER: 'qahwa', NATS_PASSWORD: 'p w' };
    expect(loadConfig(env).nats).toEqual({ servers: 'nats://nats:4222', user: 'qahwa', pass: 'p w' });
    expect(() => loadConfig({ NODE_ENV: 'test', NATS_PASSWORD: 'p' })).toThrow(/NATS_USER and NATS_PASSWORD/);
  });

  it('reads what may lag from DATABASE_READ_URL (a standby), and from the primary when it is unset', () => {
    const primary = 'postgres://qahwa:qahwa@127.0.0.1:5250/qahwa';
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: primary }).db.readUrl).toBe(primary);
    const standby = 'postgres://qahwa:qahwa@127.0.0.1:5251/qahwa';
    const both = loadConfig({ NODE_ENV: 'test', DATABASE_URL: primary, DATABASE_READ_URL: standby });
    expect(both.db).toMatchObject({ url: primary, readUrl: standby });
  });

  it('connects to every server of a NATS cluster listed in NATS_URL, separated by commas', () => {
    const env = {
      NODE_ENV: 'test',
      NATS_URL: 'nats://127.0.0.1:5222, nats://127.0.0.1:5223,nats://127.0.0.1:5224',
    };
    expect(loadConfig(env).nats.servers).toEqual([
      'nats://127.0.0.1:5222',
      'nats://127.0.0.1:5223',
      'nats://127.0.0.1:5224',
    ]);
  });

  it('gives a shutdown longer than an order waits for its workflow', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).shutdownGraceMs).toBe(30_000);
    expect(() => loadConfig({ NODE_ENV: 'test', SHUTDOWN_GRACE_MS: '20000' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });
});

describe('the shopper language', () => {
  it.each([
    [{ 'x-locale': 'ar' }, 'ar'],
    [{ cookie: 'a=b; NEXT_LOCALE=ar' }, 'ar'],
    [{ 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.8' }, 'ar'],
    [{ 'accept-language': 'en-GB,ar;q=0.5' }, 'en'],
    [{ cookie: 'NEXT_LOCALE=en', 'accept-language': 'ar' }, 'en'],
    [{}, 'en'],
  ])('%o → %s', (headers, expected) => {
    expect(localeOf(headers)).toBe(expected);
  });
});
