import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DocumentsExport } from '@/invoices/documents-export';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import { filterFromQuery, filterQuery, searchOrders } from '@/orders/order-data';
import { OrderFilters } from '@/orders/order-filters';
import { OrdersTable } from '@/orders/orders-table';
import { ordersPageHref, pageWindow, parsePage } from '@/orders/pagination';
import { PaginationNav } from '@/orders/pagination-nav';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('OrdersPage'))('title') };
}

export default async function OrdersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, tTable, tFilters, params] = await Promise.all([
    getTranslations('OrdersPage'),
    getTranslations('OrdersTable'),
    getTranslations('OrderFilters'),
    searchParams,
  ]);
  const filter = filterFromQuery(params);
  const query = filterQuery(filter);
  const filtered = query !== '';
  const requested = pageWindow(parsePage(params.page), Number.MAX_SAFE_INTEGER);
  const result = await loadOrDeny(() =>
    searchOrders(filter, { limit: requested.limit, offset: requested.offset }),
  );
  if (!result.ok) return <Denied title={t('title')} reason={result.reason} />;

  const { orders, total } = result.data;
  const current = pageWindow(requested.page, total);
  // A page past the end (orders were removed, or a typed URL): show the last real page.
  if (orders.length === 0 && total > 0 && current.page > current.pages) {
    redirect(ordersPageHref(current.pages, query));
  }
  return (
    <>
      <PageHeader title={t('title')}>
        {total > 0 ? (
          <p className="text-sm text-stone-600">
            {t('summary', { from: current.from, to: current.to, total })}
          </p>
        ) : null}
      </PageHeader>
      <OrderFilters
        filter={filter}
        exportHref={`/backend/api/admin/orders/export${query ? `?${query}` : ''}`}
      />
      <DocumentsExport />
      <OrdersTable
        orders={orders}
        caption={tTable('caption')}
        {...(filtered ? { empty: tFilters('noMatch') } : {})}
      />
      {current.pages > 1 || current.page > 1 ? <PaginationNav current={current} query={query} /> : null}
    </>
  );
}
