import { getTranslations } from 'next-intl/server';

/**
 * No order behind the link: no token, one altered or expired, or the store did not answer. Says
 * so and leads to the lookup by order number — never an amount or a "paid" from the address bar.
 */
export async function ConfirmationNotShown({ reason }: { reason: 'link' | 'unavailable' }) {
  const t = await getTranslations('Confirmation');
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-coffee-900">{t('notShownTitle')}</h1>
      <p
        role="alert"
        className="rounded-lg bg-amber-50 p-4 text-amber-900"
        data-testid="confirmation-not-shown"
      >
        {reason === 'link' ? t('notShown') : t('unavailable')}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <a
          href="/orders/track"
          className="rounded-lg bg-coffee-800 px-5 py-2.5 font-semibold text-white hover:bg-coffee-900"
        >
          {t('findOrder')}
        </a>
        <a
          href="/shop"
          className="rounded-lg border border-coffee-800 px-5 py-2.5 font-semibold text-coffee-800 hover:bg-coffee-50"
        >
          {t('continueShopping')}
        </a>
      </div>
    </div>
  );
}
