import { formatAed } from '@qahwa/schema';
import type { AdminCustomerDetail } from '@qahwa/schema/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { StatusBadge } from '@/orders/status-badge';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/** A customer's page: how to reach them, what they bought in all, and every order (each a link to its page). */
export function CustomerDetailView({ customer }: { customer: AdminCustomerDetail }) {
  const t = useTranslations('CustomerDetail');
  const tPayment = useTranslations('PaymentProvider');
  const locale = useLocale() === 'ar' ? 'ar' : 'en';
  const when = (iso: string | null) =>
    iso ? <time dateTime={iso}>{formatDateTime(iso, locale)}</time> : t('none');
  const card = 'rounded-lg border border-stone-200 bg-white p-4 shadow-sm';
  const term = 'text-xs font-medium uppercase tracking-wide text-stone-500';
  const th =
    'px-2 py-3 sm:px-4 text-xs font-semibold uppercase tracking-wide whitespace-nowrap text-stone-500';

  return (
    <>
      <nav aria-label={t('breadcrumb')} className="mb-2 text-sm">
        <Link href="/backend/customers" className="text-amber-800 underline">
          {t('back')}
        </Link>
      </nav>
      <PageHeader title={customer.fullName}>
        <p className="text-sm text-stone-600">
          {t('since', { date: formatDateTime(customer.createdAt, locale) })}
        </p>
      </PageHeader>

      <div className="mb-6 grid gap-4 md:grid-cols-3">
        <section aria-labelledby="customer-contact" className={card}>
          <h2 id="customer-contact" className="mb-3 font-semibold text-stone-900">
            {t('contact')}
          </h2>
          <dl className="space-y-2 text-sm">
            <div>
              <dt className={term}>{t('email')}</dt>
              <dd>
                <a href={`mailto:${customer.email}`} dir="ltr" className="text-amber-800 underline">
                  {customer.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className={term}>{t('phone')}</dt>
              <dd>
                <a
                  href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}
                  dir="ltr"
                  className="text-amber-800 underline"
                >
                  {customer.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className={term}>{t('lastAddress')}</dt>
              <dd className="text-stone-800">
                {customer.lastAddress
                  ? `${customer.lastAddress.address}, ${customer.lastAddress.city}, ${customer.lastAddress.emirate}`
                  : t('none')}
              </dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="customer-spent" className={card}>
          <h2 id="customer-spent" className="mb-3 font-semibold text-stone-900">
            {t('spent')}
          </h2>
          <p className="text-2xl font-semibold text-stone-900 tabular-nums">
            {formatAed(customer.totalSpentFils, locale)}
          </p>
          <p className="mt-1 text-sm text-stone-600">
            {t('countedOf', { counted: customer.countedOrders, count: customer.orderCount })}
          </p>
          <p className="mt-2 text-xs text-stone-500">{t('spentRule')}</p>
        </section>

        <section aria-labelledby="customer-dates" className={card}>
          <h2 id="customer-dates" className="mb-3 font-semibold text-stone-900">
            {t('dates')}
          </h2>
          <dl className="space-y-2 text-sm">
            <div>
              <dt className={term}>{t('firstOrder')}</dt>
              <dd className="text-stone-800">{when(customer.firstOrderAt)}</dd>
            </div>
            <div>
              <dt className={term}>{t('lastOrder')}</dt>
              <dd className="text-stone-800">{when(customer.lastOrderAt)}</dd>
            </div>
          </dl>
        </section>
      </div>

      <section aria-labelledby="customer-orders">
        <h2 id="customer-orders" className="mb-3 text-lg font-semibold text-stone-900">
          {t('orders', { count: customer.orders.length })}
        </h2>
        {customer.orders.length === 0 ? (
          <EmptyState title={t('noOrders')} />
        ) : (
          <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm">
            <table className="min-w-full divide-y divide-stone-200 text-sm">
              <caption className="sr-only">{t('ordersCaption', { name: customer.fullName })}</caption>
              <thead className="bg-stone-50">
                <tr>
                  <th scope="col" className={`${th} text-start`}>
                    {t('order')}
                  </th>
                  <th scope="col" className={`${th} text-start`}>
                    {t('date')}
                  </th>
                  <th scope="col" className={`${th} text-start`}>
                    {t('status')}
                  </th>
                  <th scope="col" className={`${th} hidden text-start md:table-cell`}>
                    {t('payment')}
                  </th>
                  <th scope="col" className={`${th} hidden text-end sm:table-cell`}>
                    {t('items')}
                  </th>
                  <th scope="col" className={`${th} text-end`}>
                    {t('total')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {customer.orders.map((o) => (
                  <tr key={o.id} className="hover:bg-amber-50/40">
                    <th scope="row" className="px-2 py-3 text-start font-mono text-xs font-medium sm:px-4">
                      <Link href={`/backend/orders/${o.id}`} dir="ltr" className="text-amber-800 underline">
                        {o.id}
                      </Link>
                    </th>
                    <td className="px-2 py-3 whitespace-nowrap text-stone-700 sm:px-4">
                      <time dateTime={o.createdAt}>{formatDateTime(o.createdAt, locale)}</time>
                    </td>
                    <td className="px-2 py-3 sm:px-4">
                      <StatusBadge status={o.status} />
                    </td>
                    <td className="hidden px-2 py-3 text-stone-700 sm:px-4 md:table-cell">
                      {tPayment(o.paymentProvider)}
                    </td>
                    <td className="hidden px-2 py-3 text-end text-stone-700 tabular-nums sm:table-cell sm:px-4">
                      {o.itemCount}
                    </td>
                    <td className="px-2 py-3 text-end whitespace-nowrap tabular-nums sm:px-4">
                      <span
                        className={o.counted ? 'font-medium text-stone-900' : 'text-stone-400 line-through'}
                      >
                        {formatAed(o.totalFils, locale)}
                      </span>
                      {o.counted ? null : <span className="sr-only"> {t('notCounted')}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
