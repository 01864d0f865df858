import { LEAD_STATUSES } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageOf } from '@/crm/data';
import { Pager } from '@/crm/pager';
import { LeadsTable } from '@/leads/leads-table';
import { LeadStatusFilter } from '@/leads/status-filter';
import { getLeads } from '@/lib/gateway';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

/** Leads a page: enough to scan a day's carts, small enough to read on a phone. */
const PAGE_SIZE = 25;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Leads'))('title') };
}

/**
 * SPEC 2.1 /backend/leads: the leads, filtered by status and paged (both in the URL, so a page
 * can be shared or reloaded); the gateway checks the permission.
 */
export default async function LeadsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, params] = await Promise.all([getTranslations('Leads'), searchParams]);
  const asked = typeof params.status === 'string' ? params.status : null;
  const status = LEAD_STATUSES.find((s) => s === asked) ?? null;
  const page = pageOf(params.page);
  const result = await loadOrDeny(() =>
    getLeads({ status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
  );
  if (!result.ok) return <Denied title={t('title')} reason={result.reason} />;
  const { leads, total, counts } = result.data;
  const from = leads.length === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  return (
    <>
      <PageHeader title={t('title')}>
        <p className="text-sm text-stone-600" data-testid="leads-showing">
          {t('showing', { from, to: from === 0 ? 0 : from + leads.length - 1, total })}
        </p>
      </PageHeader>
      <p className="mb-4 max-w-3xl text-sm text-stone-600">{t('intro')}</p>
      <LeadStatusFilter current={status} counts={counts} />
      <LeadsTable leads={leads} caption={t('caption')} />
      <Pager
        base="/backend/leads"
        params={status ? { status } : {}}
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
      />
    </>
  );
}
