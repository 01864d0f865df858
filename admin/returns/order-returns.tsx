import { formatAed } from '@qahwa/schema';
import { type AdminReturnSummary, returnReasonLabel } from '@qahwa/schema/returns';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { Card } from '@/orders/order-card';
import { ReturnStatusBadge } from './return-status-badge';

/**
 * The order page's returns: each return of the order with its status, reason, items and refund,
 * opening its own page where staff act on it. `null`: the returns could not be read (the order page
 * still shows).
 */
export function OrderReturnsCard({ returns }: { returns: readonly AdminReturnSummary[] | null }) {
  const t = useTranslations('OrderReturns');
  const locale = useLocale() as 'en' | 'ar';
  return (
    <Card title={t('title')}>
      {returns === null ? (
        <p className="text-sm text-red-700">{t('loadFailed')}</p>
      ) : returns.length === 0 ? (
        <p className="text-sm text-stone-600">{t('none')}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {returns.map((r) => (
            <li key={r.number} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div>
                <Link
                  href={`/backend/returns/${r.number}`}
                  dir="ltr"
                  aria-label={t('open', { number: r.number })}
                  className="font-mono text-amber-800 underline"
                >
                  {r.number}
                </Link>
                <span className="ms-2 text-stone-700">{returnReasonLabel(r.reason, locale)}</span>
                <div className="text-xs text-stone-500">
                  <time dateTime={r.requestedAt}>{formatDateTime(r.requestedAt, locale)}</time>
                  {' · '}
                  {t('row', { items: r.itemCount, amount: formatAed(r.refundFils, locale) })}
                </div>
              </div>
              <ReturnStatusBadge status={r.status} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
