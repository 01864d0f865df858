'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { AlertIcon, ChevronStartIcon } from '@/shell/icons';

/** SPEC 2.8 generic fallback: 'Something went wrong' with Refresh Page and Go Back. */
export function ErrorFallback({ retry }: { retry?: () => void }) {
  const t = useTranslations('ErrorFallback');
  const router = useRouter();

  function refresh() {
    // retry() fetches the failed server segment again; without a boundary, reload the page.
    if (retry) retry();
    else window.location.reload();
  }

  return (
    <section
      aria-labelledby="error-title"
      className="mx-auto mt-12 max-w-lg rounded-lg border border-stone-200 bg-white p-8 text-center shadow-sm"
    >
      <AlertIcon className="mx-auto size-10 text-amber-600" />
      <h1 id="error-title" className="mt-3 text-xl font-semibold text-stone-900">
        {t('title')}
      </h1>
      <p className="mt-2 text-sm text-stone-600">{t('body')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={refresh}
          className="rounded-md bg-coffee-800 px-4 py-2 text-sm font-semibold text-white hover:bg-coffee-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500"
        >
          {t('refresh')}
        </button>
        <button
          type="button"
          onClick={() => router.back()}
          className="inline-flex items-center gap-1 rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500"
        >
          <ChevronStartIcon className="size-4 rtl:-scale-x-100" />
          {t('back')}
        </button>
      </div>
    </section>
  );
}
