import { formatAed, toFils } from '@qahwa/schema';
import type { TrackedOrder } from '@qahwa/schema/contracts';
import { getLocale, getTranslations } from 'next-intl/server';
import {
  DeliveryAddress,
  DeliveryEstimate,
  OrderItems,
  OrderTotals,
  PaymentMethodText,
} from '@/tracking/order-parts';

const section = 'rounded-xl bg-white p-4 shadow-sm sm:p-6';
const heading = 'mb-3 text-lg font-semibold text-coffee-900';

/**
 * The checkout's confirmation of a placed order, from the gateway's view of it behind the order's
 * signed token (docs/order-tracking.md "The confirmation page"): what was bought, what it cost
 * with its VAT, where it goes and when, how it is paid, and what happens next. Nothing comes from
 * the address bar but the token.
 */
export async function ConfirmationView({ order, token }: { order: TrackedOrder; token: string }) {
  const [t, tp, to, localeName] = await Promise.all([
    getTranslations('Confirmation'),
    getTranslations('Payments'),
    getTranslations('OrderView'),
    getLocale(),
  ]);
  const total = formatAed(toFils(order.totals.total), localeName === 'ar' ? 'ar' : 'en');
  const provider = order.payment.provider;
  const amount =
    provider === 'COD'
      ? t('total', { total })
      : provider === 'TABBY'
        ? t('totalPayLater', { total })
        : tp('confirmationPaid', { total });
  // By payment method: cash to have ready, nothing more to pay, or Tabby's instalments.
  const next =
    provider === 'COD' ? t('note') : provider === 'TABBY' ? t('nextTabby') : tp('confirmationPaidNote');

  return (
    <div className="mx-auto max-w-5xl px-4 py-10" data-testid="confirmation">
      <header className="flex flex-col items-center gap-3 text-center">
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
        <h1 className="text-2xl font-bold text-coffee-900 sm:text-3xl">{t('title')}</h1>
        <p
          role="status"
          className="rounded-lg bg-white px-4 py-3 text-lg font-semibold text-coffee-900 shadow-sm"
        >
          {t('status', { orderId: order.orderNumber })}
        </p>
        <p className="text-coffee-800" data-testid="confirmation-amount">
          {amount}
        </p>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <section aria-labelledby="items-title" className={section}>
            <h2 id="items-title" className={heading}>
              {to('itemsTitle')}
            </h2>
            <OrderItems items={order.items} />
          </section>

          <section aria-labelledby="next-title" className={section} data-testid="what-next">
            <h2 id="next-title" className={heading}>
              {t('nextTitle')}
            </h2>
            <p className="text-coffee-800">{next}</p>
            <p className="mt-2 text-sm text-coffee-700">{t('nextTrack')}</p>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <a
                href={`/orders/track/${encodeURIComponent(token)}`}
                data-testid="track-order-link"
                className="rounded-lg bg-coffee-800 px-5 py-2.5 text-center font-semibold text-white hover:bg-coffee-900"
              >
                {t('trackOrder')}
              </a>
              <a
                href="/shop"
                className="rounded-lg border border-coffee-800 px-5 py-2.5 text-center font-semibold text-coffee-800 hover:bg-coffee-50"
              >
                {t('continueShopping')}
              </a>
            </div>
          </section>
        </div>

        <div className="space-y-6">
          <section aria-labelledby="totals-title" className={section}>
            <h2 id="totals-title" className={heading}>
              {to('totalsTitle')}
            </h2>
            <OrderTotals totals={order.totals} />
          </section>

          <section aria-labelledby="delivery-title" className={section}>
            <h2 id="delivery-title" className={heading}>
              {to('deliveryTitle')}
            </h2>
            <DeliveryAddress delivery={order.delivery} />
            <DeliveryEstimate
              delivery={order.delivery}
              className="mt-3 rounded-lg bg-coffee-50 p-3 text-sm font-medium text-coffee-900"
            />
            <h2 className="mt-4 mb-1 text-sm font-semibold text-coffee-900">{to('paymentTitle')}</h2>
            <PaymentMethodText payment={order.payment} />
          </section>
        </div>
      </div>
    </div>
  );
}
