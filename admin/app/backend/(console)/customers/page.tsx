import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Pager } from '@/crm/pager';
import { CUSTOMERS_PAGE_SIZE, customerQueryFrom, searchCustomers } from '@/customers/customer-data';
import { CustomerSearch } from '@/customers/customer-search';
import { CustomersTable } from '@/customers/customers-table';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Customers'))('title') };
}

export default async function CustomersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, params] = await Promise.all([getTranslations('Customers'), searchParams]);
  const query = customerQueryFrom(params);
  const result = await loadOrDeny(() => searchCustomers(query));
  if (!result.ok) return <Denied title={t('title')} reason={result.reason} />;
  const { customers, total } = result.data;
  return (
    <>
      <PageHeader title={t('title')}>
        {total > 0 ? <p className="text-sm text-stone-600">{t('summary', { total })}</p> : null}
      </PageHeader>
      <CustomerSearch q={query.q} sort={query.sort} />
      <CustomersTable customers={customers} empty={query.q ? t('noMatch', { q: query.q }) : t('empty')} />
      <Pager
        base="/backend/customers"
        params={{ ...(query.q ? { q: query.q } : {}), sort: query.sort }}
        page={query.page}
        pageSize={CUSTOMERS_PAGE_SIZE}
        total={total}
      />
    </>
  );
}
