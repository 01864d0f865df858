import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/current-user';
import { PromotionEditor } from '@/promotions/promotion-editor';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Promotions'))('editTitle') };
}

export default async function EditPromotionPage({ params }: { params: Promise<{ id: string }> }) {
  const [user, t, { id }] = await Promise.all([requireUser(), getTranslations('Promotions'), params]);
  if (!UUID.test(id)) notFound();
  return (
    <>
      <PageHeader title={t('editTitle')} />
      {can(user, 'promotions', 'edit') ? <PromotionEditor id={id} /> : <AccessDenied />}
    </>
  );
}
