'use client';

import { formatAed } from '@qahwa/schema/money';
import {
  type ReturnStatus,
  type ReturnView,
  returnReasonLabel,
  returnStatusLabel,
} from '@qahwa/schema/returns';
import { useLocale, useTranslations } from '@/i18n/client';
import { returnDate } from './return-date';
import { variationOf } from './return-draft';

// The status's colour follows the return's life: waiting (amber), on its way (sky), done (green), closed (stone/red).
const TONE: Record<ReturnStatus, string> = {
  requested: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  approved: 'bg-sky-50 text-sky-900 ring-sky-600/30',
  received: 'bg-indigo-50 text-indigo-900 ring-indigo-600/30',
  refunded: 'bg-emerald-50 text-emerald-900 ring-emerald-600/30',
  rejected: 'bg-red-50 text-red-900 ring-red-600/30',
  expired: 'bg-coffee-100 text-coffee-800 ring-coffee-600/30',
};

/** The shopper's returns of this order, newest first: status, what is in each, the store's answer, the refund. */
export function ReturnList({ returns }: { returns: readonly ReturnView[] }) {
  const t = useTranslations('ReturnRequest');
  const locale = useLocale();
  if (returns.length === 0) return null;
  return (
    <div>
      <h3 className="text-base font-semibold text-coffee-900">{t('yourReturns')}</h3>
      <ul className="mt-2 space-y-3">
        {returns.map((r) => (
          <li key={r.number} className="rounded-lg border border-coffee-200 bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span dir="ltr" className="font-mono text-sm font-semibold text-coffee-900">
                {r.number}
              </span>
              <span
                className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE[r.status]}`}
              >
                {returnStatusLabel(r.status, locale)}
              </span>
            </div>
            <p className="mt-1 text-xs text-coffee-600">
              {t('requestedOn', { date: returnDate(r.requestedAt, locale) })}
            </p>
            <p className="mt-2 text-sm text-coffee-800">{t(`statusHint.${r.status}`)}</p>
            {r.status === 'approved' && r.arriveBy ? (
              <p className="mt-1 text-sm font-medium text-coffee-900">
                {t('arriveBy', { date: returnDate(r.arriveBy, locale) })}
              </p>
            ) : null}
            <dl className="mt-3 space-y-2 text-sm">
              <div>
                <dt className="text-xs text-coffee-600">{t('items')}</dt>
                <dd>
                  <ul>
                    {r.lines.map((l) => (
                      <li key={l.orderItemId} className="text-coffee-900">
                        {t('lineRow', {
                          name: locale === 'ar' && l.nameAr ? l.nameAr : l.name,
                          quantity: l.quantity,
                        })}
                        {variationOf(l.variation) ? (
                          <span className="ms-1 text-xs text-coffee-600">({variationOf(l.variation)})</span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
              <div>
                <dt className="text-xs text-coffee-600">{t('reasonLabel')}</dt>
                <dd className="text-coffee-900">{returnReasonLabel(r.reason, locale)}</dd>
              </div>
              {r.note ? (
                <div>
                  <dt className="text-xs text-coffee-600">{t('yourNote')}</dt>
                  <dd dir="auto" className="break-words whitespace-pre-line text-coffee-900">
                    {r.note}
                  </dd>
                </div>
              ) : null}
              {r.staffMessage ? (
                <div className="rounded-md bg-coffee-50 p-3">
                  <dt className="text-xs font-medium text-coffee-700">{t('staffMessage')}</dt>
                  <dd dir="auto" className="mt-1 break-words whitespace-pre-line text-coffee-900">
                    {r.staffMessage}
                  </dd>
                </div>
              ) : null}
              {r.status !== 'rejected' && r.status !== 'expired' ? (
                <div>
                  <dt className="text-xs text-coffee-600">{t('refund')}</dt>
                  <dd className="text-coffee-900">
                    {r.status === 'refunded' && r.refundedAt
                      ? t('refunded', {
                          amount: formatAed(r.refundFils, locale),
                          date: returnDate(r.refundedAt, locale),
                        })
                      : t('refundDue', { amount: formatAed(r.refundFils, locale) })}
                  </dd>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
