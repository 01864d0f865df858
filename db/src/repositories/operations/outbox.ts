import type { DomainEvent } from '@qahwa/schema';
import { subjectOf } from '@qahwa/schema';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { outbox, outboxDeadLetters } from '../../schema';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxDeadLetter = typeof outboxDeadLetters.$inferSelect;

/** One row's failed publish: why, and when it may be tried again. */
export interface OutboxFailure {
  id: string;
  error: string;
  retryInMs: number;
}

/** The columns a row keeps when it moves between the outbox and the dead letters. */
const carried = sql.raw('id, subject, type, payload, request_id, created_at');

function idList(ids: readonly string[]) {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

export function createOutboxRepository(db: DbOrTx) {
  return {
    /** Call inside the transaction that changes the state the events describe; several go in one statement. */
    async append(events: DomainEvent | readonly DomainEvent[], tx: DbOrTx = db): Promise<void> {
      const list = Array.isArray(events) ? events : [events as DomainEvent];
      if (list.length === 0) return;
      await tx
        .insert(outbox)
        .values(
          list.map((event) => ({
            id: event.id,
            subject: subjectOf(event.type),
            type: event.type,
            payload: event,
            requestId: event.requestId ?? null,
          })),
        )
        .onConflictDoNothing();
    },

    /**
     * Claims a batch of unpublished rows that are due, oldest first. A row that failed waits
     * until its `next_attempt_at`, so it never holds up the healthy rows behind it. SKIP LOCKED
     * lets several relays run side by side; the lock lasts for the caller's transaction.
     */
    async claimUnpublished(limit = 100, tx: DbOrTx = db): Promise<OutboxRow[]> {
      return tx
        .select()
        .from(outbox)
        .where(and(isNull(outbox.publishedAt), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outbox.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async markPublished(ids: string[], tx: DbOrTx = db): Promise<void> {
      if (ids.length === 0) return;
      await tx.update(outbox).set({ publishedAt: sql`now()` }).where(inArray(outbox.id, ids));
    },

    /** Counts a failed attempt against each row, with its error, and defers it. */
    async recordFailures(failures: OutboxFailure[], tx: DbOrTx = db): Promise<void> {
      for (const f of failures) {
        await tx
          .update(outbox)
          .set({
            attempts: sql`${outbox.attempts} + 1`,
            lastError: f.error,
            nextAttemptAt: sql`now() + make_interval(secs => ${f.retryInMs / 1000})`,
          })
          .where(eq(outbox.id, f.id));
      }
    },

    /** Moves rows to the dead letters, with their attempts and last error, in one statement. */
    async deadLetter(ids: string[], tx: DbOrTx = db): Promise<void> {
      if (ids.length === 0) return;
      await tx.execute(sql`
        with moved as (
          delete from outbox where id in (${idList(ids)}) and published_at is null
          returning ${carried}, attempts, last_error
        )
        insert into outbox_dead_letters (${carried}, attempts, last_error)
        select ${carried}, attempts, last_error from moved
        on conflict (id) do update set attempts = excluded.attempts, last_error = excluded.last_error,
          dead_at = now()`);
    },

    /**
     * Puts dead letters back in the outbox, due now with a fresh count of attempts (the last
     * error stays for reference). Returns the ids that were moved; `ids` = 'all' moves every one.
     */
    async redrive(ids: string[] | 'all', tx: DbOrTx = db): Promise<string[]> {
      if (ids !== 'all' && ids.length === 0) return [];
      const which = ids === 'all' ? sql`true` : sql`id in (${idList(ids)})`;
      const result = await tx.execute<{ id: string }>(sql`
        with moved as (
          delete from outbox_dead_letters where ${which}
          returning ${carried}, last_error
        )
        insert into outbox (${carried}, last_error, attempts, next_attempt_at, published_at)
        select ${carried}, last_error, 0, now(), null from moved
        on conflict (id) do update set attempts = 0, next_attempt_at = now(), published_at = null
        returning id`);
      return result.rows.map((r) => r.id);
    },

    async listDeadLetters(page: { limit: number; offset: number }, tx: DbOrTx = db) {
      const [rows, [total]] = await Promise.all([
        tx
          .select()
          .from(outboxDeadLetters)
          .orderBy(desc(outboxDeadLetters.deadAt), asc(outboxDeadLetters.id))
          .limit(page.limit)
          .offset(page.offset),
        tx.select({ n: count() }).from(outboxDeadLetters),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async countUnpublished(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(isNull(outbox.publishedAt));
      return row?.n ?? 0;
    },

    async countDeadLetters(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(outboxDeadLetters);
      return row?.n ?? 0;
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
