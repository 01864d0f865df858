import type { JetStreamClient } from '@nats-io/jetstream';
import type { Db } from '@qahwa/db';
import { createPaymentsAdminRepository } from '@qahwa/db/repositories/payments-admin';
import { OrderPlaced, OrderStatusChanged, STREAM_NAME } from '@qahwa/schema';
import type { Logger } from 'pino';
import { createDurableConsumer, type DurableConsumer, messageJson } from '../durable-consumer';
import { InvalidEventError } from '../errors';

export const COD_PAYMENTS_DURABLE = 'payments-cod';

export interface CodPaymentsProjectionOptions {
  db: Db;
  js: JetStreamClient;
  logger: Logger;
  stream?: string;
  durable?: string;
  subjectPrefix?: string;
}

/**
 * Cash-on-delivery payments in the payments read model (issue 12: the payments screen lists card,
 * wallet, pay later and COD). Card and pay later come from payment events (payments.ts); cash has
 * none, so its row (`cod-<order>`: to be collected, collected on delivery, cancelled) follows the
 * order's events. Its own durable consumer, because a durable's filter is never changed in place
 * (durable-consumer.ts). Each event re-reads the order, so duplicates and any arrival order give
 * the same row; no processed-event guard is needed.
 */
export function createCodPaymentsProjection(options: CodPaymentsProjectionOptions): DurableConsumer {
  const repo = createPaymentsAdminRepository(options.db);
  return createDurableConsumer({
    ...options,
    logger: options.logger.child({ projection: 'payments-cod' }),
    stream: options.stream ?? STREAM_NAME,
    durable: options.durable ?? COD_PAYMENTS_DURABLE,
    filterSubject: `${options.subjectPrefix ?? ''}commerce.order.>`,
    async handle(m, log) {
      const raw = messageJson(m);
      const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
      const schema =
        type === 'OrderPlaced' ? OrderPlaced : type === 'OrderStatusChanged' ? OrderStatusChanged : null;
      if (!schema) return;
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw new InvalidEventError(`${String(type)} does not match its contract`);
      const kept = await repo.syncCashOnDelivery(parsed.data.data.orderId);
      if (kept) log.info({ orderId: parsed.data.data.orderId, type }, 'cash-on-delivery payment');
    },
  });
}
