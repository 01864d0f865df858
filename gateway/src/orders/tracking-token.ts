import { signTrackingToken, verifyTrackingToken as verifyToken } from '@qahwa/mail';
import { type Locale, ORDER_ID_HEADER, ORDER_TOKEN_HEADER } from '@qahwa/schema';
import { t } from '../i18n/messages';
import { HttpError, isHttpError } from '../platform/errors';

/*
 * The guest's tracking token, as the gateway's routes use it (docs/order-tracking.md). The rule
 * (claims, 90 days, signature) lives in @qahwa/mail's tracking-link.ts, which the workers use
 * for the e-mails too; the secret is LEAD_LINK_SECRET (`config.leadLinkSecret`), the one that
 * signs every link mailed to shoppers, which production refuses to run with its default.
 */

/** A token for the order, valid for 90 days from `now`. */
export function trackingToken(orderId: string, secret: string, now = Date.now()): string {
  return signTrackingToken(orderId, secret, now);
}

/** The order id of a genuine, unexpired token; null when forged, altered or expired. */
export function verifyTrackingToken(token: string, secret: string, now = Date.now()): string | null {
  return verifyToken(token, secret, now);
}

/**
 * The order id of a route's `:token`, or the one 404 every tracking route answers for a bad link
 * (`TRACKING_LINK_EXPIRED`, in the shopper's language). Routes under /api/orders/track/:token
 * (the view, documents, returns) start with this.
 */
export function orderIdOfToken(token: string, secret: string, locale: Locale, now = Date.now()): string {
  const orderId = verifyToken(token, secret, now);
  if (orderId === null) throw new HttpError(404, 'TRACKING_LINK_EXPIRED', t('trackingLinkExpired', locale));
  return orderId;
}

/**
 * A refusal that names the order the shopper's cart already is (ALREADY_ORDERED,
 * PAYMENT_DUPLICATE_REFUNDED: `ORDER_ID_HEADER`) gets that order's tracking token beside it, for
 * the notice's link to its confirmation. Only routes answering the holder of the cart's keys use
 * it, as the order answer carries the token to whoever holds the order's key. Returns `err`.
 */
export function withOrderToken(err: unknown, secret: string): unknown {
  const orderId = isHttpError(err) ? err.headers[ORDER_ID_HEADER] : undefined;
  if (isHttpError(err) && orderId) err.headers[ORDER_TOKEN_HEADER] = trackingToken(orderId, secret);
  return err;
}
