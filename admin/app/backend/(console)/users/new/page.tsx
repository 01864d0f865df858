import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/current-user';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';
import { InviteForm } from '@/users/invite-form';
import { gridModules } from '@/users/modules';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('InvitePage'))('title') };
}

export default async function InvitePage() {
  const [t, user, modules] = await Promise.all([getTranslations('InvitePage'), requireUser(), gridModules()]);
  // The gateway refuses the write anyway; this spares a form that cannot be sent.
  if (!can(user, 'users', 'edit')) {
    return (
      <>
        <PageHeader title={t('title')} />
        <AccessDenied />
      </>
    );
  }
  return (
    <div className="max-w-3xl">
      <Link href="/backend/users" className="text-sm text-coffee-800 hover:underline">
        <span aria-hidden="true" className="inline-block rtl:rotate-180">
          ←
        </span>{' '}
        {t('back')}
      </Link>
      <PageHeader title={t('title')} />
      <p className="-mt-4 mb-6 text-sm text-stone-600">{t('intro')}</p>
      <InviteForm modules={modules} viewer={user} />
    </div>
  );
}
