import { timingSafeEqual } from 'node:crypto';

/**
 * `Authorization: Bearer <secret>`, compared in constant time (the secret must not leak by timing).
 * No secret (production without REVALIDATE_SECRET) matches nothing.
 */
export function bearerMatches(header: string | null, secret: string | null): boolean {
  if (secret === null || secret === '') return false;
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(secret);
  return header !== null && given.length === expected.length && timingSafeEqual(given, expected);
}
