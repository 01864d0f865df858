import { type AdminOrder, formatAed, toFils } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '../i18n/format';
import { EmptyState } from '../ui/empty-state';
import { StatusBadge } from './status-badge';

/** SPEC 3 "Order display": order id, customer, date, status, total, plus the payment method. */
export function OrdersTable({ orders, caption }: { orders: readonly AdminOrder[]; caption: string }) {
  const t = useTranslations('OrdersTable');
  const tPayment = useTranslations('PaymentProvider');
  const locale = useLocale();

  if (orders.length === 0) return <EmptyState title={t('empty')} />;

  const th = 'px-4 py-3 text-xs font-semibold uppercase tracking-wide whitespace-nowrap text-stone-500';
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-stone-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-50">
          <tr>
            <th scope="col" className={`${th} text-start`}>
              {t('orderId')}
            </th>
            <th scope="col" className={`${th} text-start`}>
              {t('customer')}
            </th>
            <th scope="col" className={`${th} text-start`}>
              {t('date')}
            </th>
            <th scope="col" className={`${th} text-start`}>
              {t('status')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('total')}
            </th>
            <th scope="col" className={`${th} text-start`}>
              {t('payment')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {orders.map((order) => (
            <tr key={order.id} className="hover:bg-amber-50/40">
              <th
                scope="row"
                className="px-4 py-3 text-start font-mono text-xs font-medium whitespace-nowrap text-stone-800"
              >
                <span dir="ltr">{order.id}</span>
              </th>
              <td className="px-4 py-3">
                <div className="font-medium text-stone-900">{order.customer.fullName}</div>
                <div className="text-xs text-stone-500">
                  <span dir="ltr">{order.customer.email}</span>
                </div>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-stone-700">
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, locale)}</time>
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={order.status} />
              </td>
              <td className="px-4 py-3 text-end whitespace-nowrap font-medium text-stone-900 tabular-nums">
                {formatAed(toFils(order.total), locale)}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-stone-700">
                {tPayment(order.paymentProvider)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
