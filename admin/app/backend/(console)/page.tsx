import type { DashboardSummary } from '@qahwa/schema';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { SalesTrend } from '../../../dashboard/sales-trend';
import { StatCards } from '../../../dashboard/stat-cards';
import { StatusBreakdown } from '../../../dashboard/status-breakdown';
import { redirectToLogin } from '../../../lib/current-user';
import { getDashboard } from '../../../lib/gateway';
import { isGatewayError } from '../../../lib/gateway-error';
import { OrdersTable } from '../../../orders/orders-table';
import { ChevronEndIcon } from '../../../shell/icons';
import { AccessDenied } from '../../../ui/access-denied';
import { PageHeader } from '../../../ui/page-header';

// A new order must show on reload: read the projection on every request.
export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Dashboard'))('title') };
}

type Load = { ok: true; summary: DashboardSummary } | { ok: false; reason: 'UNAUTHORIZED' | 'FORBIDDEN' };

async function load(): Promise<Load> {
  try {
    return { ok: true, summary: await getDashboard() };
  } catch (error) {
    if (isGatewayError(error, 'UNAUTHORIZED')) return { ok: false, reason: 'UNAUTHORIZED' };
    if (isGatewayError(error, 'FORBIDDEN')) return { ok: false, reason: 'FORBIDDEN' };
    throw error;
  }
}

export default async function DashboardPage() {
  const [t, tTable, result] = await Promise.all([
    getTranslations('Dashboard'),
    getTranslations('OrdersTable'),
    load(),
  ]);
  if (!result.ok && result.reason === 'UNAUTHORIZED') return redirectToLogin();
  if (!result.ok) {
    // The dashboard entry is shown to everyone (SPEC 6); its figures need the orders permission.
    return (
      <>
        <PageHeader title={t('title')} />
        <AccessDenied />
      </>
    );
  }

  const { summary } = result;
  return (
    <>
      <PageHeader title={t('title')} />
      <div className="space-y-6">
        <StatCards summary={summary} />
        <div className="grid gap-6 xl:grid-cols-5">
          <div className="xl:col-span-2">
            <StatusBreakdown counts={summary.ordersByStatus} />
          </div>
          <div className="xl:col-span-3">
            <SalesTrend points={summary.ordersPerDay} />
          </div>
        </div>
        <section aria-labelledby="recent-heading">
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
          <OrdersTable orders={summary.recentOrders.slice(0, 5)} caption={tTable('recentCaption')} />
        </section>
      </div>
    </>
  );
}
