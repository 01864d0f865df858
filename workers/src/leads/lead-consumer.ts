import type { JetStreamClient } from '@nats-io/jetstream';
import { createLeadsRepository, type Db } from '@qahwa/db';
import { CartAbandoned, LeadConverted, LeadQualified, OrderPlaced, STREAM_NAME } from '@qahwa/schema';
import {
  type LeadConversionInput,
  type LeadOrderSignal,
  signalLeadOrder,
  startLeadConversion,
} from '@qahwa/workflows';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import {
  consumerGroup,
  createDurableConsumer,
  type DurableConsumer,
  type DurableConsumerOptions,
  InvalidEventError,
  messageJson,
} from '../jetstream';

export interface LeadConsumerOptions
  extends Pick<
    DurableConsumerOptions,
    'maxAckPending' | 'concurrency' | 'ackWaitMs' | 'nakDelay' | 'restartBackoff'
  > {
  db: Db;
  js: JetStreamClient;
  temporal: Client;
  logger: Logger;
  /** Where the workflows worker polls (the checkout task queue: one worker runs every workflow). */
  taskQueue: string;
  /** LEAD_RECOVERY_DELAY, LEAD_CONVERSION_WINDOW. */
  recoveryDelayMs: number;
  conversionWindowMs: number;
  /** The recovery activity's heartbeat timeout (the workflow's default when absent). */
  heartbeatTimeoutMs?: number;
  stream?: string;
  /** Prefix of the durable names (tests keep theirs apart); defaults to `leads`. */
  durablePrefix?: string;
  subjectPrefix?: string;
}

type LeadEvent = LeadQualified | CartAbandoned | LeadConverted | OrderPlaced;
const SCHEMAS = { LeadQualified, CartAbandoned, LeadConverted, OrderPlaced } as const;

/** The events this consumer acts on; null for others on the same subjects. */
export function parseLeadEvent(raw: unknown): LeadEvent | null {
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') throw new InvalidEventError('message is not an event envelope (no type)');
  const schema = SCHEMAS[type as keyof typeof SCHEMAS];
  if (!schema) return null;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new InvalidEventError(`${type} does not match its contract`);
  return parsed.data as LeadEvent;
}

/**
 * The lead consumers (docs/leads.md): LeadQualified and CartAbandoned start or signal
 * the e-mail's leadConversion run (signal-with-start, workflow id from the e-mail); LeadConverted
 * and OrderPlaced tell it the order. Idempotent without a processed-event table: the workflow
 * ignores a signal whose event id it has seen, signal-with-start on a running workflow only
 * signals, and a conversion changes only a lead that is not CONVERTED yet. Logs name leads and
 * orders by id, never by e-mail.
 */
export function createLeadConsumers(options: LeadConsumerOptions): DurableConsumer {
  const { db, temporal, taskQueue } = options;
  const leads = createLeadsRepository(db);
  const prefix = options.subjectPrefix ?? '';
  const durablePrefix = options.durablePrefix ?? 'leads';
  const logger = options.logger.child({ consumer: 'leads' });

  async function startOrSignal(email: string, leadId: string, eventId: string) {
    const input: LeadConversionInput = {
      email,
      leadId,
      recoveryDelayMs: options.recoveryDelayMs,
      conversionWindowMs: options.conversionWindowMs,
      ...(options.heartbeatTimeoutMs ? { heartbeatTimeoutMs: options.heartbeatTimeoutMs } : {}),
    };
    await startLeadConversion(temporal, taskQueue, input, { leadId, eventId });
  }

  /** Tells the e-mail's run of the order; false when none runs (it ended, or never started). */
  const signalOrder = (email: string, signal: LeadOrderSignal) => signalLeadOrder(temporal, email, signal);

  async function handle(event: LeadEvent, log: Logger) {
    switch (event.type) {
      case 'LeadQualified':
        await startOrSignal(event.data.email, event.data.leadId, event.id);
        log.info({ leadId: event.data.leadId, type: event.type }, 'lead workflow signalled');
        return;
      case 'CartAbandoned':
        if (!event.data.email) return;
        await startOrSignal(event.data.email, event.data.leadId, event.id);
        log.info({ leadId: event.data.leadId, type: event.type }, 'lead workflow signalled');
        return;
      case 'LeadConverted': {
        const { email, leadId, orderId, valueFils } = event.data;
        const running = await signalOrder(email, { leadId, ...(orderId ? { orderId } : {}), valueFils });
        log.info({ leadId, running }, 'lead conversion told to its workflow');
        return;
      }
      case 'OrderPlaced': {
        const found = await leads.openForCustomer(event.data.customerId);
        const open = found?.lead;
        if (!found || !open) return;
        const { email } = found;
        const signal = { leadId: open.id, orderId: event.data.orderId, valueFils: event.data.totalFils };
        const running = await signalOrder(email, signal);
        // No run (it ended after its window, or the lead never reached one): convert here.
        if (!running)
          await leads.convert({ email, orderId: event.data.orderId, valueFils: event.data.totalFils });
        log.info({ leadId: open.id, orderId: event.data.orderId, running }, 'order converts its lead');
        return;
      }
    }
  }

  const consumers = [
    ['lead', `${prefix}commerce.lead.>`],
    ['cart', `${prefix}commerce.cart.>`],
    ['order', `${prefix}commerce.order.order_placed`],
  ].map(([name, filterSubject]) =>
    createDurableConsumer({
      ...options,
      logger,
      stream: options.stream ?? STREAM_NAME,
      durable: `${durablePrefix}-${name}`,
      filterSubject: filterSubject as string,
      async handle(m, log) {
        const event = parseLeadEvent(messageJson(m));
        if (event) await handle(event, log);
      },
    }),
  );

  return consumerGroup(consumers);
}
