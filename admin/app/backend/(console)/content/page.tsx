import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ContentEditor } from '@/content/content-editor';
import { requireUser } from '@/lib/current-user';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Content'))('title') };
}

/** SPEC 2.1 /backend/content: the offer banner, the sliders and the storefront's texts. */
export default async function ContentPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslations('Content')]);
  return (
    <>
      <PageHeader title={t('title')} />
      {can(user, 'content', 'view') ? (
        <ContentEditor canEdit={can(user, 'content', 'edit')} />
      ) : (
        <AccessDenied />
      )}
    </>
  );
}
