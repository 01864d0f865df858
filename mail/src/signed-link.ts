import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * THE signature of every link the store mails to shoppers (docs/email.md "Signed links"): the
 * cart-recovery restore link (checkout/src/lead-link.ts), the newsletter's confirmation and
 * unsubscribe links (marketing-links.ts). A token is `<base64url JSON claims>.<base64url
 * HMAC-SHA256 of that text>` under LEAD_LINK_SECRET. Each kind of link has claims of its own shape
 * (a restore token has `l`, a newsletter token `p`), so a token of one kind never verifies as
 * another. Nothing personal in the claims: ids only, never an e-mail.
 */

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const hmac = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest();

export function signClaims(claims: Record<string, string | number>, secret: string): string {
  const payload = b64(JSON.stringify(claims));
  return `${payload}.${b64(hmac(payload, secret))}`;
}

/** The claims of a genuine token, or null (forged, truncated, not ours). Expiry is the caller's rule. */
export function verifyClaims(token: string, secret: string): Record<string, unknown> | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = hmac(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
