import { getTranslations } from 'next-intl/server';
import { SubscribersTable } from '@/crm/subscribers-table';
import { PageHeader } from '@/ui/page-header';

/** Shown while the gateway answers (the table shell's loading state). */
export default async function Loading() {
  const t = await getTranslations('CrmSubscribers');
  return (
    <>
      <PageHeader title={t('title')} />
      <SubscribersTable subscribers={[]} emptyTitle="" loading />
    </>
  );
}
