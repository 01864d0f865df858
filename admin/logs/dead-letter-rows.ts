import type { DeadLetter } from '@qahwa/schema';
import type { ConsumerDeadLetter } from '@qahwa/schema/contracts';

/** The two kinds of failed events, in the one shape the failed-events list draws. */
export interface DeadLetterRow {
  kind: 'consumer' | 'outbox';
  id: string;
  /** The consumer's durable name, or 'outbox'. */
  where: string;
  subject: string;
  error: string | null;
  tries: number;
  deadAt: string;
  body: string;
  redrivenAt: string | null;
  redrivenBy: string | null;
}

export function consumerRow(d: ConsumerDeadLetter): DeadLetterRow {
  return {
    kind: 'consumer',
    id: d.id,
    where: d.consumer,
    subject: d.subject,
    error: d.lastError,
    tries: d.deliveries,
    deadAt: d.deadAt,
    body: d.body,
    redrivenAt: d.redrivenAt,
    redrivenBy: d.redrivenBy,
  };
}

export function outboxRow(d: DeadLetter): DeadLetterRow {
  return {
    kind: 'outbox',
    id: d.id,
    where: 'outbox',
    subject: d.subject,
    error: d.lastError,
    tries: d.attempts,
    deadAt: d.deadAt,
    body: JSON.stringify(d.payload, null, 2),
    redrivenAt: null,
    redrivenBy: null,
  };
}
