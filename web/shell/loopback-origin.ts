const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where a page opened on another loopback name of the store belongs: `http://localhost:3000/cart`
 * when the store's origin (STOREFRONT_URL) is `http://127.0.0.1:3000` is the same server, but the
 * browser keeps the cart and a pay-later checkout per origin, and Tabby, Stripe and every e-mail
 * send the shopper back to the configured one. Null when the page is on the configured origin, or
 * either side is not a loopback name on the same scheme and port (a public store is never moved).
 */
export function loopbackTwin(current: string, configuredOrigin: string): string | null {
  const here = new URL(current);
  const origin = new URL(configuredOrigin);
  if (here.origin === origin.origin) return null;
  if (!LOOPBACK.has(here.hostname) || !LOOPBACK.has(origin.hostname)) return null;
  if (here.protocol !== origin.protocol || here.port !== origin.port) return null;
  return `${origin.origin}${here.pathname}${here.search}${here.hash}`;
}

/** Whether the store's configured origin is this machine's: only then may LoopbackOrigin move a page. */
export function isLoopbackOrigin(origin: string): boolean {
  return LOOPBACK.has(new URL(origin).hostname);
}
