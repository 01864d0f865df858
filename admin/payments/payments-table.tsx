import { formatAed, type Locale } from '@qahwa/schema';
import type { AdminPayment } from '@qahwa/schema/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { DataTable } from '@/ui/data-table';
import { AttentionBadge, PaymentStatusBadge } from './payment-badges';

export function PaymentsTable({
  payments,
  filtered,
}: {
  payments: readonly AdminPayment[];
  filtered: boolean;
}) {
  const t = useTranslations('Payments.table');
  const tMethod = useTranslations('Payments.method');
  const tProvider = useTranslations('Payments.provider');
  const locale = useLocale() as Locale;
  const columns = [
    { key: 'reference', header: t('reference') },
    { key: 'order', header: t('order') },
    { key: 'method', header: t('method'), className: 'hidden md:table-cell' },
    { key: 'status', header: t('status') },
    { key: 'amount', header: t('amount'), className: 'text-end' },
    { key: 'date', header: t('date'), className: 'hidden md:table-cell' },
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      state={{ status: 'ready', empty: payments.length === 0 }}
      loadingLabel={t('loading')}
      empty={filtered ? { title: t('noMatch') } : { title: t('empty'), body: t('emptyBody') }}
    >
      {payments.map((p) => (
        <tr key={p.id} className={p.attention ? 'bg-amber-50/60' : 'hover:bg-stone-50'}>
          <th scope="row" className="px-4 py-3 text-start font-normal">
            <Link
              href={`/backend/payments/${encodeURIComponent(p.id)}`}
              aria-label={t('open', { reference: p.id })}
              className="font-mono text-xs text-amber-900 underline decoration-amber-300 underline-offset-2"
              dir="ltr"
            >
              {p.id.length > 28 ? `${p.id.slice(0, 26)}…` : p.id}
            </Link>
            <div className="mt-1 flex flex-wrap gap-1">
              <span className="text-xs text-stone-500">{tProvider(p.provider)}</span>
              {p.attention ? <AttentionBadge kind={p.attention.kind} /> : null}
            </div>
          </th>
          <td className="px-4 py-3">
            {p.orderId ? (
              <Link href={`/backend/orders/${p.orderId}`} className="font-mono text-xs underline" dir="ltr">
                {p.orderId}
              </Link>
            ) : (
              <span className="text-xs text-stone-500">{t('noOrder')}</span>
            )}
          </td>
          <td className="hidden px-4 py-3 md:table-cell">
            {(['card', 'wallet', 'pay_later', 'cod'] as const).includes(p.method as 'card')
              ? tMethod(p.method as 'card')
              : p.method}
          </td>
          <td className="px-4 py-3">
            <PaymentStatusBadge status={p.status} />
          </td>
          <td className="px-4 py-3 text-end whitespace-nowrap tabular-nums">
            {formatAed(p.amountFils, locale)}
            {p.refundedFils > 0 ? (
              <div className="text-xs text-stone-500">
                {t('refunded')}: {formatAed(p.refundedFils, locale)}
              </div>
            ) : null}
          </td>
          <td className="hidden px-4 py-3 whitespace-nowrap text-stone-600 md:table-cell">
            {formatDateTime(p.createdAt, locale)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
