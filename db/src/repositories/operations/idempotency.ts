import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { idempotencyKeys } from '../../schema';

export interface IdempotencyClaim {
  /** SHA-256 of scope and key: the raw key is never stored. */
  keyHash: string;
  scope: string;
  /** SHA-256 of the request the key was first used with. */
  fingerprint: string;
  /** What a fresh key resolves to (for an order, a new checkout id). */
  resourceId: string;
  ttlMs: number;
}

export type IdempotencyOutcome =
  /** The key is new (or its earlier use expired): it now names `resourceId`. */
  | { kind: 'created'; resourceId: string }
  /** The key was used before with the same request: answer as for `resourceId`. */
  | { kind: 'replay'; resourceId: string }
  /** The key was used before with another request: refuse. */
  | { kind: 'mismatch' };

export function createIdempotencyRepository(db: DbOrTx) {
  return {
    /**
     * Binds a key to a request, Stripe's way, in one statement for the usual (new key) case: the
     * primary key makes concurrent first uses agree on one resource; an expired key is taken over
     * as if new. A key in force is never changed here.
     */
    async claim(c: IdempotencyClaim, tx: DbOrTx = db): Promise<IdempotencyOutcome> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const expiresAt = sql`now() + make_interval(secs => ${c.ttlMs / 1000})`;
        const [won] = await tx
          .insert(idempotencyKeys)
          .values({
            keyHash: c.keyHash,
            scope: c.scope,
            fingerprint: c.fingerprint,
            resourceId: c.resourceId,
            expiresAt,
          })
          .onConflictDoUpdate({
            target: idempotencyKeys.keyHash,
            set: {
              scope: sql`excluded.scope`,
              fingerprint: sql`excluded.fingerprint`,
              resourceId: sql`excluded.resource_id`,
              createdAt: sql`now()`,
              expiresAt: sql`excluded.expires_at`,
            },
            setWhere: sql`${idempotencyKeys.expiresAt} <= now()`,
          })
          .returning({ resourceId: idempotencyKeys.resourceId });
        if (won) return { kind: 'created', resourceId: won.resourceId };
        const [held] = await tx
          .select({ fingerprint: idempotencyKeys.fingerprint, resourceId: idempotencyKeys.resourceId })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.keyHash, c.keyHash));
        // Gone between the two statements (pruned as expired): claim again.
        if (!held) continue;
        return held.fingerprint === c.fingerprint
          ? { kind: 'replay', resourceId: held.resourceId }
          : { kind: 'mismatch' };
      }
      throw new Error('idempotency key could not be claimed');
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
