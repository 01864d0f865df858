import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ProductsList } from '@/catalogue/products-list';
import { requireUser } from '@/lib/current-user';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Products'))('title') };
}

/** SPEC 2.1 /backend/products: the table; "New product" for staff who may edit (the gateway decides again). */
export default async function ProductsPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslations('Products')]);
  if (!can(user, 'products', 'view')) {
    return (
      <>
        <PageHeader title={t('title')} />
        <AccessDenied />
      </>
    );
  }
  const canEdit = can(user, 'products', 'edit');
  return (
    <>
      <PageHeader title={t('title')}>
        {canEdit ? (
          <Link
            href="/backend/products/new"
            className="rounded-md bg-coffee-800 px-4 py-2 text-sm font-semibold text-white hover:bg-coffee-700"
          >
            {t('new')}
          </Link>
        ) : null}
      </PageHeader>
      <ProductsList canEdit={canEdit} />
    </>
  );
}
