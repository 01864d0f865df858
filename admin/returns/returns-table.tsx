import { formatAed } from '@qahwa/schema';
import { type AdminReturnSummary, returnReasonLabel } from '@qahwa/schema/returns';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { DataTable } from '@/ui/data-table';
import { EmptyState } from '@/ui/empty-state';
import { ReturnStatusBadge } from './return-status-badge';

/** The Returns screen's list: one row a return, its number opening its page. */
export function ReturnsTable({
  returns,
  caption,
  empty,
}: {
  returns: readonly AdminReturnSummary[];
  caption: string;
  empty: string;
}) {
  const t = useTranslations('Returns');
  const tPayment = useTranslations('PaymentProvider');
  const locale = useLocale() as 'en' | 'ar';
  if (returns.length === 0) return <EmptyState title={empty} />;

  // Below md the order, reason and date give way to status, waiting time and refund, which staff act on.
  const columns = [
    { key: 'number', header: t('number'), className: 'text-start' },
    { key: 'order', header: t('order'), className: 'hidden text-start md:table-cell' },
    { key: 'customer', header: t('customer'), className: 'text-start' },
    { key: 'status', header: t('status'), className: 'text-start' },
    { key: 'reason', header: t('reason'), className: 'hidden text-start md:table-cell' },
    { key: 'items', header: t('items'), className: 'hidden text-end lg:table-cell' },
    { key: 'refund', header: t('refund'), className: 'text-end' },
    { key: 'requested', header: t('requested'), className: 'hidden text-start md:table-cell' },
    { key: 'waiting', header: t('waiting'), className: 'text-end' },
  ];
  const cell = 'px-2 py-3 sm:px-4';
  return (
    <DataTable
      caption={caption}
      columns={columns}
      headers="caps"
      state={{ status: 'ready', empty: false }}
      loadingLabel={caption}
      empty={{ title: empty }}
    >
      {returns.map((r) => (
        <tr key={r.number} className="hover:bg-amber-50/40">
          <th scope="row" className={`${cell} text-start font-mono text-xs font-medium whitespace-nowrap`}>
            <Link href={`/backend/returns/${r.number}`} dir="ltr" className="text-amber-800 underline">
              {r.number}
            </Link>
          </th>
          <td className={`${cell} hidden font-mono text-xs whitespace-nowrap md:table-cell`}>
            <Link href={`/backend/orders/${r.orderId}`} dir="ltr" className="text-stone-700 underline">
              {r.orderId}
            </Link>
          </td>
          <td className={cell}>
            <div className="font-medium text-stone-900">{r.customerName}</div>
            <div className="text-xs text-stone-500">{tPayment(r.paymentProvider)}</div>
          </td>
          <td className={cell}>
            <ReturnStatusBadge status={r.status} />
          </td>
          <td className={`${cell} hidden text-stone-700 md:table-cell`}>
            {returnReasonLabel(r.reason, locale)}
          </td>
          <td className={`${cell} hidden text-end tabular-nums lg:table-cell`}>{r.itemCount}</td>
          <td className={`${cell} text-end font-medium whitespace-nowrap text-stone-900 tabular-nums`}>
            {formatAed(r.refundFils, locale)}
          </td>
          <td className={`${cell} hidden whitespace-nowrap text-stone-700 md:table-cell`}>
            <time dateTime={r.requestedAt}>{formatDateTime(r.requestedAt, locale)}</time>
          </td>
          <td className={`${cell} text-end whitespace-nowrap text-stone-700 tabular-nums`}>
            {t('age', { days: r.ageDays })}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
