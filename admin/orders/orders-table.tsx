import { type AdminOrder, formatAed, toFils } from '@qahwa/schema';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { DataTable } from '@/ui/data-table';
import { EmptyState } from '@/ui/empty-state';
import { StatusBadge } from './status-badge';

/** SPEC 3 "Order display": order id, customer, date, status, total, plus the payment method. */
export function OrdersTable({
  orders,
  caption,
  empty,
}: {
  orders: readonly AdminOrder[];
  caption: string;
  /** What an empty list says (a filter that matches nothing is not 'no orders yet'). */
  empty?: string;
}) {
  const t = useTranslations('OrdersTable');
  const tPayment = useTranslations('PaymentProvider');
  const locale = useLocale();

  if (orders.length === 0) return <EmptyState title={empty ?? t('empty')} />;

  // Below md the Date and Payment columns give way to Status and Total, which staff scan first.
  const columns = [
    { key: 'orderId', header: t('orderId'), className: 'text-start' },
    { key: 'customer', header: t('customer'), className: 'text-start' },
    { key: 'date', header: t('date'), className: 'hidden text-start md:table-cell' },
    { key: 'status', header: t('status'), className: 'text-start' },
    { key: 'total', header: t('total'), className: 'text-end' },
    { key: 'payment', header: t('payment'), className: 'hidden text-start md:table-cell' },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      headers="caps"
      state={{ status: 'ready', empty: false }}
      loadingLabel={caption}
      empty={{ title: empty ?? t('empty') }}
    >
      {orders.map((order) => (
        <tr key={order.id} className="hover:bg-amber-50/40">
          <th
            scope="row"
            className="px-2 py-3 sm:px-4 text-start font-mono text-xs font-medium whitespace-nowrap text-stone-800"
          >
            <Link href={`/backend/orders/${order.id}`} dir="ltr" className="text-amber-800 underline">
              {order.id}
            </Link>
          </th>
          <td className="px-2 py-3 sm:px-4">
            <div className="font-medium text-stone-900">{order.customer.fullName}</div>
            <div className="hidden text-xs text-stone-500 sm:block">
              <span dir="ltr">{order.customer.email}</span>
            </div>
            {/* Small screens: the date column is hidden, so the date goes under the name. */}
            <div className="text-xs text-stone-500 md:hidden">
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, locale)}</time>
            </div>
          </td>
          <td className="hidden px-2 py-3 sm:px-4 whitespace-nowrap text-stone-700 md:table-cell">
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, locale)}</time>
          </td>
          <td className="px-2 py-3 sm:px-4">
            <StatusBadge status={order.status} />
          </td>
          <td className="px-2 py-3 sm:px-4 text-end whitespace-nowrap font-medium text-stone-900 tabular-nums">
            {formatAed(toFils(order.total), locale)}
          </td>
          <td className="hidden px-2 py-3 sm:px-4 whitespace-nowrap text-stone-700 md:table-cell">
            {tPayment(order.paymentProvider)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
