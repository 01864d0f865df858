import type { JetStreamClient, JsMsg } from '@nats-io/jetstream';
import type { Db } from '@qahwa/db';
import { STREAM_NAME } from '@qahwa/schema';
import type { Logger } from 'pino';
import {
  type BatchOptions,
  createDurableConsumer,
  type DurableConsumer,
  type DurableConsumerOptions,
} from '../jetstream';

/** What every projection's consumer is given (main.ts and the tests pass the same fields). */
export interface ProjectionOptions
  extends Pick<
    DurableConsumerOptions,
    'maxAckPending' | 'concurrency' | 'ackWaitMs' | 'nakDelay' | 'restartBackoff'
  > {
  db: Db;
  js: JetStreamClient;
  logger: Logger;
  /** Defaults to `COMMERCE`. */
  stream?: string;
  /** Durable consumer name; also the `consumer` of processed_events. Defaults to the projection's own. */
  durable?: string;
  /** Prepended to the projection's subject; must match the relay's and the stream's prefix. */
  subjectPrefix?: string;
}

export interface ProjectionSpec {
  /** The `projection` of its log lines. */
  name: string;
  /** The durable name when the options give none. */
  durable: string;
  /** Subjects read, without the prefix (`commerce.order.>`). */
  subject: string;
  /** Overrides the options' concurrency (a projection that must apply one message at a time). */
  concurrency?: number;
  /** One message at a time; or `batch`. */
  handle?(m: JsMsg, log: Logger, durable: string): Promise<void>;
  /** Several messages in one call (durable-consumer.ts, `BatchOptions`). */
  batch?: Omit<BatchOptions, 'handle'> & { handle(ms: JsMsg[], log: Logger, durable: string): Promise<void> };
}

/** A projection's durable consumer on the commerce stream, named, logged and filtered one way. */
export function createProjectionConsumer(options: ProjectionOptions, spec: ProjectionSpec): DurableConsumer {
  const durable = options.durable ?? spec.durable;
  const { batch, handle } = spec;
  return createDurableConsumer({
    ...options,
    ...(spec.concurrency === undefined ? {} : { concurrency: spec.concurrency }),
    logger: options.logger.child({ projection: spec.name }),
    stream: options.stream ?? STREAM_NAME,
    durable,
    filterSubject: `${options.subjectPrefix ?? ''}${spec.subject}`,
    ...(batch
      ? { batch: { ...batch, handle: (ms: JsMsg[], log: Logger) => batch.handle(ms, log, durable) } }
      : { handle: (m: JsMsg, log: Logger) => handle!(m, log, durable) }),
  });
}

/** The processed-event guard (db/src/repositories/operations/processed-events.ts), as the projections name it. */
export { claimEvent as firstTimeFor, claimEvents as firstTimesFor } from '@qahwa/db';
