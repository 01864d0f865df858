import type { JsMsg } from '@nats-io/jetstream';
import type { createDeadLettersRepository } from '@qahwa/db';
import type { Logger } from 'pino';
import { type BackoffOptions, backoffDelay } from '../outbox-relay/backoff';
import { InvalidEventError, WorkerError } from './errors';

/**
 * What becomes of a message a durable consumer handled: acked, nak'ed with a growing delay,
 * terminated, or recorded in consumer_dead_letters and terminated; and the counters the
 * consumer's health reports. durable-consumer.ts runs it for each message, message-grouping.ts
 * for a group and for each message of a group that failed.
 */

/**
 * Deliveries a message gets before the consumer gives up on it (with `db`: recorded in
 * consumer_dead_letters and terminated). With naks backing off 1 s doubling to 60 s, 20
 * deliveries are about 15 minutes: a database or Temporal restart is ridden out, a poison message
 * stops spinning, and what was given up on too early is re-driven from the logs screen.
 */
export const DEFAULT_MAX_DELIVER = 20;

/**
 * Handles one message. Resolve → the message is acked. Throw `InvalidEventError` → it is
 * terminated (redelivery cannot fix it). Throw anything else → it is nak'ed with a delay, until
 * its `maxDeliver`-th delivery fails: then it is dead-lettered and terminated.
 * `log` already carries the message's requestId, subject and stream sequence.
 */
export type MessageHandler = (m: JsMsg, log: Logger) => Promise<void>;

/** A message's log: the consumer's, with its requestId, subject, stream sequence and delivery count. */
export function messageLog(log: Logger, m: JsMsg): Logger {
  return log.child({
    requestId: m.headers?.get('x-request-id') || undefined,
    subject: m.subject,
    seq: m.seq,
    deliveryCount: m.info.deliveryCount,
  });
}

/** What a consumer counts for its health, kept up to date by the settling of each message. */
export interface ConsumerCounters {
  handled: number;
  failed: number;
  /** Messages this process recorded in consumer_dead_letters. */
  deadLettered: number;
  lastHandledAt: string | null;
  lastError: { code: string; message: string; at: string } | null;
}

export function newCounters(): ConsumerCounters {
  return { handled: 0, failed: 0, deadLettered: 0, lastHandledAt: null, lastError: null };
}

/** Keeps the failure as the consumer's last error (its code when it is one of ours). */
export function recordError(counters: ConsumerCounters, err: unknown): void {
  const e = err instanceof Error ? err : new Error(String(err));
  counters.lastError = {
    code: e instanceof WorkerError ? e.code : 'CONSUMER_FAILED',
    message: e.message,
    at: new Date().toISOString(),
  };
}

export interface MessageSettlerOptions {
  handler: MessageHandler;
  /** The consumer's log; each message's is `messageLog(log, m)`. */
  log: Logger;
  stream: string;
  durable: string;
  maxDeliver: number;
  nakDelay: BackoffOptions;
  /** Without it, nothing is dead-lettered (durable-consumer.ts, `db`). */
  deadLetters: ReturnType<typeof createDeadLettersRepository> | null;
  counters: ConsumerCounters;
}

export interface MessageSettler {
  /** Handles one message and acks, naks, terminates or dead-letters it; never throws for the handler. */
  handleOne(m: JsMsg): Promise<void>;
  /** Acks and waits for the server's confirmation; a lost ack is logged, not thrown. */
  ack(m: JsMsg, mlog: Logger): Promise<void>;
}

export function createMessageSettler(o: MessageSettlerOptions): MessageSettler {
  const { handler, log, stream, durable, maxDeliver, nakDelay, deadLetters, counters } = o;

  async function handleOne(m: JsMsg): Promise<void> {
    const mlog = messageLog(log, m);
    try {
      await handler(m, mlog);
    } catch (err) {
      counters.failed++;
      recordError(counters, err);
      const invalid = err instanceof InvalidEventError;
      const exhausted = !invalid && m.info.deliveryCount >= maxDeliver;
      if ((invalid || exhausted) && deadLetters) {
        if (await deadLetter(m, err, mlog)) {
          mlog.error({ err, invalid }, 'message given up on; kept in consumer_dead_letters');
          // No reason text: servers before 2.10 do not understand `+TERM <reason>` and would
          // leave the message pending forever; the row and the log line carry the reason instead.
          m.term();
          return;
        }
        // Not recorded (the database is down): retried later rather than dropped unseen.
      } else if (invalid) {
        mlog.error({ err }, 'message rejected for good');
        m.term();
        return;
      }
      const retryInMs = backoffDelay(m.info.deliveryCount, nakDelay);
      mlog.warn({ err, retryInMs }, 'message failed; it will be redelivered');
      m.nak(retryInMs);
      return;
    }
    counters.handled++;
    counters.lastHandledAt = new Date().toISOString();
    await ack(m, mlog);
  }

  async function ack(m: JsMsg, mlog: Logger): Promise<void> {
    try {
      // Waiting for the server's confirmation makes "nothing pending" observable; a lost ack
      // only means one redelivery, which the handler must already treat as a no-op.
      await m.ackAck();
    } catch (err) {
      mlog.warn({ err }, 'ack not confirmed; a redelivery will follow');
    }
  }

  /** Records the message in consumer_dead_letters; false when that failed (the caller naks instead). */
  async function deadLetter(m: JsMsg, err: unknown, mlog: Logger): Promise<boolean> {
    if (!deadLetters) return false;
    const headers: Record<string, string[]> = {};
    for (const [k, v] of m.headers ?? []) headers[k] = v;
    try {
      await deadLetters.record({
        consumer: durable,
        stream,
        streamSeq: m.seq,
        subject: m.subject,
        body: m.string(),
        headers: m.headers ? headers : null,
        requestId: m.headers?.get('x-request-id') || null,
        deliveries: m.info.deliveryCount,
        lastError: errorLine(err),
      });
      counters.deadLettered++;
      return true;
    } catch (recordErr) {
      mlog.error({ err: recordErr, cause: err }, 'dead letter not recorded; the message will be redelivered');
      return false;
    }
  }

  return { handleOne, ack };
}

/** The error and its causes on one line, for an operator reading the dead letter. */
function errorLine(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    parts.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(' ← ').slice(0, 2_000);
}
