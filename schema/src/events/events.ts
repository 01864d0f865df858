import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from '../reference/constants';

/**
 * Domain events (DESIGN.md "Events"): an envelope with id, type, version, occurredAt and typed data.
 * Published on subject `commerce.<aggregate>.<event>` with Nats-Msg-Id = id.
 */
const envelope = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: z.uuid(),
    type: z.literal(type),
    version: z.literal(1),
    occurredAt: z.iso.datetime(),
    /** Follows a checkout from the browser through gateway, NATS and Temporal. */
    requestId: z.string().optional(),
    data,
  });

export const OrderPlaced = envelope(
  'OrderPlaced',
  z.object({
    orderId: z.string(),
    customerId: z.string(),
    isNewCustomer: z.boolean(),
    status: z.enum(ORDER_STATUSES),
    paymentProvider: z.enum(PAYMENT_PROVIDERS),
    totalFils: z.number().int(),
    placedAt: z.iso.datetime(),
    items: z.array(
      z.object({ productId: z.string(), variationId: z.string(), quantity: z.number().int(), unitFils: z.number().int() }),
    ),
  }),
).meta({ id: 'OrderPlacedEvent' });
export type OrderPlaced = z.infer<typeof OrderPlaced>;

export const OrderStatusChanged = envelope(
  'OrderStatusChanged',
  z.object({ orderId: z.string(), from: z.enum(ORDER_STATUSES), to: z.enum(ORDER_STATUSES), changedAt: z.iso.datetime() }),
).meta({ id: 'OrderStatusChangedEvent' });
export type OrderStatusChanged = z.infer<typeof OrderStatusChanged>;

export const DomainEvent = z.discriminatedUnion('type', [OrderPlaced, OrderStatusChanged]);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent['type'];

const AGGREGATE: Record<DomainEventType, string> = {
  OrderPlaced: 'order',
  OrderStatusChanged: 'order',
};

const snake = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

/** `commerce.order.order_placed` */
export function subjectOf(type: DomainEventType): string {
  return `commerce.${AGGREGATE[type]}.${snake(type)}`;
}

export const STREAM_NAME = 'COMMERCE';
export const STREAM_SUBJECTS = ['commerce.>'];
