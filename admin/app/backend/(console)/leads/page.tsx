import { LEAD_STATUSES } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LeadsTable } from '@/leads/leads-table';
import { LeadStatusFilter } from '@/leads/status-filter';
import { getLeads } from '@/lib/gateway';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Leads'))('title') };
}

/** SPEC 2.1 /backend/leads: the leads, filtered by status; the gateway checks the permission. */
export default async function LeadsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, params] = await Promise.all([getTranslations('Leads'), searchParams]);
  const asked = typeof params.status === 'string' ? params.status : null;
  const status = LEAD_STATUSES.find((s) => s === asked) ?? null;
  const result = await loadOrDeny(() => getLeads({ status, limit: 100, offset: 0 }));
  if (!result.ok) return <Denied title={t('title')} reason={result.reason} />;
  const { leads, total, counts } = result.data;
  return (
    <>
      <PageHeader title={t('title')}>
        <p className="text-sm text-stone-600">{t('summary', { shown: leads.length, total })}</p>
      </PageHeader>
      <p className="mb-4 max-w-3xl text-sm text-stone-600">{t('intro')}</p>
      <LeadStatusFilter current={status} counts={counts} />
      <LeadsTable leads={leads} caption={t('caption')} />
    </>
  );
}
