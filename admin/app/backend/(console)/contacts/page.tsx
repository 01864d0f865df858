import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ContactsTable } from '@/crm/contacts-table';
import { type ContactFilter, getContacts, loadOrRefuse, pageOf } from '@/crm/data';
import { FilterLinks } from '@/crm/filter-links';
import { Pager } from '@/crm/pager';
import { redirectToLogin } from '@/lib/current-user';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 20;
const FILTERS: ContactFilter[] = ['all', 'unread', 'read'];

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('CrmContacts'))('title') };
}

/** SPEC 2.1 /backend/contacts: the contact form's messages, read/unread, reply by e-mail. */
export default async function ContactsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, params] = await Promise.all([getTranslations('CrmContacts'), searchParams]);
  const status = FILTERS.find((f) => f === params.status) ?? 'all';
  const page = pageOf(params.page);
  const result = await loadOrRefuse(() =>
    getContacts({ status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
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
  const { items, total, unread } = result.data;
  return (
    <>
      <PageHeader title={t('title')}>
        <p className="text-sm text-stone-600">{t('summary', { unread })}</p>
      </PageHeader>
      <FilterLinks
        label={t('filter')}
        options={FILTERS.map((f) => ({
          href: f === 'all' ? '/backend/contacts' : `/backend/contacts?status=${f}`,
          label: t(`filters.${f}`),
          ...(f === 'unread' ? { count: unread } : {}),
          active: f === status,
        }))}
      />
      <ContactsTable messages={items} emptyTitle={t(`empty.${status}`)} />
      <Pager
        base="/backend/contacts"
        params={status === 'all' ? {} : { status }}
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
      />
    </>
  );
}
