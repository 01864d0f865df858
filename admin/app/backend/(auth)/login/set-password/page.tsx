import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LanguageMenu } from '@/shell/language-menu';
import { Logo } from '@/shell/logo';
import { SetPasswordForm } from '@/users/set-password-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('SetPasswordPage'))('title') };
}

/**
 * Where an invitation or reset e-mail's link lands (docs/users.md). Under /backend/login so the
 * back office's proxy lets it through without a session, like sign-in; same frame as sign-in.
 */
export default async function SetPasswordPage() {
  const t = await getTranslations('SetPasswordPage');
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-end px-4 py-3 sm:px-6">
        <LanguageMenu tone="dark" />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 sm:items-center">
        <div className="w-full max-w-sm">
          <div className="mb-6 flex justify-center">
            <Logo tone="dark" />
          </div>
          <div className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-xl font-semibold text-stone-900">{t('title')}</h1>
            <SetPasswordForm />
          </div>
        </div>
      </main>
    </div>
  );
}
