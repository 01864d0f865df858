import type { OrderStatus } from '@qahwa/schema';
import type { AdminOrderDetail } from '@qahwa/schema/contracts';
import { EMAIL_STATUSES, knownOr, ORDER_EMAIL_PURPOSES, ORDER_TIMELINE_EVENTS } from '@qahwa/schema/orders';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { Card } from './order-card';

/** What happened to the order, oldest first: status moves (who, why), e-mails, payment events. */
export function OrderTimelineCard({ order: o }: { order: AdminOrderDetail }) {
  const t = useTranslations('OrderDetail');
  const tStatus = useTranslations('OrderStatus');
  const locale = useLocale() as 'en' | 'ar';
  const statusLabel = (s: string | null) => (s ? tStatus(s as OrderStatus) : '—');
  return (
    <Card title={t('timeline')}>
      {o.timeline.length === 0 ? (
        <p className="text-sm text-stone-600">{t('timelineEmpty')}</p>
      ) : (
        <ol className="space-y-2 border-s border-stone-200 ps-4">
          {o.timeline.map((e) => (
            <li key={`${e.at}-${e.kind}-${e.label}`} className="text-sm">
              <time dateTime={e.at} className="me-2 text-xs text-stone-500">
                {formatDateTime(e.at, locale)}
              </time>
              {e.kind === 'status' ? (
                <span className="font-medium text-stone-900">
                  {t('moved', { from: statusLabel(e.from), to: statusLabel(e.label) })}
                </span>
              ) : e.kind === 'email' ? (
                <span className="text-stone-700">
                  {t('emailSent', {
                    purpose: t(`emailPurpose.${knownOr(ORDER_EMAIL_PURPOSES, e.label)}`),
                    status: t(`emailStatus.${knownOr(EMAIL_STATUSES, e.note)}`),
                  })}
                </span>
              ) : (
                <span className="text-stone-700">
                  {t(`timelineEvent.${knownOr(ORDER_TIMELINE_EVENTS, e.label)}`)}
                </span>
              )}
              {e.by ? <span className="ms-2 text-xs text-stone-500">{t('by', { who: e.by })}</span> : null}
              {e.kind === 'status' && e.note ? (
                <div className="text-xs text-stone-600">“{e.note}”</div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
