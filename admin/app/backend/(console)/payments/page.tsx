import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import { pageHref, queryOf } from '@/lib/url-filter';
import { pageWindow, parsePage } from '@/orders/pagination';
import { listPayments, PAYMENTS_PAGE_SIZE, paymentFilterFromQuery } from '@/payments/payment-data';
import { PaymentFilters } from '@/payments/payment-filters';
import { PaymentsTable } from '@/payments/payments-table';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Payments'))('title') };
}

export default async function PaymentsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, tPages, params] = await Promise.all([
    getTranslations('Payments'),
    getTranslations('Pagination'),
    searchParams,
  ]);
  const pager = 'rounded-md border border-stone-300 bg-white px-3 py-1.5 text-stone-800 hover:bg-stone-50';
  const filter = paymentFilterFromQuery(params);
  const page = parsePage(params.page);
  const requested = pageWindow(page, Number.MAX_SAFE_INTEGER, PAYMENTS_PAGE_SIZE);
  const result = await loadOrDeny(() =>
    listPayments(filter, { limit: requested.limit, offset: requested.offset }),
  );
  if (!result.ok) return <Denied title={t('title')} reason={result.reason} />;
  const { payments, total, attentionCount } = result.data;
  const current = pageWindow(page, total, PAYMENTS_PAGE_SIZE);
  const attentionTab = filter.attention === 'true';
  const tab = (active: boolean) =>
    `inline-flex items-center gap-2 rounded-t-md border-b-2 px-4 py-2 text-sm font-medium ${
      active ? 'border-amber-700 text-amber-900' : 'border-transparent text-stone-600 hover:text-stone-900'
    }`;
  const hrefOf = (n: number) => pageHref('/backend/payments', queryOf(filter), n);
  const { attention: _tab, reason: _reason, ...rest } = filter;
  const filtered = Object.keys(rest).length > 0 || Boolean(filter.reason);
  return (
    <>
      <PageHeader title={t('title')}>
        {total > 0 ? (
          <p className="text-sm text-stone-600">
            {t('summary', { from: current.from, to: current.to, total })}
          </p>
        ) : null}
      </PageHeader>
      <nav aria-label={t('tabs.label')} className="mb-4 flex gap-2 border-b border-stone-200">
        <Link
          href="/backend/payments"
          className={tab(!attentionTab)}
          aria-current={!attentionTab ? 'page' : undefined}
        >
          {t('tabs.all')}
        </Link>
        <Link
          href="/backend/payments?attention=true"
          className={tab(attentionTab)}
          aria-current={attentionTab ? 'page' : undefined}
        >
          {t('tabs.attention')}
          {attentionCount > 0 ? (
            <span
              className="rounded-full bg-amber-600 px-2 py-0.5 text-xs font-semibold text-white"
              title={t('attentionBadge', { count: attentionCount })}
            >
              <span aria-hidden="true">{attentionCount}</span>
              <span className="sr-only">{t('attentionBadge', { count: attentionCount })}</span>
            </span>
          ) : null}
        </Link>
      </nav>
      <PaymentFilters filter={filter} />
      <PaymentsTable payments={payments} filtered={filtered} />
      {current.pages > 1 ? (
        <nav aria-label={tPages('label')} className="mt-4 flex items-center justify-between gap-3 text-sm">
          {current.hasPrevious ? (
            <Link href={hrefOf(current.page - 1)} className={pager}>
              {tPages('previous')}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-stone-600">{tPages('page', { page: current.page, pages: current.pages })}</p>
          {current.hasNext ? (
            <Link href={hrefOf(current.page + 1)} className={pager}>
              {tPages('next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
