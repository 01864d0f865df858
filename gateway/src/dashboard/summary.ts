import { DASHBOARD_LIMITS, type DashboardRepository, periodRange } from '@qahwa/db';
import { type DashboardPeriod, type DashboardSummary, toAed } from '@qahwa/schema';
import type { Catalogue } from '../catalogue/catalogue';

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Names and images for the dashboard's products: from the gateway's in-memory catalogue, and
 * for a product no longer on sale (archived since it sold) from the products table by id.
 */
async function productRefs(catalogue: Catalogue, dashboard: DashboardRepository, ids: string[]) {
  const wanted = [...new Set(ids)];
  const known = new Map<string, { name: { en: string; ar: string }; imageUrl: string | null }>();
  const snapshot = catalogue.peek();
  for (const id of wanted) {
    const answer = snapshot?.product(id);
    if (!answer) continue;
    const p = JSON.parse(answer.bytes.toString()) as {
      name: string;
      nameAr: string;
      imageUrl?: string | null;
    };
    known.set(id, { name: { en: p.name, ar: p.nameAr }, imageUrl: p.imageUrl ?? null });
  }
  const missing = wanted.filter((id) => !known.has(id));
  for (const p of await dashboard.productNames(missing)) {
    known.set(p.id, { name: { en: p.name, ar: p.nameAr }, imageUrl: p.imageUrl });
  }
  return (productId: string) => ({
    productId,
    ...(known.get(productId) ?? { name: { en: productId, ar: productId }, imageUrl: null }),
  });
}

/**
 * The dashboard of a period (docs/dashboard.md): from the projections only, no figure here is a
 * query of orders; the products ranked by views, units and revenue, named from the catalogue.
 */
export async function dashboardSummary(
  { dashboard, catalogue }: { dashboard: DashboardRepository; catalogue: Catalogue },
  period: DashboardPeriod,
): Promise<DashboardSummary> {
  // Projections only (docs/dashboard.md): no figure here is a query of orders.
  const { from, to } = periodRange(period);
  const [
    trend,
    today,
    orderStatus,
    totalProducts,
    activePromotions,
    recentOrders,
    figures,
    growth,
    cartAbandonment,
  ] = await Promise.all([
    dashboard.salesTrend(from, to),
    dashboard.salesTrend(to, to),
    dashboard.statusCounts(),
    dashboard.totalProducts(),
    dashboard.activePromotions(),
    dashboard.recentOrders(),
    dashboard.productFigures(from, to),
    dashboard.customerGrowth(from, to),
    dashboard.cartAbandonment(from, to),
  ]);
  const byViews = figures
    .filter((f) => f.views > 0)
    .sort((a, b) => b.views - a.views || cmp(a.productId, b.productId))
    .slice(0, DASHBOARD_LIMITS.popular);
  const byUnits = figures
    .filter((f) => f.unitsSold > 0)
    .sort(
      (a, b) => b.unitsSold - a.unitsSold || b.revenueFils - a.revenueFils || cmp(a.productId, b.productId),
    )
    .slice(0, DASHBOARD_LIMITS.top);
  const byRevenue = [...figures]
    .sort((a, b) => b.revenueFils - a.revenueFils || b.views - a.views || cmp(a.productId, b.productId))
    .slice(0, DASHBOARD_LIMITS.performance);
  const refs = await productRefs(
    catalogue,
    dashboard,
    [...byViews, ...byUnits, ...byRevenue].map((f) => f.productId),
  );
  return {
    period,
    from,
    to,
    today: { orders: today[0]?.orders ?? 0, revenue: toAed(today[0]?.revenueFils ?? 0) },
    totalProducts,
    activePromotions,
    recentOrders,
    popularProducts: byViews.map((f) => ({ ...refs(f.productId), views: f.views })),
    salesTrend: trend.map((d) => ({ day: d.day, orders: d.orders, revenue: toAed(d.revenueFils) })),
    productPerformance: byRevenue.map((f) => ({
      ...refs(f.productId),
      views: f.views,
      unitsSold: f.unitsSold,
      revenue: toAed(f.revenueFils),
      // Orders with the product per 100 views; no views, no rate (not a division by zero).
      conversionRate: f.views > 0 ? Math.round((f.orders / f.views) * 10_000) / 100 : null,
    })),
    customerGrowth: growth,
    orderStatus,
    topProducts: byUnits.map((f) => ({
      ...refs(f.productId),
      unitsSold: f.unitsSold,
      revenue: toAed(f.revenueFils),
    })),
    cartAbandonment,
  };
}
