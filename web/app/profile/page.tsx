import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ProfileView } from '@/account/profile-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProfilePage');
  return { title: t('title'), robots: { index: false } };
}

export default async function ProfilePage() {
  const t = await getTranslations('ProfilePage');
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-coffee-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 mb-6 text-coffee-700">{t('intro')}</p>
      <ProfileView />
    </div>
  );
}
