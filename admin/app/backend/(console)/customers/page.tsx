import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Pager } from '../../../../crm/pager';
import { CUSTOMERS_PAGE_SIZE, customerQueryFrom, searchCustomers } from '../../../../customers/customer-data';
import { CustomerSearch } from '../../../../customers/customer-search';
import { CustomersTable } from '../../../../customers/customers-table';
import { redirectToLogin } from '../../../../lib/current-user';
import { isGatewayError } from '../../../../lib/gateway-error';
import { AccessDenied } from '../../../../ui/access-denied';
import { PageHeader } from '../../../../ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Customers'))('title') };
}

type Load =
  | { ok: true; list: Awaited<ReturnType<typeof searchCustomers>> }
  | { ok: false; reason: 'UNAUTHORIZED' | 'FORBIDDEN' };

async function load(query: ReturnType<typeof customerQueryFrom>): Promise<Load> {
  try {
    return { ok: true, list: await searchCustomers(query) };
  } catch (error) {
    for (const reason of ['UNAUTHORIZED', 'FORBIDDEN'] as const) {
      if (isGatewayError(error, reason)) return { ok: false, reason };
    }
    throw error; // the error boundary shows SPEC 2.8's fallback
  }
}

export default async function CustomersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, params] = await Promise.all([getTranslations('Customers'), searchParams]);
  const query = customerQueryFrom(params);
  const result = await load(query);
  if (!result.ok && result.reason === 'UNAUTHORIZED') return redirectToLogin();
  if (!result.ok) {
    return (
      <>
        <PageHeader title={t('title')} />
        <AccessDenied />
      </>
    );
  }
  const { customers, total } = result.list;
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
