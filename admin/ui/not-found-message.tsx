import Link from 'next/link';
import { useTranslations } from 'next-intl';

export function NotFoundMessage() {
  const t = useTranslations('NotFound');
  return (
    <section className="mx-auto mt-12 max-w-lg rounded-lg border border-stone-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-xl font-semibold text-stone-900">{t('title')}</h1>
      <p className="mt-2 text-sm text-stone-600">{t('body')}</p>
      <Link
        href="/backend"
        className="mt-6 inline-block rounded-md bg-coffee-800 px-4 py-2 text-sm font-semibold text-white hover:bg-coffee-700"
      >
        {t('home')}
      </Link>
    </section>
  );
}
