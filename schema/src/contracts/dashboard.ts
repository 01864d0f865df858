import { z } from 'zod';
import { ORDER_STATUSES } from '../reference';
import { LocalText } from './content';
import { AdminOrder } from './orders';

/**
 * The dashboard's period picker (docs/dashboard.md). Days are Asia/Dubai calendar days; `today` is the
 * current one, `7d` the last seven including today, and so on.
 */
export const DASHBOARD_PERIODS = ['today', '7d', '30d', '90d', '365d'] as const;
export const DashboardPeriod = z.enum(DASHBOARD_PERIODS).meta({ id: 'DashboardPeriod' });
export type DashboardPeriod = z.infer<typeof DashboardPeriod>;

export const DashboardQuery = z.object({ period: DashboardPeriod.default('30d') });

const ProductRef = z.object({ productId: z.string(), name: LocalText, imageUrl: z.string().nullable() });

/**
 * SPEC 2.1's ten dashboard figures, every one read from a projection the workers keep from the
 * JetStream stream (never a scan of `orders`). Money in AED (2 decimals), computed from fils.
 */
export const DashboardSummary = z
  .object({
    period: DashboardPeriod,
    /** Inclusive Asia/Dubai days the period covers (YYYY-MM-DD). */
    from: z.string(),
    to: z.string(),
    /** 1. Today's orders (always today, whatever the period). */
    today: z.object({ orders: z.number().int(), revenue: z.number() }),
    /** 2. Active (not archived) products. */
    totalProducts: z.number().int(),
    /** 3. Promotions active now. */
    activePromotions: z.number().int(),
    /** 4. The newest orders (5). */
    recentOrders: z.array(AdminOrder),
    /** 5. Most viewed products in the period. */
    popularProducts: z.array(ProductRef.extend({ views: z.number().int() })),
    /** 6. Orders and revenue per day over the period, oldest first, every day present (zeros). */
    salesTrend: z.array(z.object({ day: z.string(), orders: z.number().int(), revenue: z.number() })),
    /** 7. Per product over the period: views, units sold, revenue, and orders per 100 views. */
    productPerformance: z.array(
      ProductRef.extend({
        views: z.number().int(),
        unitsSold: z.number().int(),
        revenue: z.number(),
        conversionRate: z.number().nullable(),
      }),
    ),
    /** 8. New customers per day over the period, and the running total at the end of each day. */
    customerGrowth: z.array(
      z.object({ day: z.string(), newCustomers: z.number().int(), totalCustomers: z.number().int() }),
    ),
    /** 9. How many orders are in each status now (every status present, zero if none). */
    orderStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
    /** 10. Best sellers by units over the period. */
    topProducts: z.array(ProductRef.extend({ unitsSold: z.number().int(), revenue: z.number() })),
    /**
     * Carts left over the period against its orders (docs/dashboard.md "Cart abandonment"): the rate
     * is abandoned ÷ (abandoned + orders) in per cent, one decimal; null when there was neither.
     */
    cartAbandonment: z.object({
      abandoned: z.number().int(),
      orders: z.number().int(),
      rate: z.number().nullable(),
    }),
  })
  .meta({ id: 'DashboardSummary' });
export type DashboardSummary = z.infer<typeof DashboardSummary>;
