import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { ConsumeInterruptedError } from './errors';

/** What a durable consumer is on the server: its stream, name, subjects and delivery limits. */
export interface DurableSpec {
  stream: string;
  durable: string;
  filterSubject: string;
  ackWaitMs: number;
  maxAckPending: number;
}

/**
 * Creates the durable consumer, or brings an existing one's ack wait and pending limit to what
 * the code asks for (durable-consumer.ts runs it before each consume()). Its filter is never
 * changed in place: that would silently skip or replay events, so a person decides.
 */
export async function ensureDurable(m: JetStreamManager, spec: DurableSpec, log: Logger): Promise<void> {
  const { stream, durable, filterSubject, ackWaitMs, maxAckPending } = spec;
  try {
    const info = await m.consumers.info(stream, durable);
    const c = info.config;
    if (c.ack_wait !== nanos(ackWaitMs) || c.max_ack_pending !== maxAckPending) {
      await m.consumers.update(stream, durable, {
        ack_wait: nanos(ackWaitMs),
        max_ack_pending: maxAckPending,
      });
    }
    if (c.filter_subject !== filterSubject) {
      // Changing what a durable consumer reads silently skips or replays events: a person decides.
      log.warn({ has: c.filter_subject, wants: filterSubject }, 'consumer filter differs; left as it is');
    }
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.ConsumerNotFound)) throw err;
    await m.consumers.add(stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: filterSubject,
      ack_wait: nanos(ackWaitMs),
      max_ack_pending: maxAckPending,
      // Never drop an event because the database was down for a while; naks back off instead.
      max_deliver: -1,
    });
    log.info({ filterSubject }, 'consumer created');
  }
}

/**
 * Ends a consume() whose server side is gone (heartbeats missed twice, consumer or stream
 * deleted), so the run loop re-creates the consumer and pulls again.
 */
export function watchStatus(messages: ConsumerMessages, log: Logger): void {
  void (async () => {
    for await (const s of messages.status()) {
      switch (s.type) {
        case 'heartbeats_missed':
          log.warn({ count: s.count }, 'heartbeats missed');
          if (s.count >= 2) messages.stop(new ConsumeInterruptedError('heartbeats missed'));
          break;
        case 'consumer_deleted':
          log.warn({ description: s.description }, 'consumer deleted');
          messages.stop(new ConsumeInterruptedError('consumer deleted'));
          break;
        case 'consumer_not_found':
        case 'stream_not_found':
          log.warn({ status: s.type }, 'consumer or stream not found');
          messages.stop(new ConsumeInterruptedError(s.type));
          break;
        default:
          break;
      }
    }
  })().catch((err) => log.warn({ err }, 'status watch ended'));
}
