import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LoginForm } from '@/auth/login-form';
import { safeNextPath } from '@/auth/redirects';
import { currentSession } from '@/lib/current-user';
import { LanguageMenu } from '@/shell/language-menu';
import { Logo } from '@/shell/logo';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('LoginPage'))('title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const [t, params] = await Promise.all([getTranslations('LoginPage'), searchParams]);
  const next = safeNextPath(typeof params.next === 'string' ? params.next : null);
  // Already signed in: straight on. A gateway that does not answer must not hide the form.
  const user = await currentSession().catch(() => null);
  if (user) redirect(next);

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
            <h1 className="text-xl font-semibold text-stone-900">{t('heading')}</h1>
            <p className="mt-2 text-sm text-stone-600">{t('intro')}</p>
            <LoginForm next={next} />
          </div>
        </div>
      </main>
    </div>
  );
}
