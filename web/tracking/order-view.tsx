import { formatAed, toFils } from '@qahwa/schema';
import type { TrackedOrder } from '@qahwa/schema/contracts';
import { getLocale, getTranslations } from 'next-intl/server';
import { ReturnsPanel } from '@/returns/returns-panel';
import { DeliveryAddress, DeliveryEstimate, OrderItems, OrderTotals, PaymentMethodText } from './order-parts';

const DATE = {
  en: new Intl.DateTimeFormat('en-AE', { dateStyle: 'medium', timeZone: 'Asia/Dubai' }),
  ar: new Intl.DateTimeFormat('ar-AE-u-nu-latn', { dateStyle: 'medium', timeZone: 'Asia/Dubai' }),
};

const section = 'rounded-xl bg-white p-4 shadow-sm sm:p-6';
const heading = 'mb-3 text-lg font-semibold text-coffee-900';

/**
 * The guest's order page behind the signed link (docs/order-tracking.md): where the order is, what
 * was bought, what it cost with its VAT, where it goes and when, how it was paid, its invoice and
 * credit notes, and the return it allows. All of it is the gateway's answer; nothing is computed here.
 */
export async function OrderView({ order, token }: { order: TrackedOrder; token: string }) {
  const [t, localeName] = await Promise.all([getTranslations('OrderView'), getLocale()]);
  const locale = localeName === 'ar' ? 'ar' : 'en';
  const aed = (amount: number) => formatAed(toFils(amount), locale);
  const date = (iso: string) => DATE[locale].format(new Date(iso));
  const { delivery } = order;
  const reached = order.timeline.filter((s) => s.at !== null).length;

  return (
    <div className="space-y-6" data-testid="order-view">
      <header>
        <h1 className="text-2xl font-bold text-coffee-900 sm:text-3xl">
          {t('title', { orderNumber: order.orderNumber })}
        </h1>
        <p className="mt-1 text-coffee-700">
          {t('placedOn', { date: date(order.placedAt) })} ·{' '}
          <span className="font-semibold" data-testid="order-status">
            {t(`statuses.${order.status}`)}
          </span>
        </p>
      </header>

      <section aria-labelledby="timeline-title" className={section}>
        <h2 id="timeline-title" className={heading}>
          {t('timelineTitle')}
        </h2>
        <ol className="space-y-0" data-testid="timeline">
          {order.timeline.map((s, i) => {
            const done = s.at !== null;
            const current = done && i === reached - 1;
            // A cancellation ended the order; a return is goods coming back after a delivery, not
            // a failure: its own colour and mark, not the cancellation's red cross.
            const cancelled = s.step === 'cancelled';
            const returned = s.step === 'returned';
            return (
              <li
                key={s.step}
                className="relative flex gap-3 pb-5 last:pb-0"
                data-step={s.step}
                data-done={done}
              >
                {i < order.timeline.length - 1 ? (
                  <span
                    aria-hidden="true"
                    className={`absolute start-[0.6875rem] top-6 h-[calc(100%-1.5rem)] w-0.5 ${
                      i < reached - 1 ? 'bg-emerald-600' : 'bg-coffee-200'
                    }`}
                  />
                ) : null}
                <span
                  aria-hidden="true"
                  className={`relative mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold ${
                    done
                      ? cancelled
                        ? 'border-red-700 bg-red-700 text-white'
                        : returned
                          ? 'border-amber-600 bg-amber-600 text-white'
                          : 'border-emerald-600 bg-emerald-600 text-white'
                      : 'border-coffee-300 bg-white text-coffee-400'
                  }`}
                >
                  {done ? (cancelled ? '×' : returned ? '↺' : '✓') : ''}
                </span>
                <div>
                  <p className={`font-medium ${done ? 'text-coffee-900' : 'text-coffee-500'}`}>
                    {t(`steps.${s.step}`)}
                    {current ? <span className="sr-only"> ({t('statusLabel')})</span> : null}
                  </p>
                  <p className="text-sm text-coffee-600">{s.at ? date(s.at) : t('notYet')}</p>
                </div>
              </li>
            );
          })}
        </ol>
        <DeliveryEstimate
          delivery={delivery}
          className="mt-4 rounded-lg bg-coffee-50 p-3 text-sm font-medium text-coffee-900"
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="items-title" className={section}>
          <h2 id="items-title" className={heading}>
            {t('itemsTitle')}
          </h2>
          <OrderItems items={order.items} />
        </section>

        <div className="space-y-6">
          <section aria-labelledby="totals-title" className={section}>
            <h2 id="totals-title" className={heading}>
              {t('totalsTitle')}
            </h2>
            <OrderTotals totals={order.totals} />
          </section>

          <section aria-labelledby="delivery-title" className={section}>
            <h2 id="delivery-title" className={heading}>
              {t('deliveryTitle')}
            </h2>
            <DeliveryAddress delivery={delivery} />
            <h2 className="mt-4 mb-1 text-sm font-semibold text-coffee-900">{t('paymentTitle')}</h2>
            <PaymentMethodText payment={order.payment} />
          </section>

          <section aria-labelledby="documents-title" className={section}>
            <h2 id="documents-title" className={heading}>
              {t('documentsTitle')}
            </h2>
            {order.documents.length === 0 ? (
              <p className="text-sm text-coffee-600">{t('documentsNone')}</p>
            ) : (
              <ul className="space-y-2" data-testid="documents">
                {order.documents.map((d) => (
                  <li key={d.number} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span>
                      {t(`kinds.${d.kind}`)} <span dir="ltr">{d.number}</span>
                      <span className="block text-xs text-coffee-600">
                        {date(d.issuedAt)} · {aed(d.total)}
                      </span>
                    </span>
                    <a
                      href={`/api/orders/track/${encodeURIComponent(token)}/documents/${encodeURIComponent(d.number)}`}
                      download={`${d.number}.pdf`}
                      className="rounded-lg border border-coffee-800 px-3 py-1.5 font-semibold text-coffee-800 hover:bg-coffee-50"
                    >
                      {t('download')}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>

      {/*
        RETURNS SLOT — the return request form and the order's returns (web/returns/returns-panel.tsx,
        built on the returns contracts). Shown once the order was delivered; the panel itself
        reads the returns under the token and offers the form only while the 30 days run.
      */}
      {order.status === 'delivered' ? (
        <section className={section} data-testid="returns-slot">
          <ReturnsPanel token={token} />
        </section>
      ) : null}
    </div>
  );
}
