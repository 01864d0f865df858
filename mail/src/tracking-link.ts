import { signClaims, verifyClaims } from './signed-link';

/*
 * The guest's order-tracking link (docs/order-tracking.md): checkout has no accounts, so the
 * link is the shopper's only key to the order's page. Signed by the one signed-link
 * implementation with LEAD_LINK_SECRET, like every link the store mails to shoppers. The claims
 * name the order by its id and say when the link stops working — no number, no e-mail, no
 * phone, so a leaked link tells nothing about who ordered. The gateway mints tokens (lookup,
 * confirmation page, a new link by e-mail) and checks them; the workers mint them for the
 * confirmation and status e-mails. Both import this module, so there is one rule.
 */

/** How long a tracking link works: 90 days covers delivery and the 30-day return window after it. */
export const TRACKING_LINK_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** A token for one order, valid for 90 days from `now`. */
export function signTrackingToken(orderId: string, secret: string, now = Date.now()): string {
  return signClaims(
    { p: 'order-track', o: orderId, e: Math.floor((now + TRACKING_LINK_TTL_MS) / 1000) },
    secret,
  );
}

/** The order id of a genuine, unexpired tracking token; null for anything else (forged, expired, another kind). */
export function verifyTrackingToken(token: string, secret: string, now = Date.now()): string | null {
  const c = verifyClaims(token, secret);
  if (c?.p !== 'order-track' || typeof c.o !== 'string' || typeof c.e !== 'number') return null;
  return c.e * 1000 > now ? c.o : null;
}

/**
 * The storefront's page for a token: `/orders/track/<token>` (base64url and one dot, safe in a
 * path segment). The page's language is the shopper's saved choice; an e-mail's link adds
 * `?lang=` so it opens in the language the mail was written in.
 */
export const trackingUrl = (storeUrl: string, token: string, locale?: 'en' | 'ar') =>
  `${storeUrl.replace(/\/+$/, '')}/orders/track/${encodeURIComponent(token)}${locale ? `?lang=${locale}` : ''}`;
