'use client';

import { useEffect } from 'react';
import { track } from '@/analytics/events';
import { useTranslations } from '@/i18n/client';

/** SPEC 2.8: the shop's fallback screen for an unexpected rendering error. */
export default function ErrorPage({ error }: { error: unknown; retry: () => void }) {
  const t = useTranslations('ErrorPage');
  useEffect(() => {
    console.error(error);
    track('error', { message: error instanceof Error ? error.message : String(error), where: 'page' });
  }, [error]);
  const button = 'rounded-lg px-4 py-2.5 text-sm font-semibold';
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-coffee-900">{t('title')}</h1>
      <p className="text-coffee-700">{t('text')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {/* A full reload, as the label says: it also recovers when the gateway was briefly down. */}
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={`${button} bg-coffee-800 text-white hover:bg-coffee-900`}
        >
          {t('refresh')}
        </button>
        <a href="/shop" className={`${button} border border-coffee-300 text-coffee-900 hover:bg-coffee-100`}>
          {t('continueShopping')}
        </a>
        <a href="/" className={`${button} border border-coffee-300 text-coffee-900 hover:bg-coffee-100`}>
          {t('goHome')}
        </a>
      </div>
    </div>
  );
}
