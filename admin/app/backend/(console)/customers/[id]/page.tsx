import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getCustomer } from '@/customers/customer-data';
import { CustomerDetailView } from '@/customers/customer-detail';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('CustomerDetail'))('title') };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function CustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  const [t, result] = await Promise.all([
    getTranslations('CustomerDetail'),
    // Anything that is not a customer id is no customer: no call to the gateway for it.
    loadOrDeny(() => getCustomer(id), { notFound: true, valid: UUID.test(id) }),
  ]);
  if (!result.ok) return <Denied title={t('title')} reason={result.reason} />;
  return <CustomerDetailView customer={result.data} />;
}
