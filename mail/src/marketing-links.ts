import { signClaims, verifyClaims } from './signed-link';

/*
 * The links of the store's marketing mail (docs/crm.md "Double opt-in", docs/email.md): the
 * newsletter's confirmation link, and the unsubscribe link every marketing mail carries (in its
 * body and as RFC 8058's List-Unsubscribe). Signed by the one signed-link implementation with
 * LEAD_LINK_SECRET; they name a subscriber or a lead by id, never an address.
 */

/** How long a confirmation link works: a week is enough to find the mail, short enough to go stale. */
export const NEWSLETTER_CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Who an unsubscribe link is for: a subscriber (welcome) or a lead (cart recovery). */
export type UnsubscribeTarget = { kind: 'subscriber'; id: string } | { kind: 'lead'; id: string };

export function signConfirmLink(subscriberId: string, secret: string, now = Date.now()): string {
  return signClaims(
    { p: 'newsletter-confirm', s: subscriberId, e: Math.floor((now + NEWSLETTER_CONFIRM_TTL_MS) / 1000) },
    secret,
  );
}

/** The subscriber of a genuine, unexpired confirmation token; null for anything else. */
export function verifyConfirmLink(token: string, secret: string, now = Date.now()): string | null {
  const c = verifyClaims(token, secret);
  if (c?.p !== 'newsletter-confirm' || typeof c.s !== 'string' || typeof c.e !== 'number') return null;
  return c.e * 1000 > now ? c.s : null;
}

/**
 * Unsubscribe links do not expire: a mail read months later must still let its reader leave, and
 * mailbox providers keep the one-click URL (RFC 8058). Unsubscribing is all such a link can do.
 */
export function signUnsubscribeLink(target: UnsubscribeTarget, secret: string): string {
  return signClaims({ p: 'unsubscribe', k: target.kind === 'lead' ? 'l' : 's', i: target.id }, secret);
}

export function verifyUnsubscribeLink(token: string, secret: string): UnsubscribeTarget | null {
  const c = verifyClaims(token, secret);
  if (c?.p !== 'unsubscribe' || typeof c.i !== 'string') return null;
  if (c.k === 's') return { kind: 'subscriber', id: c.i };
  if (c.k === 'l') return { kind: 'lead', id: c.i };
  return null;
}

/** The storefront's confirmation page for a token. */
export const confirmUrl = (storeUrl: string, token: string) =>
  `${storeUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;

/**
 * A mail's one unsubscribe URL, for its List-Unsubscribe header and its visible link alike: the
 * storefront's page, whose GET shows a button and whose POST (RFC 8058's one-click, from mailbox
 * providers) the storefront's proxy forwards to the gateway's `POST /api/newsletter/unsubscribe`.
 */
export const unsubscribeUrl = (storeUrl: string, token: string) =>
  `${storeUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
