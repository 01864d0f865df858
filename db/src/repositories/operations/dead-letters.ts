import { randomUUID } from 'node:crypto';
import { storableJson, storableText } from '@qahwa/schema/validation';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { consumerDeadLetters, outbox } from '../../schema';
import { type AuditActor, recordAudit } from '../audit/audit';

export type ConsumerDeadLetterRow = typeof consumerDeadLetters.$inferSelect;

/** A message a durable consumer gave up on, as the consumer saw it. */
export interface ConsumerDeadLetterInput {
  consumer: string;
  stream: string;
  streamSeq: number;
  subject: string;
  body: string;
  headers: Record<string, string[]> | null;
  requestId: string | null;
  deliveries: number;
  lastError: string;
}

export interface ConsumerDeadLetterFilter {
  consumer?: string;
  /** open: not re-driven yet (the default of the logs screen); redriven: done; all. */
  state?: 'open' | 'redriven' | 'all';
}

export type ConsumerRedriveOutcome =
  | { outcome: 'redriven'; outboxId: string }
  | { outcome: 'not_found' }
  | { outcome: 'already_redriven'; at: Date }
  /** A body that is not an event (not JSON, or no type): publishing it again would fail the same way. */
  | { outcome: 'not_an_event' };

/**
 * The subject as the outbox keeps it: without the stream's prefix (`e2e1.commerce.order.placed` →
 * `commerce.order.placed`), since the relay prepends its own.
 */
export function outboxSubjectOf(subject: string): string {
  const at = subject.indexOf('commerce.');
  return at > 0 ? subject.slice(at) : subject;
}

function filterWhere(filter: ConsumerDeadLetterFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.consumer) where.push(eq(consumerDeadLetters.consumer, filter.consumer));
  if (filter.state === 'redriven') where.push(isNotNull(consumerDeadLetters.redrivenAt));
  else if (filter.state !== 'all') where.push(isNull(consumerDeadLetters.redrivenAt));
  return where.length ? and(...where) : undefined;
}

/**
 * The consumers' dead letters (docs/payments-logs.md): written by the durable consumer when it
 * gives up on a message, listed and re-driven from the logs screen.
 */
export function createDeadLettersRepository(db: DbOrTx) {
  return {
    /**
     * Records a message given up on. The same stream message twice (the terminate did not reach
     * the server and it came back) stays one row with the newer count and error.
     */
    async record(input: ConsumerDeadLetterInput, tx: DbOrTx = db): Promise<void> {
      await tx
        .insert(consumerDeadLetters)
        // A poison body may hold what PostgreSQL refuses (NUL, lone surrogates): kept readable, not lost.
        .values({
          ...input,
          subject: storableText(input.subject),
          body: storableText(input.body),
          headers: input.headers ? storableJson(input.headers) : null,
          lastError: storableText(input.lastError),
        })
        .onConflictDoUpdate({
          target: [consumerDeadLetters.consumer, consumerDeadLetters.stream, consumerDeadLetters.streamSeq],
          set: {
            deliveries: sql`greatest(${consumerDeadLetters.deliveries}, excluded.deliveries)`,
            lastError: sql`excluded.last_error`,
            deadAt: sql`now()`,
          },
        });
    },

    async list(filter: ConsumerDeadLetterFilter, page: { limit: number; offset: number }, tx: DbOrTx = db) {
      const where = filterWhere(filter);
      const [rows, [total]] = await Promise.all([
        tx
          .select()
          .from(consumerDeadLetters)
          .where(where)
          .orderBy(desc(consumerDeadLetters.deadAt), desc(consumerDeadLetters.id))
          .limit(page.limit)
          .offset(page.offset),
        tx.select({ n: count() }).from(consumerDeadLetters).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async countOpen(tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(consumerDeadLetters)
        .where(isNull(consumerDeadLetters.redrivenAt));
      return row?.n ?? 0;
    },

    /**
     * Re-drives one dead letter through the outbox, in the caller's transaction with its audit
     * entry: the stored event goes back into the outbox under a NEW outbox id (the Nats-Msg-Id, so
     * JetStream's duplicate window does not drop it) with the event's own id unchanged in the body,
     * so every consumer on the subject that already applied it skips it (processed-event guard) and
     * only the one that failed applies it. The row stays, marked, as a record.
     */
    async redrive(
      id: string,
      actor: AuditActor,
      requestId: string,
      tx: DbOrTx,
    ): Promise<ConsumerRedriveOutcome> {
      const [row] = await tx
        .select()
        .from(consumerDeadLetters)
        .where(eq(consumerDeadLetters.id, id))
        .for('update');
      if (!row) return { outcome: 'not_found' };
      if (row.redrivenAt) return { outcome: 'already_redriven', at: row.redrivenAt };
      const event = eventOf(row.body);
      if (!event) return { outcome: 'not_an_event' };
      const outboxId = randomUUID();
      await tx.insert(outbox).values({
        id: outboxId,
        subject: outboxSubjectOf(row.subject),
        type: event.type,
        payload: event.payload,
        requestId: row.requestId,
      });
      await tx
        .update(consumerDeadLetters)
        .set({ redrivenAt: sql`now()`, redrivenBy: actor.email })
        .where(eq(consumerDeadLetters.id, id));
      await recordAudit(tx, {
        user: actor,
        module: 'logs',
        action: 'redrive',
        entityType: 'consumer-dead-letter',
        entityId: id,
        before: { state: 'dead', consumer: row.consumer, streamSeq: row.streamSeq },
        after: { state: 'queued', outboxId },
        requestId,
      });
      return { outcome: 'redriven', outboxId };
    },
  };
}
export type DeadLettersRepository = ReturnType<typeof createDeadLettersRepository>;

function eventOf(body: string): { type: string; payload: unknown } | null {
  try {
    const payload: unknown = JSON.parse(body);
    const type =
      typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : null;
    return typeof type === 'string' && type.length > 0 ? { type, payload } : null;
  } catch {
    return null;
  }
}
