import { getTranslations } from 'next-intl/server';
import { ContactsTable } from '@/crm/contacts-table';
import { PageHeader } from '@/ui/page-header';

/** Shown while the gateway answers (the table shell's loading state). */
export default async function Loading() {
  const t = await getTranslations('CrmContacts');
  return (
    <>
      <PageHeader title={t('title')} />
      <ContactsTable messages={[]} emptyTitle="" loading />
    </>
  );
}
