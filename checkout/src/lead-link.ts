import { signClaims, verifyClaims } from '@qahwa/mail';

/**
 * The cart-recovery link's token: it names the lead and when it stops working, and
 * nothing else — no cart contents, no e-mail in the URL. Signed by mail's one signed-link
 * implementation with LEAD_LINK_SECRET, which the workflows (that sign, in the e-mail) and the
 * gateway (that checks, when the link is opened) share.
 */
export interface LeadLinkClaims {
  leadId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export function signLeadLink(claims: LeadLinkClaims, secret: string): string {
  return signClaims({ l: claims.leadId, e: claims.expiresAt }, secret);
}

/** The claims of a genuine, unexpired token; null for anything else (the caller says "expired"). */
export function verifyLeadLink(token: string, secret: string, now = Date.now()): LeadLinkClaims | null {
  const claims = verifyClaims(token, secret);
  const { l, e } = (claims ?? {}) as { l?: unknown; e?: unknown };
  if (typeof l !== 'string' || typeof e !== 'number') return null;
  if (e * 1000 <= now) return null;
  return { leadId: l, expiresAt: e };
}
