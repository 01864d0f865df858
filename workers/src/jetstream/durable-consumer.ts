import type { ConsumerMessages, JetStreamClient, JetStreamManager, JsMsg } from '@nats-io/jetstream';
import type { DbOrTx } from '@qahwa/db';
import { createDeadLettersRepository } from '@qahwa/db/repositories/dead-letters';
import type { Logger } from 'pino';
import { type BackoffOptions, backoffDelay } from '../outbox-relay/backoff';
import { ensureDurable, watchStatus } from './consumer-setup';
import { InvalidEventError, WorkerError } from './errors';
import { createLimiter } from './limiter';
import { createRunLoop } from './run-loop';

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

/**
 * A consumer that applies messages in groups (a projection whose hot rows would otherwise be
 * written once per message): the first message waits up to `lingerMs` for more, then `handle`
 * gets them all (at most `max`), one group at a time, in stream order. Resolve → every message is
 * acked. Throw → each message of the group is handled alone (`handle([m])`), with the single
 * handler's rules above, so one poison message is dead-lettered by itself and the rest apply.
 * `log` is the consumer's; `messageLog(log, m)` gives a message's own.
 */
export interface BatchOptions {
  max: number;
  lingerMs: number;
  handle: (ms: JsMsg[], log: Logger) => Promise<void>;
}

/** A message's log: the consumer's, with its requestId, subject, stream sequence and delivery count. */
export function messageLog(log: Logger, m: JsMsg): Logger {
  return log.child({
    requestId: m.headers?.get('x-request-id') || undefined,
    subject: m.subject,
    seq: m.seq,
    deliveryCount: m.info.deliveryCount,
  });
}

export interface DurableConsumerOptions {
  js: JetStreamClient;
  logger: Logger;
  stream: string;
  durable: string;
  filterSubject: string;
  /** One message at a time (with `concurrency` in parallel); or `batch`. */
  handle?: MessageHandler;
  batch?: BatchOptions;
  /** Messages delivered but not yet acked; the server stops delivering beyond it. */
  maxAckPending?: number;
  /** Messages handled at the same time (each may hold a database connection). */
  concurrency?: number;
  /** How long the server waits for an ack before redelivering. */
  ackWaitMs?: number;
  /** Delay of a nak, growing with the delivery count so a poison message does not spin. */
  nakDelay?: BackoffOptions;
  /** Wait before re-entering consume() after it failed. */
  restartBackoff?: BackoffOptions;
  /**
   * Where messages given up on are recorded (consumer_dead_letters, the logs screen). Without it
   * the consumer behaves as before: invalid messages are terminated with a log line only, and a
   * failing message is retried forever (nothing may be dropped unrecorded).
   */
  db?: DbOrTx;
  /** Deliveries before a failing message is dead-lettered; `DEFAULT_MAX_DELIVER` when absent. Needs `db`. */
  maxDeliver?: number;
}

export interface DurableConsumerHealth {
  running: boolean;
  consecutiveFailures: number;
  handled: number;
  failed: number;
  /** Messages this process recorded in consumer_dead_letters. */
  deadLettered: number;
  lastHandledAt: string | null;
  lastError: { code: string; message: string; at: string } | null;
  /** Messages not yet delivered, and delivered but not acked; null when NATS cannot be asked. */
  numPending: number | null;
  numAckPending: number | null;
}

export interface DurableConsumer {
  start(): void;
  /** Stops pulling, lets in-flight messages finish and ack, then resolves. */
  stop(): Promise<void>;
  health(): Promise<DurableConsumerHealth>;
}

/**
 * A durable pull consumer with explicit acks, run in a consume() loop that restarts after a
 * failure, with bounded concurrency and watched heartbeats (nats.js `jetstream/examples/`
 * 04_consume.js, 06_heartbeats.js, 07_consume_jobs.js).
 */
export function createDurableConsumer(options: DurableConsumerOptions): DurableConsumer {
  const { js, stream, durable, filterSubject } = options;
  // A group consumer keeps the next group coming while one is applied.
  const maxAckPending = options.maxAckPending ?? (options.batch ? 2 * options.batch.max : 64);
  const concurrency = options.concurrency ?? 8;
  const ackWaitMs = options.ackWaitMs ?? 30_000;
  const nakDelay = options.nakDelay ?? { baseMs: 1_000, maxMs: 60_000 };
  const restartBackoff = options.restartBackoff ?? { baseMs: 500, maxMs: 15_000 };
  const maxDeliver = Math.max(1, options.maxDeliver ?? DEFAULT_MAX_DELIVER);
  const deadLetters = options.db ? createDeadLettersRepository(options.db) : null;
  const log = options.logger.child({ component: 'consumer', stream, durable });
  const limiter = createLimiter(concurrency);
  const batch = options.batch;
  const handler: MessageHandler =
    options.handle ??
    (batch
      ? (m, mlog) => batch.handle([m], mlog)
      : () => Promise.reject(new Error('a durable consumer needs handle or batch')));

  let jsm: JetStreamManager | null = null;
  let current: ConsumerMessages | null = null;
  let consecutiveFailures = 0;
  let handled = 0;
  let failed = 0;
  let deadLettered = 0;
  let lastHandledAt: string | null = null;
  let lastError: DurableConsumerHealth['lastError'] = null;

  function recordError(err: unknown) {
    const e = err instanceof Error ? err : new Error(String(err));
    lastError = {
      code: e instanceof WorkerError ? e.code : 'CONSUMER_FAILED',
      message: e.message,
      at: new Date().toISOString(),
    };
  }

  async function manager(): Promise<JetStreamManager> {
    jsm ??= await js.jetstreamManager();
    return jsm;
  }

  const ensureConsumer = async () =>
    ensureDurable(await manager(), { stream, durable, filterSubject, ackWaitMs, maxAckPending }, log);

  async function handleOne(m: JsMsg): Promise<void> {
    const mlog = messageLog(log, m);
    try {
      await handler(m, mlog);
    } catch (err) {
      failed++;
      recordError(err);
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
    handled++;
    lastHandledAt = new Date().toISOString();
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

  /** A group of messages (BatchOptions): applied together, or one by one when that fails. */
  async function handleGroup(b: BatchOptions, ms: JsMsg[]): Promise<void> {
    try {
      await b.handle(ms, log);
    } catch (err) {
      log.warn({ err, messages: ms.length }, 'batch failed; handling its messages one by one');
      for (const m of ms) await handleOne(m);
      return;
    }
    handled += ms.length;
    lastHandledAt = new Date().toISOString();
    await Promise.all(ms.map((m) => ack(m, log.child({ seq: m.seq }))));
  }

  /** Collects messages into groups and applies them one group at a time. */
  function createGrouper(b: BatchOptions) {
    let buffered: JsMsg[] = [];
    let timer: NodeJS.Timeout | null = null;
    let chain: Promise<void> = Promise.resolve();
    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      while (buffered.length > 0) {
        const group = buffered.slice(0, b.max);
        buffered = buffered.slice(b.max);
        // A group that throws anyway (NATS gone mid-ack) must not stop the groups behind it:
        // its messages are not acked, so the server delivers them again after the ack wait.
        chain = chain
          .then(() => handleGroup(b, group))
          .catch((err: unknown) => {
            recordError(err);
            log.error({ err, messages: group.length }, 'batch not applied; its messages will be redelivered');
          });
      }
    };
    return {
      /** Resolves when the message may be followed by the next (a full group waits its turn). */
      add(m: JsMsg): Promise<void> {
        buffered.push(m);
        if (buffered.length >= b.max) {
          flush();
          return chain;
        }
        timer ??= setTimeout(flush, b.lingerMs);
        return Promise.resolve();
      },
      drain(): Promise<void> {
        flush();
        return chain;
      },
    };
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
      deadLettered++;
      return true;
    } catch (recordErr) {
      mlog.error({ err: recordErr, cause: err }, 'dead letter not recorded; the message will be redelivered');
      return false;
    }
  }

  const loop = createRunLoop(
    async ({ stopping, sleep }) => {
      log.info(
        {
          filterSubject,
          maxAckPending,
          ...(batch ? { batch: { max: batch.max, lingerMs: batch.lingerMs } } : { concurrency }),
        },
        'consumer started',
      );
      while (!stopping()) {
        let delay = 0;
        try {
          await ensureConsumer();
          const consumer = await js.consumers.get(stream, durable);
          const messages = await consumer.consume({ max_messages: maxAckPending });
          current = messages;
          // stop() may have run while consume() was being set up.
          if (stopping()) await messages.close();
          watchStatus(messages, log);
          consecutiveFailures = 0;
          if (batch) {
            const grouper = createGrouper(batch);
            try {
              for await (const m of messages) await grouper.add(m);
            } finally {
              await grouper.drain();
            }
          } else {
            for await (const m of messages) {
              await limiter.acquire();
              void handleOne(m).finally(() => limiter.release());
            }
          }
        } catch (err) {
          consecutiveFailures++;
          recordError(err);
          delay = backoffDelay(consecutiveFailures, restartBackoff);
          log.error({ err, consecutiveFailures, retryInMs: delay }, 'consume failed; restarting');
        } finally {
          current = null;
          await limiter.idle();
        }
        if (delay > 0 && !stopping()) await sleep(delay);
      }
      log.info('consumer stopped');
    },
    // The open pull is not a sleep: closing it ends the for-await, in-flight messages finish.
    async () => {
      await current?.close();
    },
  );

  return {
    start: loop.start,
    stop: loop.stop,
    async health() {
      let numPending: number | null = null;
      let numAckPending: number | null = null;
      try {
        const info = await (await manager()).consumers.info(stream, durable);
        numPending = info.num_pending;
        numAckPending = info.num_ack_pending;
      } catch {
        // Health must answer even when NATS does not; lastError tells why.
      }
      return {
        running: loop.running(),
        consecutiveFailures,
        handled,
        failed,
        deadLettered,
        lastHandledAt,
        lastError,
        numPending,
        numAckPending,
      };
    },
  };
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
