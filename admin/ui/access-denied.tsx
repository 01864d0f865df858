import { useTranslations } from 'next-intl';
import { LockIcon } from '@/shell/icons';

/** Shown when the gateway answers 403, or the menu rule hides the section from this user. */
export function AccessDenied() {
  const t = useTranslations('AccessDenied');
  return (
    <section
      aria-labelledby="access-denied-title"
      className="mx-auto mt-8 max-w-lg rounded-lg border border-stone-200 bg-white p-8 text-center shadow-sm"
    >
      <LockIcon className="mx-auto size-10 text-stone-400" />
      <h2
        id="access-denied-title"
        className="mt-3 text-sm font-medium uppercase tracking-wide text-stone-500"
      >
        {t('title')}
      </h2>
      <p className="mt-2 text-lg font-semibold text-stone-900">{t('body')}</p>
      <p className="mt-2 text-sm text-stone-600">{t('hint')}</p>
    </section>
  );
}
