import { createPaymentsAdminRepository } from '@qahwa/db';
import { OrderPlaced, OrderStatusChanged } from '@qahwa/schema';
import { type DurableConsumer, messageJson, parseEnvelope } from '../jetstream';
import { createProjectionConsumer, type ProjectionOptions } from './projection-consumer';

export const COD_PAYMENTS_DURABLE = 'payments-cod';

export type CodPaymentsProjectionOptions = ProjectionOptions;

/**
 * Cash-on-delivery payments in the payments read model (the payments screen lists card,
 * wallet, pay later and COD). Card and pay later come from payment events (payments.ts); cash has
 * none, so its row (`cod-<order>`: to be collected, collected on delivery, cancelled) follows the
 * order's events. Its own durable consumer, because a durable's filter is never changed in place
 * (consumer-setup.ts). Each event re-reads the order, so duplicates and any arrival order give
 * the same row; no processed-event guard is needed.
 */
export function createCodPaymentsProjection(options: CodPaymentsProjectionOptions): DurableConsumer {
  const repo = createPaymentsAdminRepository(options.db);
  return createProjectionConsumer(options, {
    name: 'payments-cod',
    durable: COD_PAYMENTS_DURABLE,
    subject: 'commerce.order.>',
    async handle(m, log) {
      const event = parseEnvelope(messageJson(m), { OrderPlaced, OrderStatusChanged });
      if (!event) return;
      const kept = await repo.syncCashOnDelivery(event.data.orderId);
      if (kept) log.info({ orderId: event.data.orderId, type: event.type }, 'cash-on-delivery payment');
    },
  });
}
