import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { parsePeriod } from '@/dashboard/chart';
import { CustomerGrowth } from '@/dashboard/customer-growth';
import { PeriodPicker } from '@/dashboard/period-picker';
import { PopularProducts, ProductPerformance, TopProducts } from '@/dashboard/product-tables';
import { SalesTrend } from '@/dashboard/sales-trend';
import { StatCards } from '@/dashboard/stat-cards';
import { StatusBreakdown } from '@/dashboard/status-breakdown';
import { formatDay } from '@/i18n/format';
import { requireUser } from '@/lib/current-user';
import { getDashboard } from '@/lib/gateway';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import { landingPath } from '@/menu/landing';
import { OrdersTable } from '@/orders/orders-table';
import { ChevronEndIcon } from '@/shell/icons';
import { PageHeader } from '@/ui/page-header';

// A new order must show on reload: read the projections on every request.
export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Dashboard'))('title') };
}

/** SPEC 2.1's dashboard: the ten figures, all from the workers' projections (docs/dashboard.md). */
export default async function DashboardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Without the orders permission the figures would be refused: such staff land on their first
  // screen instead (sign-in sends everyone here).
  const period = parsePeriod((await searchParams).period);
  // The figures are asked for beside the session, not after it: one gateway round trip instead of
  // two in a row. Staff sent elsewhere leave their answer unread (a 403 the gateway gave itself).
  const figures = loadOrDeny(() => getDashboard(period));
  figures.catch(() => {});
  const landing = landingPath(await requireUser());
  if (landing !== '/backend') redirect(landing);
  const [t, tTable, locale, result] = await Promise.all([
    getTranslations('Dashboard'),
    getTranslations('OrdersTable'),
    getLocale(),
    figures,
  ]);
  // The dashboard entry is shown to everyone (SPEC 6); its figures need the orders permission.
  if (!result.ok) return <Denied title={t('title')} reason={result.reason} />;

  const summary = result.data;
  return (
    <>
      <PageHeader title={t('title')}>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-stone-500">
            {summary.from === summary.to
              ? formatDay(summary.from, locale)
              : t('range', { from: formatDay(summary.from, locale), to: formatDay(summary.to, locale) })}
          </p>
          <PeriodPicker current={summary.period} />
        </div>
      </PageHeader>
      <div className="space-y-6">
        <StatCards summary={summary} />
        <div className="grid gap-6 xl:grid-cols-2">
          <SalesTrend summary={summary} />
          <StatusBreakdown rows={summary.orderStatus} />
        </div>
        <div className="grid gap-6 xl:grid-cols-2">
          <CustomerGrowth points={summary.customerGrowth} />
          <TopProducts products={summary.topProducts} />
        </div>
        {/* Full width: the orders table has six columns and staff read it across. */}
        <section aria-labelledby="recent-heading" className="min-w-0">
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 id="recent-heading" className="text-base font-semibold text-stone-900">
              {t('recentHeading')}
            </h2>
            {summary.recentOrders.length > 0 ? (
              <Link
                href="/backend/orders"
                className="inline-flex items-center gap-1 text-sm font-medium text-coffee-700 hover:text-coffee-900 hover:underline"
              >
                {t('viewAll')}
                <ChevronEndIcon className="size-4 rtl:-scale-x-100" />
              </Link>
            ) : null}
          </div>
          <OrdersTable orders={summary.recentOrders} caption={tTable('recentCaption')} />
        </section>
        <div className="grid gap-6 xl:grid-cols-5">
          <PopularProducts products={summary.popularProducts} className="xl:col-span-2" />
          <ProductPerformance products={summary.productPerformance} className="xl:col-span-3" />
        </div>
      </div>
    </>
  );
}
