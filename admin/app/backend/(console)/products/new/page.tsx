import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ProductForm } from '@/catalogue/product-form';
import { requireUser } from '@/lib/current-user';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Products'))('newTitle') };
}

export default async function NewProductPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslations('Products')]);
  return (
    <>
      <PageHeader title={t('newTitle')} />
      {can(user, 'products', 'edit') ? (
        <ProductForm product={null} canEdit canEditVariations={can(user, 'variation', 'edit')} />
      ) : (
        <AccessDenied />
      )}
    </>
  );
}
