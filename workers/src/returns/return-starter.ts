import type { JetStreamClient } from '@nats-io/jetstream';
import { createReturnsRepository, type Db } from '@qahwa/db';
import { isOpenReturn, ReturnRequested, STREAM_NAME, subjectOf } from '@qahwa/schema';
import { startReturnProcess } from '@qahwa/workflows';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import {
  createDurableConsumer,
  type DurableConsumer,
  type DurableConsumerOptions,
  InvalidEventError,
  messageJson,
} from '../jetstream';

/** Deliveries before a request's event is dead-lettered: Temporal away for about a day. */
export const RETURN_START_MAX_DELIVER = 1_500;

export interface ReturnStarterOptions
  extends Pick<
    DurableConsumerOptions,
    'maxAckPending' | 'concurrency' | 'ackWaitMs' | 'nakDelay' | 'restartBackoff'
  > {
  db: Db;
  js: JetStreamClient;
  temporal: Client;
  logger: Logger;
  /** Where the workflows worker polls (the checkout task queue, as the gateway starts it). */
  taskQueue: string;
  stream?: string;
  /** Defaults to `return-start`; tests keep theirs apart. */
  durable?: string;
  subjectPrefix?: string;
}

/**
 * The durable start of a return's process (docs/returns.md): every ReturnRequested starts
 * `returnProcess` under the id the gateway uses (`return-<number>`), so the reminders and the
 * expiry run even when the gateway could not reach Temporal right after the request's commit. The
 * gateway's start having come first is a no-op; a return already closed (decided and done, or
 * another database's) is skipped; Temporal down naks the message and it comes back later.
 */
export function createReturnStarter(options: ReturnStarterOptions): DurableConsumer {
  const { db, temporal, taskQueue } = options;
  const logger = options.logger.child({ consumer: 'return-start' });
  const repo = createReturnsRepository(db);

  return createDurableConsumer({
    ...options,
    logger,
    stream: options.stream ?? STREAM_NAME,
    durable: options.durable ?? 'return-start',
    maxDeliver: RETURN_START_MAX_DELIVER,
    filterSubject: `${options.subjectPrefix ?? ''}${subjectOf('ReturnRequested')}`,
    async handle(m, log) {
      const parsed = ReturnRequested.safeParse(messageJson(m));
      if (!parsed.success) throw new InvalidEventError('ReturnRequested does not match its contract');
      const { returnNumber, orderId } = parsed.data.data;
      const row = await repo.find(returnNumber);
      if (!row || row.orderId !== orderId || !isOpenReturn(row.status)) {
        log.debug({ returnNumber }, 'return not open here; no process to start');
        return;
      }
      const { workflowId, started } = await startReturnProcess(temporal, taskQueue, {
        returnNumber,
        returnId: row.id,
        orderId,
        ...(parsed.data.requestId ? { requestId: parsed.data.requestId } : {}),
      });
      log.info(
        { returnNumber, workflowId, started },
        started ? 'return process started' : 'return process running',
      );
    },
  });
}
