import { LEAD_STATUSES, type LeadList, type LeadStatus } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LeadsTable } from '../../../../leads/leads-table';
import { LeadStatusFilter } from '../../../../leads/status-filter';
import { redirectToLogin } from '../../../../lib/current-user';
import { getLeads } from '../../../../lib/gateway';
import { isGatewayError } from '../../../../lib/gateway-error';
import { AccessDenied } from '../../../../ui/access-denied';
import { PageHeader } from '../../../../ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Leads'))('title') };
}

type Load = { ok: true; list: LeadList } | { ok: false; reason: 'UNAUTHORIZED' | 'FORBIDDEN' };

async function load(status: LeadStatus | null): Promise<Load> {
  try {
    return { ok: true, list: await getLeads({ status, limit: 100, offset: 0 }) };
  } catch (error) {
    if (isGatewayError(error, 'UNAUTHORIZED') || isGatewayError(error, 'FORBIDDEN')) {
      return { ok: false, reason: error.code as 'UNAUTHORIZED' | 'FORBIDDEN' };
    }
    throw error; // the error boundary shows SPEC 2.8's fallback
  }
}

/** SPEC 2.1 /backend/leads (issue 9): the leads, filtered by status; the gateway checks the permission. */
export default async function LeadsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, params] = await Promise.all([getTranslations('Leads'), searchParams]);
  const asked = typeof params.status === 'string' ? params.status : null;
  const status = LEAD_STATUSES.find((s) => s === asked) ?? null;
  const result = await load(status);
  if (!result.ok && result.reason === 'UNAUTHORIZED') return redirectToLogin();
  if (!result.ok) {
    return (
      <>
        <PageHeader title={t('title')} />
        <AccessDenied />
      </>
    );
  }
  const { leads, total, counts } = result.list;
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
