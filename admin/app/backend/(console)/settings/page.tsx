import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/current-user';
import { SettingsEditor } from '@/settings/settings-editor';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Settings'))('title') };
}

/** SPEC 2.1 /backend/settings (docs/settings.md): checked again by the gateway on every call. */
export default async function SettingsPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslations('Settings')]);
  return (
    <>
      <PageHeader title={t('title')} />
      {can(user, 'settings', 'view') ? (
        <SettingsEditor canEdit={can(user, 'settings', 'edit')} />
      ) : (
        <AccessDenied />
      )}
    </>
  );
}
