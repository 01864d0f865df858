import type { AdminOrder } from '@qahwa/schema';
import { toAed } from '@qahwa/schema';
import type { orders } from '../../schema';

/**
 * An order as the back office lists it (the dashboard's recent orders and the orders screen). The
 * customer is the order's own snapshot: what the shopper gave at this checkout, not today's
 * customer record.
 */
export function adminOrderRow(o: typeof orders.$inferSelect, itemCount: number): AdminOrder {
  return {
    id: o.id,
    customer: { id: o.customerId, fullName: o.customerName, email: o.customerEmail, phone: o.customerPhone },
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    total: toAed(o.totalFils),
    paymentProvider: o.paymentProvider,
    itemCount,
    emirate: o.emirate,
    city: o.city,
  };
}
