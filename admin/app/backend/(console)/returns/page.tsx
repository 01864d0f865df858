import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Pager } from '@/crm/pager';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import type { QueryParams } from '@/lib/url-filter';
import { pageWindow, parsePage } from '@/orders/pagination';
import {
  listReturns,
  RETURNS_PAGE_SIZE,
  returnFilterFromQuery,
  returnFilterQuery,
} from '@/returns/return-data';
import { ReturnFilters } from '@/returns/return-filters';
import { ReturnsTable } from '@/returns/returns-table';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Returns'))('title') };
}

/** The back office's Returns (docs/admin.md): every return, filtered by status and age; the orders module's. */
export default async function ReturnsPage({ searchParams }: { searchParams: Promise<QueryParams> }) {
  const [t, params] = await Promise.all([getTranslations('Returns'), searchParams]);
  const filter = returnFilterFromQuery(params);
  const query = returnFilterQuery(filter);
  const requested = pageWindow(parsePage(params.page), Number.MAX_SAFE_INTEGER, RETURNS_PAGE_SIZE);
  const result = await loadOrDeny(() =>
    listReturns(filter, { limit: requested.limit, offset: requested.offset }),
  );
  if (!result.ok) return <Denied title={t('title')} reason={result.reason} />;

  const { returns, total } = result.data;
  const current = pageWindow(requested.page, total, RETURNS_PAGE_SIZE);
  // A page past the end (a typed URL, or the list shrank): the last real page.
  if (returns.length === 0 && total > 0 && current.page > current.pages) {
    const q = new URLSearchParams(query);
    q.set('page', String(current.pages));
    redirect(`/backend/returns?${q}`);
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
      <ReturnFilters filter={filter} />
      <ReturnsTable returns={returns} caption={t('caption')} empty={query ? t('noMatch') : t('empty')} />
      <Pager
        base="/backend/returns"
        params={Object.fromEntries(new URLSearchParams(query))}
        page={current.page}
        pageSize={RETURNS_PAGE_SIZE}
        total={total}
      />
    </>
  );
}
