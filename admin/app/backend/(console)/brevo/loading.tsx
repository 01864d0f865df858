import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/ui/page-header';

/** Shown while the gateway (and Brevo, for the connection) answers. */
export default async function Loading() {
  const t = await getTranslations('CrmBrevo');
  return (
    <>
      <PageHeader title={t('title')} />
      <p role="status" className="inline-flex items-center gap-2 text-sm text-stone-500">
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-coffee-700"
        />
        {t('loading')}
      </p>
    </>
  );
}
