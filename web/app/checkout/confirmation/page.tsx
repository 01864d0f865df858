import { formatAed, toFils, vatRateText } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { trackedOrder } from '@/tracking/tracking-api';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Confirmation');
  return { title: t('title'), robots: { index: false } };
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The order id and the total the gateway charged arrive in the query string from the
 * checkout (they are the shopper's own order; nothing here is trusted for anything else).
 */
export default async function ConfirmationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const [t, tp, locale] = await Promise.all([
    getTranslations('Confirmation'),
    getTranslations('Payments'),
    getLocale(),
  ]);
  // Paid by card or wallet (the payment step says so): no cash to have ready.
  const paid = one(query.paid) === '1';
  const orderId = one(query.order)?.slice(0, 64);
  const totalText = one(query.total);
  const total = totalText && /^\d+(\.\d{1,2})?$/.test(totalText) ? toFils(totalText) : null;
  // The order's signed tracking token (docs/order-tracking.md); its page checks the signature.
  const tracking = one(query.t);
  const trackingHref =
    tracking && /^[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{1,100}$/.test(tracking)
      ? `/orders/track/${encodeURIComponent(tracking)}`
      : null;
  // The VAT the total includes, as the server stored it with the order (docs/vat.md), read through
  // the order's signed token; none without one (a pay-later return) or when the order has no VAT.
  const tracked = trackingHref && tracking ? await trackedOrder(tracking) : null;
  const vat = tracked?.kind === 'found' ? tracked.order.totals : null;

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      {orderId ? (
        <>
          <div className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true">
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                stroke="currentColor"
                strokeWidth="2.5"
                fill="none"
                strokeLinecap="round"
              />
            </svg>
          </div>
          <h1 className="text-2xl font-bold text-coffee-900">{t('title')}</h1>
          <p
            role="status"
            className="rounded-lg bg-white px-4 py-3 text-lg font-semibold text-coffee-900 shadow-sm"
          >
            {t('status', { orderId })}
          </p>
          {total !== null && (
            <p className="text-coffee-800">
              {paid
                ? tp('confirmationPaid', { total: formatAed(total, locale) })
                : t('total', { total: formatAed(total, locale) })}
            </p>
          )}
          {vat && vat.vat !== null && vat.vatRatePercent !== null ? (
            <p className="text-sm text-coffee-700" data-testid="order-vat">
              {t('includesVat', {
                rate: vatRateText(Math.round(vat.vatRatePercent * 100)),
                amount: formatAed(toFils(vat.vat), locale),
              })}
            </p>
          ) : null}
          <p className="text-sm text-coffee-600">{paid ? tp('confirmationPaidNote') : t('note')}</p>
          {trackingHref ? (
            <a
              href={trackingHref}
              data-testid="track-order-link"
              className="rounded-lg border border-coffee-800 px-5 py-2.5 font-semibold text-coffee-800 hover:bg-coffee-50"
            >
              {t('trackOrder')}
            </a>
          ) : null}
        </>
      ) : (
        <p className="text-coffee-700">{t('missing')}</p>
      )}
      <a
        href="/shop"
        className="mt-4 rounded-lg bg-coffee-800 px-5 py-2.5 font-semibold text-white hover:bg-coffee-900"
      >
        {t('continueShopping')}
      </a>
    </div>
  );
}
