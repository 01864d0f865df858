import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from '../reference/constants';
import { envelope } from './envelope';

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
    /**
     * The order's snapshot for the dashboard's recent orders. Optional: events
     * written before it carry none, and the projection falls back to blanks.
     */
    customer: z.object({ fullName: z.string(), email: z.string(), phone: z.string() }).optional(),
    emirate: z.string().optional(),
    city: z.string().optional(),
    items: z.array(
      z.object({
        productId: z.string(),
        variationId: z.string(),
        quantity: z.number().int(),
        unitFils: z.number().int(),
      }),
    ),
  }),
).meta({ id: 'OrderPlacedEvent' });
export type OrderPlaced = z.infer<typeof OrderPlaced>;

export const OrderStatusChanged = envelope(
  'OrderStatusChanged',
  z.object({
    orderId: z.string(),
    from: z.enum(ORDER_STATUSES),
    to: z.enum(ORDER_STATUSES),
    changedAt: z.iso.datetime(),
    /**
     * The move's `order_status_history` row: the follow-up workflow is named after it, so the
     * workers start the same run the gateway did. Absent on events written before it existed.
     */
    moveId: z.string().optional(),
  }),
).meta({ id: 'OrderStatusChangedEvent' });
export type OrderStatusChanged = z.infer<typeof OrderStatusChanged>;
