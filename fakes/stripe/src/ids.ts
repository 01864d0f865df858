import { randomBytes } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The random part of a Stripe id (`pi_…`, `ch_…`, `re_…`). */
export function randomId(length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += BASE62[b % 62];
  return out;
}

/** Stripe's clock: Unix seconds. */
export const now = () => Math.floor(Date.now() / 1000);
