import type { AdminCustomerDetail, AdminCustomerQuery, AdminCustomerSummary } from '@qahwa/schema/contracts';
import { phoneSearchDigits } from '@qahwa/schema/customers';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { customers, orders } from '../../schema';

/*
 * The back office's customers (docs/customers-reviews.md): a read side over `customers`
 * and their orders, in integer fils. Which orders count is decided here, once, in SQL:
 * - placed = every order but `pending` (not placed yet: a payment still being confirmed);
 * - counted (total spent) = placed and not cancelled (a cancellation gives the money back).
 */
const placed = sql`${orders.status} <> 'pending'`;
const counted = sql`${orders.status} not in ('pending', 'cancelled')`;

/** LIKE's own wildcards in staff's text are literal characters, not patterns. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search, over the customer record and the snapshots on their orders: the record keeps the
 * newest name and phone a checkout gave, and staff may be searching the phone of an older order.
 * "customers"."id" is qualified by hand: drizzle leaves a one-table select's columns unqualified,
 * and a bare "id" inside `from orders o` would be the order's, not the customer's.
 */
function searchWhere(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const like = `%${likeEscape(text)}%`;
  const alternatives: SQL[] = [
    sql`${customers.email} ilike ${like}`,
    sql`${customers.fullName} ilike ${like}`,
    sql`exists (select 1 from orders o where o.customer_id = "customers"."id" and o.customer_name ilike ${like})`,
  ];
  const digits = phoneSearchDigits(text);
  if (digits) {
    const pattern = `%${digits}%`;
    alternatives.push(
      sql`regexp_replace(${customers.phone}, '[^0-9]', '', 'g') like ${pattern}`,
      sql`exists (select 1 from orders o where o.customer_id = "customers"."id" and regexp_replace(o.customer_phone, '[^0-9]', '', 'g') like ${pattern})`,
    );
  }
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

export function createCustomerAdminRepository(db: DbOrTx) {
  /** Per customer: placed and counted orders, money spent, first and last placed order. */
  const figures = db
    .select({
      customerId: orders.customerId,
      orderCount: sql<number>`(count(*) filter (where ${placed}))::int`.as('order_count'),
      countedOrders: sql<number>`(count(*) filter (where ${counted}))::int`.as('counted_orders'),
      totalSpentFils: sql<string>`coalesce(sum(${orders.totalFils}) filter (where ${counted}), 0)`.as(
        'total_spent_fils',
      ),
      firstOrderAt: sql<Date | null>`min(${orders.createdAt}) filter (where ${placed})`.as('first_order_at'),
      lastOrderAt: sql<Date | null>`max(${orders.createdAt}) filter (where ${placed})`.as('last_order_at'),
    })
    .from(orders)
    .groupBy(orders.customerId)
    .as('figures');

  const columns = {
    c: customers,
    orderCount: sql<number>`coalesce(${figures.orderCount}, 0)`,
    countedOrders: sql<number>`coalesce(${figures.countedOrders}, 0)`,
    totalSpentFils: sql<string>`coalesce(${figures.totalSpentFils}, 0)`,
    // Raw timestamps come back as text from a subquery: read them as ISO text in SQL, once.
    firstOrderAt: sql<
      string | null
    >`to_char(${figures.firstOrderAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    lastOrderAt: sql<
      string | null
    >`to_char(${figures.lastOrderAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  };

  type Row = {
    c: typeof customers.$inferSelect;
    orderCount: number;
    countedOrders: number;
    totalSpentFils: string;
    firstOrderAt: string | null;
    lastOrderAt: string | null;
  };
  const summary = (r: Row): AdminCustomerSummary => ({
    id: r.c.id,
    fullName: r.c.fullName,
    email: r.c.email,
    phone: r.c.phone,
    orderCount: Number(r.orderCount),
    countedOrders: Number(r.countedOrders),
    // A sum of integers is numeric in SQL; a customer's lifetime total fits a double exactly.
    totalSpentFils: Number(r.totalSpentFils),
    firstOrderAt: r.firstOrderAt,
    lastOrderAt: r.lastOrderAt,
    createdAt: r.c.createdAt.toISOString(),
  });

  return {
    /** The customers screen: searched, sorted (last order or total spent, highest first), one page. */
    async search(query: AdminCustomerQuery): Promise<{ customers: AdminCustomerSummary[]; total: number }> {
      const where = searchWhere(query.q);
      const order =
        query.sort === 'totalSpent'
          ? [sql`${columns.totalSpentFils} desc`, sql`${figures.lastOrderAt} desc nulls last`]
          : [sql`${figures.lastOrderAt} desc nulls last`];
      const [rows, [count]] = await Promise.all([
        db
          .select(columns)
          .from(customers)
          .leftJoin(figures, eq(figures.customerId, customers.id))
          .where(where)
          .orderBy(...order, desc(customers.createdAt), customers.id)
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(customers).where(where),
      ]);
      return { customers: rows.map(summary), total: count?.n ?? 0 };
    },

    /** The customer page: the summary, every order newest first, and where the last one went. Null if unknown. */
    async detail(id: string): Promise<AdminCustomerDetail | null> {
      const [row] = await db
        .select(columns)
        .from(customers)
        .leftJoin(figures, eq(figures.customerId, customers.id))
        .where(eq(customers.id, id));
      if (!row) return null;
      const list = await db
        .select({
          id: orders.id,
          status: orders.status,
          paymentProvider: orders.paymentProvider,
          totalFils: orders.totalFils,
          createdAt: orders.createdAt,
          emirate: orders.emirate,
          city: orders.city,
          address: orders.address,
          itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`,
          counted: sql<boolean>`(${counted})`,
        })
        .from(orders)
        .where(eq(orders.customerId, id))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      const last = list.find((o) => o.status !== 'pending');
      return {
        ...summary(row),
        orders: list.map((o) => ({
          id: o.id,
          status: o.status,
          paymentProvider: o.paymentProvider,
          totalFils: o.totalFils,
          itemCount: Number(o.itemCount),
          createdAt: o.createdAt.toISOString(),
          counted: Boolean(o.counted),
        })),
        lastAddress: last ? { emirate: last.emirate, city: last.city, address: last.address } : null,
      };
    },
  };
}
export type CustomerAdminRepository = ReturnType<typeof createCustomerAdminRepository>;
