import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from '../reference/constants';
import { storableText } from '../validation/fields';
import { EntityId } from './ids';
import { QueryInt } from './leads';

/*
 * The back office's customers (docs/customers-reviews.md). Money is integer fils, as the
 * database keeps it; the screen formats it. "Spent" counts the orders the shopper still owes or has
 * paid for: every placed order except cancelled ones (and `pending`, which is not placed yet).
 */

export const CUSTOMER_SORTS = ['lastOrder', 'totalSpent'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const AdminCustomerQuery = z.object({
  /** A name, an e-mail (or part of one) or a phone number (its digits, anywhere, in any format). */
  q: z.string().overwrite(storableText).trim().max(120).optional(),
  sort: z.enum(CUSTOMER_SORTS).default('lastOrder'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Digits only: an empty `?offset=` is refused, not read as 0 (the shared QueryInt). */
  offset: QueryInt(0, 1_000_000, 0),
});
// No `.meta({ id })` on a querystring: @fastify/swagger cannot resolve its $ref (see admin-orders.ts).
export type AdminCustomerQuery = z.infer<typeof AdminCustomerQuery>;

/** What the list shows and the customer page opens with. */
export const AdminCustomerSummary = z
  .object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    /** Placed orders, cancelled ones included. */
    orderCount: z.number().int(),
    /** Placed orders that count towards the total: not cancelled. */
    countedOrders: z.number().int(),
    /** Sum of the counted orders' totals, in fils. */
    totalSpentFils: z.number().int(),
    firstOrderAt: z.string().nullable(),
    lastOrderAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminCustomerSummary' });
export type AdminCustomerSummary = z.infer<typeof AdminCustomerSummary>;

export const AdminCustomerList = z
  .object({ customers: z.array(AdminCustomerSummary), total: z.number().int() })
  .meta({ id: 'AdminCustomerList' });
export type AdminCustomerList = z.infer<typeof AdminCustomerList>;

export const AdminCustomerParams = z.object({ id: EntityId() });

export const AdminCustomerOrder = z
  .object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentProvider: z.enum(PAYMENT_PROVIDERS),
    totalFils: z.number().int(),
    itemCount: z.number().int(),
    createdAt: z.string(),
    /** Whether the order is in the total spent (not cancelled, not pending). */
    counted: z.boolean(),
  })
  .meta({ id: 'AdminCustomerOrder' });
export type AdminCustomerOrder = z.infer<typeof AdminCustomerOrder>;

export const AdminCustomerDetail = AdminCustomerSummary.extend({
  /** Every order of the customer, newest first (pending ones too, marked as not counted). */
  orders: z.array(AdminCustomerOrder),
  /** Where the last order went: the customer record keeps no address, the order does. */
  lastAddress: z.object({ emirate: z.string(), city: z.string(), address: z.string() }).nullable(),
}).meta({ id: 'AdminCustomerDetail' });
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetail>;
