import type { DomainEvent } from '@qahwa/schema';
import { subjectOf } from '@qahwa/schema';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { outbox } from '../schema';

export function createOutboxRepository(db: DbOrTx) {
  return {
    /** Call inside the transaction that changes the state the event describes. */
    async append(event: DomainEvent, tx: DbOrTx = db): Promise<void> {
      await tx
        .insert(outbox)
        .values({
          id: event.id,
          subject: subjectOf(event.type),
          type: event.type,
          payload: event,
          requestId: event.requestId ?? null,
        })
        .onConflictDoNothing();
    },

    /**
     * Claims a batch of unpublished rows. SKIP LOCKED lets several relays run side by side;
     * the lock lasts for the caller's transaction.
     */
    async claimUnpublished(tx: DbOrTx, limit = 100) {
      return tx
        .select()
        .from(outbox)
        .where(isNull(outbox.publishedAt))
        .orderBy(asc(outbox.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async markPublished(tx: DbOrTx, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await tx.update(outbox).set({ publishedAt: sql`now()` }).where(inArray(outbox.id, ids));
    },

    async markAttempt(tx: DbOrTx, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1` })
        .where(inArray(outbox.id, ids));
    },

    async countUnpublished(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(isNull(outbox.publishedAt));
      return row?.n ?? 0;
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
