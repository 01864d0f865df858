import {
  type AdminOrder,
  addDays,
  type DashboardPeriod,
  gulfDate,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_PROVIDERS,
  toAed,
} from '@qahwa/schema';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import {
  abandonedCarts,
  customerGrowthDaily,
  orderStatsDaily,
  orderStatusCounts,
  productSalesDaily,
  products,
  productViewsDaily,
  projectionOrders,
  projectionProducts,
  projectionPromotions,
  promotions,
} from '../../schema';

/** How many days each period covers, today included. */
export const PERIOD_DAYS: Record<DashboardPeriod, number> = {
  today: 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '365d': 365,
};

/** The list sizes of the dashboard (the contract fixes recent orders at 5). */
export const DASHBOARD_LIMITS = { recentOrders: 5, popular: 5, top: 5, performance: 10 } as const;

/** Every day from `from` to `to`, inclusive, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The inclusive Asia/Dubai days a period covers at `now`. */
export function periodRange(period: DashboardPeriod, now: Date = new Date()): { from: string; to: string } {
  const to = gulfDate(now);
  return { from: addDays(to, -(PERIOD_DAYS[period] - 1)), to };
}

interface PlacedPayload {
  customerId?: string;
  customer?: { fullName?: string; email?: string; phone?: string };
  paymentProvider?: string;
  totalFils?: number;
  placedAt?: string;
  emirate?: string;
  city?: string;
  items?: Array<{ quantity?: number }>;
}

/** Per product over a period, before names (the gateway adds them from its catalogue). */
export interface ProductFigures {
  productId: string;
  views: number;
  unitsSold: number;
  orders: number;
  revenueFils: number;
}

/**
 * The dashboard's reads (docs/dashboard.md). Every one reads a projection the
 * workers keep from the stream; none reads `orders`, `order_items` or `customers`.
 */
export function createDashboardRepository(db: DbOrTx) {
  /** Views, units, orders and revenue per product over [from, to]. */
  async function productFigures(from: string, to: string): Promise<ProductFigures[]> {
    const [views, sales] = await Promise.all([
      db
        .select({
          productId: productViewsDaily.productId,
          views: sql<number>`sum(${productViewsDaily.views})::int`,
        })
        .from(productViewsDaily)
        .where(and(gte(productViewsDaily.day, from), lte(productViewsDaily.day, to)))
        .groupBy(productViewsDaily.productId),
      db
        .select({
          productId: productSalesDaily.productId,
          units: sql<number>`sum(${productSalesDaily.units})::int`,
          orders: sql<number>`sum(${productSalesDaily.orders})::int`,
          revenueFils: sql<number>`sum(${productSalesDaily.revenueFils})::bigint`,
        })
        .from(productSalesDaily)
        .where(and(gte(productSalesDaily.day, from), lte(productSalesDaily.day, to)))
        .groupBy(productSalesDaily.productId),
    ]);
    const byId = new Map<string, ProductFigures>();
    const row = (productId: string) => {
      let r = byId.get(productId);
      if (!r) {
        r = { productId, views: 0, unitsSold: 0, orders: 0, revenueFils: 0 };
        byId.set(productId, r);
      }
      return r;
    };
    for (const v of views) row(v.productId).views = Number(v.views);
    for (const s of sales) {
      const r = row(s.productId);
      r.unitsSold = Number(s.units);
      r.orders = Number(s.orders);
      r.revenueFils = Number(s.revenueFils);
    }
    return [...byId.values()];
  }

  return {
    /** Orders and revenue (fils) per day, oldest first, every day of [from, to] present. */
    async salesTrend(from: string, to: string) {
      const rows = await db
        .select()
        .from(orderStatsDaily)
        .where(and(gte(orderStatsDaily.day, from), lte(orderStatsDaily.day, to)));
      const byDay = new Map(rows.map((r) => [r.day, r]));
      return daysBetween(from, to).map((day) => ({
        day,
        orders: byDay.get(day)?.orders ?? 0,
        revenueFils: Number(byDay.get(day)?.revenueFils ?? 0),
      }));
    },

    /** How many orders are in each status now, every status present. */
    async statusCounts(): Promise<Array<{ status: OrderStatus; count: number }>> {
      const rows = await db.select().from(orderStatusCounts);
      const by = new Map(rows.map((r) => [r.status, r.count]));
      return ORDER_STATUSES.map((status) => ({ status, count: by.get(status) ?? 0 }));
    },

    async totalProducts(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(projectionProducts)
        .where(eq(projectionProducts.active, true));
      return row?.n ?? 0;
    },

    /**
     * Promotions in force: switched on, `now` inside the window, and a use still left — the
     * back office's `promotionStatus(…) === 'active'` (schema/src/promotions/promotion-status.ts).
     * The window is the projection's; uses move with every checkout and announce no catalogue
     * event, so they are read from the promotion's own row.
     */
    async activePromotions(now: Date = new Date()): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(projectionPromotions)
        .innerJoin(promotions, eq(promotions.id, projectionPromotions.promotionId))
        .where(
          and(
            eq(projectionPromotions.isActive, true),
            lte(projectionPromotions.startDate, now),
            gte(projectionPromotions.endDate, now),
            sql`(${promotions.maxUses} is null or ${promotions.uses} < ${promotions.maxUses})`,
          ),
        );
      return row?.n ?? 0;
    },

    /** The newest placed orders, from projection_orders (OrderPlaced's snapshot, current status). */
    async recentOrders(limit: number = DASHBOARD_LIMITS.recentOrders): Promise<AdminOrder[]> {
      const rows = await db
        .select()
        .from(projectionOrders)
        .where(isNotNull(projectionOrders.placedAt))
        .orderBy(desc(projectionOrders.placedAt), desc(projectionOrders.orderId))
        .limit(limit);
      return rows.map((r) => {
        const p = (r.payload ?? {}) as PlacedPayload;
        const provider = PAYMENT_PROVIDERS.find((x) => x === p.paymentProvider) ?? 'COD';
        const status = ORDER_STATUSES.find((x) => x === r.status) ?? 'new';
        return {
          id: r.orderId,
          // Events written before the snapshot was added carry none: blanks, not a query of orders.
          customer: {
            id: p.customerId ?? '',
            fullName: p.customer?.fullName ?? '',
            email: p.customer?.email ?? '',
            phone: p.customer?.phone ?? '',
          },
          createdAt: (r.placedAt ?? new Date(0)).toISOString(),
          status,
          total: toAed(p.totalFils ?? 0),
          paymentProvider: provider,
          itemCount: (p.items ?? []).reduce((n, i) => n + (i.quantity ?? 0), 0),
          emirate: p.emirate ?? '',
          city: p.city ?? '',
        };
      });
    },

    productFigures,

    /**
     * The period's abandoned carts against its orders (docs/dashboard.md "Cart abandonment"):
     * carts reported abandoned on one of its Dubai days and not bought since, orders placed on
     * them (the order-stats projection); the rate is abandoned ÷ (abandoned + orders) in per cent
     * to one decimal, null when there was neither.
     */
    async cartAbandonment(
      from: string,
      to: string,
    ): Promise<{ abandoned: number; orders: number; rate: number | null }> {
      const { rows } = await db.execute<{ abandoned: number; orders: number; rate: number | null }>(sql`
        with a as (
          select count(*)::int as n from ${abandonedCarts}
          where ${abandonedCarts.orderedAt} is null
            and ${abandonedCarts.abandonedAt} >= (${from}::date)::timestamp at time zone 'Asia/Dubai'
            and ${abandonedCarts.abandonedAt} < (${to}::date + 1)::timestamp at time zone 'Asia/Dubai'
        ), o as (
          select coalesce(sum(${orderStatsDaily.orders}), 0)::int as n from ${orderStatsDaily}
          where ${orderStatsDaily.day} between ${from}::date and ${to}::date
        )
        select a.n as abandoned, o.n as orders,
          case when a.n + o.n = 0 then null
            else round(100.0 * a.n / (a.n + o.n), 1)::float8 end as rate
        from a, o`);
      const row = rows[0];
      return {
        abandoned: Number(row?.abandoned ?? 0),
        orders: Number(row?.orders ?? 0),
        rate: row?.rate == null ? null : Number(row.rate),
      };
    },

    /** New customers per day over [from, to], every day present, with the running total. */
    async customerGrowth(from: string, to: string) {
      const [rows, [before]] = await Promise.all([
        db
          .select()
          .from(customerGrowthDaily)
          .where(and(gte(customerGrowthDaily.day, from), lte(customerGrowthDaily.day, to)))
          .orderBy(asc(customerGrowthDaily.day)),
        db
          .select({ n: sql<number>`coalesce(sum(${customerGrowthDaily.newCustomers}), 0)::int` })
          .from(customerGrowthDaily)
          .where(lt(customerGrowthDaily.day, from)),
      ]);
      const byDay = new Map(rows.map((r) => [r.day, r.newCustomers]));
      let total = before?.n ?? 0;
      return daysBetween(from, to).map((day) => {
        const newCustomers = byDay.get(day) ?? 0;
        total += newCustomers;
        return { day, newCustomers, totalCustomers: total };
      });
    },

    /**
     * Names and images of products the gateway's in-memory catalogue does not hold (archived
     * since they sold): the products table by id, never a scan of orders.
     */
    async productNames(ids: string[]) {
      const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      if (uuids.length === 0) return [];
      return db
        .select({
          id: products.id,
          name: products.name,
          nameAr: products.nameAr,
          imageUrl: products.imageUrl,
        })
        .from(products)
        .where(inArray(products.id, uuids));
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
