import { can, SUBSCRIBER_STATUSES } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getSubscribers, loadOrRefuse, pageOf } from '@/crm/data';
import { FilterLinks } from '@/crm/filter-links';
import { Pager } from '@/crm/pager';
import { SubscriberSearch } from '@/crm/subscriber-search';
import { SubscribersTable } from '@/crm/subscribers-table';
import { redirectToLogin, requireUser } from '@/lib/current-user';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('CrmSubscribers'))('title') };
}

/** SPEC 2.1 /backend/subscribers: the newsletter's subscribers, search, CSV export. */
export default async function SubscribersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, params, user] = await Promise.all([
    getTranslations('CrmSubscribers'),
    searchParams,
    requireUser(),
  ]);
  const q = typeof params.q === 'string' ? params.q.trim().slice(0, 200) : '';
  const page = pageOf(params.page);
  // Unknown values are dropped: a typed URL never becomes a 400 page.
  const status = SUBSCRIBER_STATUSES.find((s) => s === params.status);
  const result = await loadOrRefuse(() =>
    getSubscribers({ q, status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
  );
  if (!result.ok && result.reason === 'UNAUTHORIZED') return redirectToLogin();
  if (!result.ok) {
    return (
      <>
        <PageHeader title={t('title')} />
        <AccessDenied />
      </>
    );
  }
  const { items, total } = result.data;
  return (
    <>
      <PageHeader title={t('title')}>
        <p className="text-sm text-stone-600">
          {q ? t('summarySearch', { total, q }) : t('summary', { total })}
        </p>
      </PageHeader>
      <FilterLinks
        label={t('statusFilter')}
        options={[undefined, ...SUBSCRIBER_STATUSES].map((s) => ({
          href: `/backend/subscribers?${new URLSearchParams({ ...(q ? { q } : {}), ...(s ? { status: s } : {}) })}`,
          label: s ? t(`statuses.${s}`) : t('all'),
          active: s === status,
        }))}
      />
      <SubscriberSearch q={q} status={status} />
      <SubscribersTable
        subscribers={items}
        emptyTitle={q ? t('emptySearch', { q }) : t('empty')}
        canEdit={can(user, 'subscribers', 'edit')}
      />
      <Pager
        base="/backend/subscribers"
        params={{ ...(q ? { q } : {}), ...(status ? { status } : {}) }}
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
      />
    </>
  );
}
