import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CategoriesManager } from '@/catalogue/categories-manager';
import { requireUser } from '@/lib/current-user';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Categories'))('title') };
}

export default async function CategoriesPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslations('Categories')]);
  return (
    <>
      <PageHeader title={t('title')} />
      {can(user, 'categories', 'view') ? (
        <CategoriesManager canEdit={can(user, 'categories', 'edit')} />
      ) : (
        <AccessDenied />
      )}
    </>
  );
}
