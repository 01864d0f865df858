import type { JetStreamClient } from '@nats-io/jetstream';
import { and, type Db, desc, eq, tables } from '@qahwa/db';
import { OrderStatusChanged, STREAM_NAME, subjectOf } from '@qahwa/schema';
import { hasFollowUp, startOrderFollowUp } from '@qahwa/workflows';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import {
  createDurableConsumer,
  type DurableConsumer,
  type DurableConsumerOptions,
  InvalidEventError,
  messageJson,
} from '../jetstream';

/** Deliveries before a follow-up's event is dead-lettered (the consumer's default is 20, about 15 minutes). */
export const FOLLOW_UP_MAX_DELIVER = 1_500;

export interface OrderFollowUpStarterOptions
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
  /** Defaults to `order-follow-up`; tests keep theirs apart. */
  durable?: string;
  subjectPrefix?: string;
}

/**
 * The durable start of a staff move's follow-up (docs/orders.md): every
 * OrderStatusChanged the shopper hears of (processing, shipped, delivered) or to cancelled starts
 * `orderFollowUp` under the id the gateway uses (`order-<status>-<order>-<move>`), so the refund
 * and the shopper's e-mail happen
 * even when the gateway could not reach Temporal right after the commit. The event is written in
 * the move's own transaction, so a committed move always gets here. A redelivery, or the
 * gateway's start having come first, is a no-op (the id joins a running run and is refused once
 * the run has ended); Temporal down naks the message and it comes back later.
 */
export function createOrderFollowUpStarter(options: OrderFollowUpStarterOptions): DurableConsumer {
  const { db, temporal, taskQueue } = options;
  const logger = options.logger.child({ consumer: 'order-follow-up' });

  /** The move an event is about; events written before `moveId` existed are matched to the newest move to their status. */
  async function moveIdOf(event: OrderStatusChanged): Promise<string | null> {
    if (event.data.moveId) return event.data.moveId;
    const h = tables.orderStatusHistory;
    const [row] = await db
      .select({ id: h.id })
      .from(h)
      .where(and(eq(h.orderId, event.data.orderId), eq(h.toStatus, event.data.to)))
      .orderBy(desc(h.createdAt))
      .limit(1);
    return row?.id ?? null;
  }

  /**
   * The e-mail is the follow-up's last step: once it is sent the follow-up has nothing left to do.
   * This keeps a replay of old events (a new durable reads the stream from its start) from
   * starting runs Temporal no longer remembers.
   */
  async function alreadyDone(orderId: string, status: string): Promise<boolean> {
    const e = tables.emails;
    const [row] = await db
      .select({ status: e.status })
      .from(e)
      .where(and(eq(e.purpose, `order-${status}`), eq(e.subjectId, orderId)))
      .limit(1);
    return row?.status === 'sent';
  }

  return createDurableConsumer({
    ...options,
    logger,
    stream: options.stream ?? STREAM_NAME,
    durable: options.durable ?? 'order-follow-up',
    // What fails here is Temporal being away, not the message: keep trying for about a day
    // (naks back off to a minute) before the event goes to the dead letters for a re-drive.
    maxDeliver: FOLLOW_UP_MAX_DELIVER,
    filterSubject: `${options.subjectPrefix ?? ''}${subjectOf('OrderStatusChanged')}`,
    async handle(m, log) {
      const parsed = OrderStatusChanged.safeParse(messageJson(m));
      if (!parsed.success) throw new InvalidEventError('OrderStatusChanged does not match its contract');
      const event = parsed.data;
      const { orderId, to } = event.data;
      if (!hasFollowUp(to)) return;
      if (await alreadyDone(orderId, to)) {
        log.debug({ orderId, to }, 'order follow-up already done');
        return;
      }
      const moveId = await moveIdOf(event);
      if (!moveId) {
        // A status event without its move (history rows are never deleted): nothing to name a run after.
        log.warn({ orderId, to, eventId: event.id }, 'order status change without a move; no follow-up');
        return;
      }
      const { workflowId, closed } = await startOrderFollowUp(temporal, taskQueue, {
        orderId,
        status: to,
        moveId,
        requestId: event.requestId,
      });
      log.info(
        { orderId, to, workflowId, closed },
        closed ? 'order follow-up already ran' : 'order follow-up started',
      );
    },
  });
}
