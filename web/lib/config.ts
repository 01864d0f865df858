import { parseEnv, revalidateSecretOf, runMode } from '@qahwa/schema/config';
import { SERVICE_DEFAULTS, TABBY_DEV_DEFAULTS } from '@qahwa/schema/reference';
import { z } from 'zod';

/**
 * The storefront's settings, read from the environment once when the server starts (never at
 * build time: Next inlines only NEXT_PUBLIC_* variables, so one build serves development, the
 * end-to-end tests and Docker alike).
 *
 * Not marked `server-only` because proxy.ts imports it, and Next has repeatedly rejected
 * `server-only` in the proxy (middleware) layer. One value is secret, the revalidation secret: read
 * from the server's environment when it runs, never inlined (Next inlines only NEXT_PUBLIC_*). A
 * client component must not import this module (it would see the defaults), which
 * web/test/config.test.ts checks.
 */
const WebEnv = z.object({
  /** Where server components and the /api proxy reach the gateway. */
  GATEWAY_URL: z.url().default(SERVICE_DEFAULTS.gatewayUrl),
  /** How long a server component waits for the gateway before showing the "unavailable" state. */
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * How many proxies in front of this app append to X-Forwarded-For (a TLS terminator: 1). The
   * client is that many entries from the right; anything left of it is the browser's claim.
   * 1 also fits `next start` facing browsers, which fills the header with the peer's address.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  /**
   * The bearer the gateway sends to POST /revalidate/catalogue when the catalogue changed; the
   * shared rule (schema/src/config/revalidation.ts): production refuses the development value.
   */
  REVALIDATE_SECRET: z.string().optional(),
  /**
   * The storefront's public origin (the same setting the gateway's e-mails link to): canonical,
   * Open Graph and JSON-LD URLs are built on it, never on the request's Host header, which the
   * client (or a cache in front) chooses. docs/security.md.
   */
  STOREFRONT_URL: z.url().default(SERVICE_DEFAULTS.storeUrl),
  /**
   * The longest the cached catalogue fetches live without a revalidation call: the safety net
   * for a call that never came (the storefront was restarting). docs/performance.md.
   */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().positive().default(60),
  /**
   * How long the content staff edit (offer banner, sliders) is cached when no revalidation call
   * came: it changes by hand and rarely, and the banner counts down in the browser. The end-to-end
   * tests shorten it to see an edit made behind the back office's back.
   */
  CONTENT_CACHE_SECONDS: z.coerce.number().int().positive().default(60),
  /**
   * Stripe's publishable key (pk_live_… / pk_test_…), read at run time and handed to the payment
   * step. Set: the browser loads the real Stripe.js. Unset (development, the end-to-end tests):
   * the storefront serves its Stripe.js double and relays it to STRIPE_DOUBLE_URL
   * (docs/web-payments.md). NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY is read too, under Next's usual name.
   */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(live|test)_\w+$/, 'STRIPE_PUBLISHABLE_KEY looks like pk_live_… or pk_test_…')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The stateful Stripe double (fakes/stripe) the Stripe.js double confirms at, when no key is set. */
  STRIPE_DOUBLE_URL: z.url().default('http://127.0.0.1:12120'),
  /**
   * Tabby's promotional widget (SPEC 2.7, 7; docs/web-pay-later.md): its public key, the merchant
   * code (SPEC 7 default 'GR') and where tabby-promo.js comes from (default: the Tabby fake of
   * `make dev`). Read at run time and handed to the widget by /payments/tabby/promo.js.
   */
  TABBY_PUBLIC_KEY: z
    .string()
    .regex(/^pk_(live|test)_\w+$/, 'TABBY_PUBLIC_KEY looks like pk_live_… or pk_test_…')
    .default(TABBY_DEV_DEFAULTS.TABBY_PUBLIC_KEY),
  TABBY_MERCHANT_CODE: z.string().trim().min(1).max(50).default(TABBY_DEV_DEFAULTS.TABBY_MERCHANT_CODE),
  TABBY_PROMO_SCRIPT_URL: z.url().default(TABBY_DEV_DEFAULTS.TABBY_PROMO_SCRIPT_URL),
});

export interface WebConfig {
  gatewayUrl: string;
  gatewayTimeoutMs: number;
  trustedProxyHops: number;
  /** Null in production without REVALIDATE_SECRET: POST /revalidate/catalogue refuses every call. */
  revalidateSecret: string | null;
  /** `https://shop.example.ae`: scheme, host and port of STOREFRONT_URL, no path. */
  publicOrigin: string;
  catalogueCacheSeconds: number;
  contentCacheSeconds: number;
  /** Unset: the payment step uses the Stripe.js double (web/payments/stripe-client-config.ts). */
  stripePublishableKey: string | undefined;
  stripeDoubleUrl: string;
  tabby: { publicKey: string; merchantCode: string; promoScriptUrl: string };
}

export function loadWebConfig(env: Record<string, string | undefined> = process.env): WebConfig {
  const parsed = parseEnv('web', WebEnv, {
    ...env,
    STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY || env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY,
  });
  return {
    // Paths are appended as `${gatewayUrl}/api/...`: no trailing slash.
    gatewayUrl: parsed.GATEWAY_URL.replace(/\/+$/, ''),
    gatewayTimeoutMs: parsed.GATEWAY_TIMEOUT_MS,
    trustedProxyHops: parsed.TRUSTED_PROXY_HOPS,
    // `next build` imports the server's modules to collect page data, in production mode, with
    // whatever environment the build machine has: the secret is the running server's to judge.
    revalidateSecret:
      env.NEXT_PHASE === 'phase-production-build'
        ? null
        : revalidateSecretOf('web', runMode(env.NODE_ENV), parsed.REVALIDATE_SECRET),
    publicOrigin: new URL(parsed.STOREFRONT_URL).origin,
    catalogueCacheSeconds: parsed.CATALOGUE_CACHE_SECONDS,
    contentCacheSeconds: parsed.CONTENT_CACHE_SECONDS,
    stripePublishableKey: parsed.STRIPE_PUBLISHABLE_KEY,
    stripeDoubleUrl: parsed.STRIPE_DOUBLE_URL.replace(/\/+$/, ''),
    tabby: {
      publicKey: parsed.TABBY_PUBLIC_KEY,
      merchantCode: parsed.TABBY_MERCHANT_CODE,
      promoScriptUrl: parsed.TABBY_PROMO_SCRIPT_URL,
    },
  };
}

export const webConfig: WebConfig = loadWebConfig();
export const { gatewayUrl, gatewayTimeoutMs } = webConfig;
