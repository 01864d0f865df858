import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirectToLogin } from '@/lib/current-user';
import { isGatewayError } from '@/lib/gateway-error';
import { PasswordForm } from '@/profile/password-form';
import { ProfileForm } from '@/profile/profile-form';
import { PageHeader } from '@/ui/page-header';
import { UserRoleBadge } from '@/users/user-badges';
import { getProfile } from '@/users/user-data';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('ProfilePage'))('title') };
}

/** SPEC 2.1 /backend/profile: open to every signed-in member of staff, about their own account only. */
export default async function ProfilePage() {
  const t = await getTranslations('ProfilePage');
  let profile: Awaited<ReturnType<typeof getProfile>>;
  try {
    profile = await getProfile();
  } catch (error) {
    if (isGatewayError(error, 'UNAUTHORIZED')) return redirectToLogin();
    throw error;
  }
  const card = 'rounded-lg border border-stone-200 bg-white p-5 shadow-sm';
  return (
    <div className="max-w-2xl">
      <PageHeader title={t('title')} />
      <dl className="-mt-2 mb-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-500">{t('email')}</dt>
        <dd>
          <span dir="ltr">{profile.email}</span>
        </dd>
        <dt className="text-stone-500">{t('role')}</dt>
        <dd>
          <UserRoleBadge role={profile.role} />
        </dd>
      </dl>
      <div className="space-y-6">
        <section aria-labelledby="profile-details" className={card}>
          <h2 id="profile-details" className="mb-4 text-lg font-semibold text-stone-900">
            {t('details')}
          </h2>
          <ProfileForm profile={profile} />
        </section>
        <section aria-labelledby="profile-password" className={card}>
          <h2 id="profile-password" className="mb-4 text-lg font-semibold text-stone-900">
            {t('password')}
          </h2>
          <PasswordForm />
        </section>
      </div>
    </div>
  );
}
