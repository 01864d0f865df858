import { and, desc, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { orderStatsDaily, orderStatusCounts, promotions } from '../schema';

/** Reads the projections the workers keep (never the orders table: the dashboard must stay cheap). */
export function createDashboardRepository(db: DbOrTx) {
  return {
    async ordersPerDay(days: number) {
      return db
        .select()
        .from(orderStatsDaily)
        .where(gte(orderStatsDaily.day, sql`(now() at time zone 'Asia/Dubai')::date - ${days - 1}::int`))
        .orderBy(desc(orderStatsDaily.day));
    },
    async statusCounts() {
      const rows = await db.select().from(orderStatusCounts);
      return Object.fromEntries(rows.map((r) => [r.status, r.count]));
    },
    async activePromotions(): Promise<number> {
      const now = new Date();
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(promotions)
        .where(
          and(sql`${promotions.isActive}`, lte(promotions.startDate, now), gte(promotions.endDate, now)),
        );
      return row?.n ?? 0;
    },
  };
}
