import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/current-user';
import { TrackingEditor } from '@/settings/tracking-editor';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Tracking'))('title') };
}

/** SPEC 2.1 /backend/tracking (docs/settings.md): checked again by the gateway on every call. */
export default async function TrackingPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslations('Tracking')]);
  return (
    <>
      <PageHeader title={t('title')} />
      {can(user, 'tracking', 'view') ? (
        <TrackingEditor canEdit={can(user, 'tracking', 'edit')} />
      ) : (
        <AccessDenied />
      )}
    </>
  );
}
