import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The cart-recovery link's token (issue 9): it names the lead and when it stops working, and
 * nothing else — no cart contents, no e-mail in the URL. HMAC-SHA256 over the payload with
 * LEAD_LINK_SECRET, which the workflows (that sign, in the e-mail) and the gateway (that checks,
 * when the link is opened) share. `<base64url payload>.<base64url signature>`.
 */
export interface LeadLinkClaims {
  leadId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest();

export function signLeadLink(claims: LeadLinkClaims, secret: string): string {
  const payload = b64(JSON.stringify({ l: claims.leadId, e: claims.expiresAt }));
  return `${payload}.${b64(sign(payload, secret))}`;
}

/** The claims of a genuine, unexpired token; null for anything else (the caller says "expired"). */
export function verifyLeadLink(token: string, secret: string, now = Date.now()): LeadLinkClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { l, e } = (claims ?? {}) as { l?: unknown; e?: unknown };
  if (typeof l !== 'string' || typeof e !== 'number') return null;
  if (e * 1000 <= now) return null;
  return { leadId: l, expiresAt: e };
}
