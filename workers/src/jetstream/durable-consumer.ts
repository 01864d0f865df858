import type { ConsumerMessages, JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { DbOrTx } from '@qahwa/db';
import { createDeadLettersRepository } from '@qahwa/db';
import type { Logger } from 'pino';
import { type BackoffOptions, backoffDelay } from '../outbox-relay/backoff';
import { ensureDurable, watchStatus } from './consumer-setup';
import { createLimiter } from './limiter';
import { type BatchOptions, createGrouper } from './message-grouping';
import {
  type ConsumerCounters,
  createMessageSettler,
  DEFAULT_MAX_DELIVER,
  type MessageHandler,
  newCounters,
  recordError,
} from './message-settling';
import { createRunLoop } from './run-loop';

export type { BatchOptions } from './message-grouping';
export { DEFAULT_MAX_DELIVER, type MessageHandler, messageLog } from './message-settling';

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

export interface DurableConsumerHealth extends ConsumerCounters {
  running: boolean;
  consecutiveFailures: number;
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
  const counters = newCounters();
  const settler = createMessageSettler({
    handler,
    log,
    stream,
    durable,
    maxDeliver,
    nakDelay,
    deadLetters,
    counters,
  });

  async function manager(): Promise<JetStreamManager> {
    jsm ??= await js.jetstreamManager();
    return jsm;
  }

  const ensureConsumer = async () =>
    ensureDurable(await manager(), { stream, durable, filterSubject, ackWaitMs, maxAckPending }, log);

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
            const grouper = createGrouper(batch, settler, counters, log);
            try {
              for await (const m of messages) await grouper.add(m);
            } finally {
              await grouper.drain();
            }
          } else {
            for await (const m of messages) {
              await limiter.acquire();
              void settler.handleOne(m).finally(() => limiter.release());
            }
          }
        } catch (err) {
          consecutiveFailures++;
          recordError(counters, err);
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
        handled: counters.handled,
        failed: counters.failed,
        deadLettered: counters.deadLettered,
        lastHandledAt: counters.lastHandledAt,
        lastError: counters.lastError,
        numPending,
        numAckPending,
      };
    },
  };
}
