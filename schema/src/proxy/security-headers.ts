import { type TrackingIds, trackingHosts } from '../analytics/tracking';

/**
 * Stripe's own list for Stripe.js (docs.stripe.com/security/guide#content-security-policy): the
 * script, its API, and the frames of the card field, the wallet button and 3-D Secure. Allowed
 * whether or not a real key is set (the key is read at run time; these headers at build time).
 * The local Stripe.js double needs nothing here: it is served and relayed on our own origin.
 */
const STRIPE_HOSTS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};

/**
 * Tabby's promotional widget (SPEC 2.7, 7): tabby-promo.js from Tabby's checkout host, which draws
 * the widget and its "learn more" frame from there and asks Tabby's API. Only the storefront, only
 * the real host: the fake of development and tests is relayed on our own origin
 * (web/payments/tabby-promo-script.ts), so a build's CSP never has to name a local port.
 */
const TABBY_HOSTS = {
  script: ['https://checkout.tabby.ai'],
  connect: ['https://api.tabby.ai', 'https://checkout.tabby.ai'],
  frame: ['https://checkout.tabby.ai'],
};

/**
 * The security headers of both Next apps (storefront and back office), one rule for both.
 * Pure: next.config.ts of each app calls it with its mode.
 *
 * - CSP: only our own origin for scripts, styles, fonts and calls (the browser reaches the
 *   gateway through /api on the same origin). `'unsafe-inline'` stays for scripts and styles:
 *   the App Router streams inline bootstrap scripts, and nonces would force every page dynamic.
 *   `'unsafe-eval'` only in development, where React Refresh needs it.
 * - `frame-ancestors 'none'` (and X-Frame-Options for old browsers): no page of ours in a frame.
 * - nosniff, a referrer that leaves only our origin, no camera/microphone/geolocation.
 */
export function securityHeaders(
  mode: 'development' | 'production' | 'test',
  /** The storefront's analytics ids: each set id allows its provider's hosts, and nothing else does. */
  tracking: TrackingIds = {},
  /** The storefront takes cards (Stripe.js and its frames) and shows Tabby's widget; the back office neither. */
  options: { stripe?: boolean; tabby?: boolean } = {},
): { key: string; value: string }[] {
  const tracked = trackingHosts(tracking);
  const stripe = options.stripe ? STRIPE_HOSTS : { script: [], connect: [], frame: [] };
  const tabby = options.tabby ? TABBY_HOSTS : { script: [], connect: [], frame: [] };
  const hosts = {
    script: [...tracked.script, ...stripe.script, ...tabby.script],
    connect: [...tracked.connect, ...stripe.connect, ...tabby.connect],
    frame: [...tracked.frame, ...stripe.frame, ...tabby.frame],
  };
  const scriptSrc = [
    "'self'",
    "'unsafe-inline'",
    ...(mode === 'development' ? ["'unsafe-eval'"] : []),
    ...hosts.script,
  ];
  const connectSrc = ["'self'", ...(mode === 'development' ? ['ws:', 'wss:'] : []), ...hosts.connect];
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connectSrc.join(' ')}`,
    ...(hosts.frame.length > 0 ? [`frame-src ${hosts.frame.join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return [
    { key: 'Content-Security-Policy', value: csp },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  ];
}

/**
 * HSTS, sent only when the request reached us over TLS (the terminator in front says so with
 * X-Forwarded-Proto: https): over plain HTTP, as in development, it would mean nothing, and on
 * localhost it would pin every other local app to HTTPS.
 */
export const HSTS = { key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' };
