import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/current-user';
import { PromotionForm } from '@/promotions/promotion-form';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Promotions'))('newTitle') };
}

export default async function NewPromotionPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslations('Promotions')]);
  return (
    <>
      <PageHeader title={t('newTitle')} />
      {can(user, 'promotions', 'edit') ? <PromotionForm promotion={null} /> : <AccessDenied />}
    </>
  );
}
