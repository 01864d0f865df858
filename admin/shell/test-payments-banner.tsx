import { useTranslations } from 'next-intl';

/**
 * Every back-office page, sign-in included, says so while the store's payments take no money (a
 * test key or a provider double; docs/security.md): staff must not ship an order paid with a test
 * card. In the page's flow, above everything, so it covers nothing.
 */
export function TestPaymentsBanner() {
  const t = useTranslations('TestPayments');
  return (
    <p role="note" className="bg-amber-300 px-4 py-1.5 text-center text-sm font-semibold text-amber-950">
      {t('banner')}
    </p>
  );
}
