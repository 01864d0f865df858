import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/current-user';
import { PromotionsList } from '@/promotions/promotions-list';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Promotions'))('title') };
}

/** SPEC 2.1 /backend/promotions: the list; "New promotion" for staff who may edit. */
export default async function PromotionsPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslations('Promotions')]);
  if (!can(user, 'promotions', 'view')) {
    return (
      <>
        <PageHeader title={t('title')} />
        <AccessDenied />
      </>
    );
  }
  const canEdit = can(user, 'promotions', 'edit');
  return (
    <>
      <PageHeader title={t('title')}>
        {canEdit ? (
          <Link
            href="/backend/promotions/new"
            className="rounded-md bg-coffee-700 px-4 py-2 text-sm font-medium text-white hover:bg-coffee-800"
          >
            {t('new')}
          </Link>
        ) : null}
      </PageHeader>
      <PromotionsList canEdit={canEdit} />
    </>
  );
}
