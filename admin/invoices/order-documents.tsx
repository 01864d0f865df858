import { formatAed } from '@qahwa/schema';
import type { AdminOrderDocuments } from '@qahwa/schema/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { Card } from '@/orders/order-card';
import { documentHref } from './document-data';

/**
 * The order page's Documents: its tax invoice (or receipt) and credit notes, each a link to its
 * PDF. `null`: they could not be read (the order page still shows).
 */
export function OrderDocumentsCard({ documents }: { documents: AdminOrderDocuments['documents'] | null }) {
  const t = useTranslations('OrderDocuments');
  const locale = useLocale() as 'en' | 'ar';
  return (
    <Card title={t('title')}>
      {documents === null ? (
        <p className="text-sm text-red-700">{t('loadFailed')}</p>
      ) : documents.length === 0 ? (
        <p className="text-sm text-stone-600">{t('none')}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {documents.map((d) => (
            <li key={d.number} className="py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-stone-700">{t(`kind.${d.kind}`)}</span>
                <a
                  href={documentHref(d.number)}
                  download={`${d.number}.pdf`}
                  dir="ltr"
                  aria-label={t('download', { number: d.number })}
                  className="font-mono text-amber-800 underline"
                >
                  {d.number}
                </a>
              </div>
              <div className="text-xs text-stone-500">
                <time dateTime={d.issuedAt}>{formatDateTime(d.issuedAt, locale)}</time>
                {' · '}
                {formatAed(d.totalFils, locale)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
