import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BrevoStatusView } from '@/crm/brevo-status';
import { getBrevoStatus, loadOrRefuse } from '@/crm/data';
import { SyncNowButton } from '@/crm/sync-now-button';
import { redirectToLogin } from '@/lib/current-user';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('CrmBrevo'))('title') };
}

/** SPEC 2.1 /backend/brevo: the e-mail-marketing sync — connection, last sync, failures, sync now. */
export default async function BrevoPage() {
  const t = await getTranslations('CrmBrevo');
  const result = await loadOrRefuse(getBrevoStatus);
  if (!result.ok && result.reason === 'UNAUTHORIZED') return redirectToLogin();
  if (!result.ok) {
    return (
      <>
        <PageHeader title={t('title')} />
        <AccessDenied />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('title')}>
        <SyncNowButton />
      </PageHeader>
      <p className="mb-4 max-w-3xl text-sm text-stone-600">{t('intro')}</p>
      <BrevoStatusView status={result.data} />
    </>
  );
}
