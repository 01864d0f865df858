import type { JetStreamClient } from '@nats-io/jetstream';
import { type Db, eq, tables } from '@qahwa/db';
import { issueInvoice } from '@qahwa/invoices';
import { OrderPlaced, OrderStatusChanged, STREAM_NAME } from '@qahwa/schema';
import type { Logger } from 'pino';
import {
  createDurableConsumer,
  type DurableConsumer,
  type DurableConsumerOptions,
  messageJson,
  parseEnvelope,
} from '../jetstream';

export const INVOICE_ISSUER_DURABLE = 'invoices';

export interface InvoiceIssuerOptions
  extends Pick<
    DurableConsumerOptions,
    'maxAckPending' | 'concurrency' | 'ackWaitMs' | 'nakDelay' | 'restartBackoff' | 'maxDeliver'
  > {
  db: Db;
  js: JetStreamClient;
  logger: Logger;
  stream?: string;
  /** Defaults to `invoices`; tests keep theirs apart. */
  durable?: string;
  subjectPrefix?: string;
}

type Order = Pick<typeof tables.orders.$inferSelect, 'paymentProvider' | 'status'>;

/**
 * Whether the order is owed its invoice now: a card or pay-later order once placed (it was paid
 * before it became an order; cancelled later, it keeps its invoice and the refund gets a credit
 * note), a cash order once delivered (the cash changed hands then).
 */
export function owesInvoice(order: Order): boolean {
  if (order.paymentProvider === 'COD') return order.status === 'delivered';
  return order.status !== 'pending';
}

/**
 * Issues invoices (docs/invoices.md) from the order events: OrderPlaced of a paid order and
 * OrderStatusChanged to delivered of a cash order. Each event re-reads the order, so a duplicate,
 * a late or an out-of-order delivery decides the same; issueInvoice is idempotent per order and
 * takes its gap-free number in its own transaction, so a failure (naked, delivered again) leaves
 * neither an invoice nor a used number behind.
 */
export function createInvoiceIssuer(options: InvoiceIssuerOptions): DurableConsumer {
  const { db } = options;
  const logger = options.logger.child({ consumer: 'invoices' });
  return createDurableConsumer({
    ...options,
    logger,
    stream: options.stream ?? STREAM_NAME,
    durable: options.durable ?? INVOICE_ISSUER_DURABLE,
    filterSubject: `${options.subjectPrefix ?? ''}commerce.order.>`,
    async handle(m, log) {
      const event = parseEnvelope(messageJson(m), { OrderPlaced, OrderStatusChanged });
      if (!event) return;
      const { orderId } = event.data;
      const [order] = await db
        .select({ paymentProvider: tables.orders.paymentProvider, status: tables.orders.status })
        .from(tables.orders)
        .where(eq(tables.orders.id, orderId));
      if (!order || !owesInvoice(order)) return;
      const issued = await db.transaction((tx) => issueInvoice(tx, orderId));
      if (issued.created) log.info({ orderId, number: issued.number, kind: issued.kind }, 'invoice issued');
    },
  });
}
