import { useTranslations } from 'next-intl';

/**
 * Every page says so while the store's payments take no money (a test key or a provider double:
 * development, the tests, a demo run with ALLOW_PAYMENT_DOUBLES=1; docs/security.md). In the
 * page's flow above the sticky header, so it scrolls away and never covers what a phone shows.
 */
export function TestPaymentsBanner() {
  const t = useTranslations('TestPayments');
  return (
    <p role="note" className="bg-amber-300 px-4 py-1.5 text-center text-sm font-semibold text-amber-950">
      {t('banner')}
    </p>
  );
}
