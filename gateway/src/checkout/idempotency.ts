import { createHash, randomUUID } from 'node:crypto';
import type { IdempotencyRepository } from '@qahwa/db';
import { type CreateOrderRequest, IDEMPOTENCY_KEY_TTL_MS, orderFingerprintSource } from '@qahwa/schema';

/** What an Idempotency-Key may look like (docs/decisions.md). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,200}$/;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export type CheckoutClaim =
  /** A checkout to run; `fresh` when this request bound the key (no order can exist yet). */
  | { kind: 'run'; checkoutId: string; fresh: boolean }
  /** The key names an earlier request with other details: refuse (422). */
  | { kind: 'mismatch' };

/**
 * The first links of the idempotency chain (STYLE.md): browser key → checkout id. A key is bound
 * to a fingerprint of the order it first came with, for 24 h, as Stripe does: the same key and
 * order joins the same checkout; the same key with another order is refused instead of silently
 * answering with the first order. Without a key every request is its own checkout.
 */
export async function claimCheckout(
  repo: IdempotencyRepository,
  key: string | undefined,
  order: CreateOrderRequest,
): Promise<CheckoutClaim> {
  const checkoutId = `cod-${randomUUID()}`;
  if (key === undefined) return { kind: 'run', checkoutId, fresh: true };
  const keyHash = sha256(`orders:${key}`);
  const outcome = await repo.claim({
    keyHash,
    scope: 'orders',
    fingerprint: sha256(orderFingerprintSource(order)),
    resourceId: checkoutId,
    ttlMs: IDEMPOTENCY_KEY_TTL_MS,
  });
  if (outcome.kind === 'mismatch') return { kind: 'mismatch' };
  return { kind: 'run', checkoutId: outcome.resourceId, fresh: outcome.kind === 'created' };
}
