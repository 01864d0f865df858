import { formatAed } from '@qahwa/schema';
import { knownOr, REFUND_STATUSES } from '@qahwa/schema/orders';
import {
  type AdminReturnDetail,
  refundMethodLabel,
  returnReasonLabel,
  returnStatusLabel,
  returnWorkflowId,
} from '@qahwa/schema/returns';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { adminImageSrc } from '@/lib/image-src';
import { Card, Row } from '@/orders/order-card';
import { StatusBadge } from '@/orders/status-badge';
import { ReturnActions } from './return-actions';
import { ReturnStatusBadge } from './return-status-badge';

/** A line's variation in the order's words ("250g · Arabica"). */
function variationText(v: { weight: string | null; beans: string | null; additions: string | null }): string {
  return [v.weight, v.beans, v.additions].filter(Boolean).join(' · ');
}

/**
 * One return's page (docs/admin.md "Returns"): its lines with what each gives back and whether it
 * went back on sale, the shopper's reason, note and photo, the refund, the history, and the actions
 * its state allows — drawn only for staff who may edit orders.
 */
export function ReturnDetailView({
  detail: r,
  canEdit,
  temporal,
}: {
  detail: AdminReturnDetail;
  canEdit: boolean;
  temporal: { url: string; namespace: string };
}) {
  const t = useTranslations('ReturnDetail');
  const tActions = useTranslations('ReturnActions');
  // The order page's words for a refund's state: one wording of it.
  const tOrder = useTranslations('OrderDetail');
  const tPayment = useTranslations('PaymentProvider');
  const locale = useLocale() as 'en' | 'ar';
  const aed = (fils: number) => formatAed(fils, locale);
  const linesFils = r.lines.reduce((sum, l) => sum + l.refundFils, 0);
  const workflowId = returnWorkflowId(r.number);

  return (
    <div className="space-y-4">
      <div>
        <Link href="/backend/returns" className="text-sm text-amber-800 underline">
          {t('back')}
        </Link>
        <h1 className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-semibold text-stone-900">
          <span>{t('title', { number: r.number })}</span>
          <ReturnStatusBadge status={r.status} />
        </h1>
        <p className="text-sm text-stone-600">
          {t('requested', { date: formatDateTime(r.requestedAt, locale) })}
        </p>
        {r.status === 'approved' && r.arriveBy ? (
          <p className="text-sm font-medium text-stone-800">
            {t('arriveBy', { date: formatDateTime(r.arriveBy, locale) })}
          </p>
        ) : null}
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title={t('items')}>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">{t('itemsCaption')}</caption>
                <thead>
                  <tr className="text-xs text-stone-500">
                    <th scope="col" className="py-2 pe-3 text-start font-medium">
                      {t('product')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-end font-medium">
                      {t('quantity')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-end font-medium">
                      {t('lineRefund')}
                    </th>
                    <th scope="col" className="py-2 ps-3 text-start font-medium">
                      {t('resale')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {r.lines.map((l) => (
                    <tr key={l.orderItemId}>
                      <td className="py-2 pe-3">
                        <div className="font-medium text-stone-900">
                          {locale === 'ar' && l.nameAr ? l.nameAr : l.name}
                        </div>
                        {variationText(l.variation) ? (
                          <div className="text-xs text-stone-500">{variationText(l.variation)}</div>
                        ) : null}
                      </td>
                      <td className="px-3 py-2 text-end tabular-nums">{l.quantity}</td>
                      <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">
                        {aed(l.refundFils)}
                      </td>
                      <td className="py-2 ps-3 text-stone-700">
                        {l.resaleable === null
                          ? t('resaleUnknown')
                          : l.resaleable
                            ? t('resaleYes')
                            : t('resaleNo')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>

          <Card title={t('request')}>
            <dl>
              <Row label={t('reason')}>{returnReasonLabel(r.reason, locale)}</Row>
            </dl>
            <h3 className="mt-3 text-xs font-semibold text-stone-500">{t('note')}</h3>
            <p
              dir={r.note ? 'auto' : undefined}
              className="mt-1 text-sm break-words whitespace-pre-line text-stone-900"
            >
              {r.note ?? t('noNote')}
            </p>
            <h3 className="mt-3 text-xs font-semibold text-stone-500">{t('photo')}</h3>
            {r.photoUrl ? (
              <a
                href={adminImageSrc(r.photoUrl)}
                target="_blank"
                rel="noreferrer"
                className="mt-1 inline-block"
                aria-label={t('openPhoto')}
              >
                {/* biome-ignore lint/performance/noImgElement: an upload the gateway serves, shown as the shopper sent it. */}
                <img
                  src={adminImageSrc(r.photoUrl)}
                  alt={t('photoAlt', { number: r.number })}
                  className="max-h-64 rounded-md border border-stone-200 object-contain"
                />
              </a>
            ) : (
              <p className="mt-1 text-sm text-stone-600">{t('noPhoto')}</p>
            )}
            {r.staffMessage ? (
              <>
                <h3 className="mt-3 text-xs font-semibold text-stone-500">{t('staffMessage')}</h3>
                <p dir="auto" className="mt-1 text-sm break-words whitespace-pre-line text-stone-900">
                  {r.staffMessage}
                </p>
              </>
            ) : null}
          </Card>

          <Card title={t('history')}>
            <ol className="space-y-2 text-sm">
              {r.history.map((h) => (
                <li key={`${h.status}-${h.at}`} className="border-s-2 border-stone-200 ps-3">
                  <div className="font-medium text-stone-900">{returnStatusLabel(h.status, locale)}</div>
                  <div className="text-xs text-stone-500">
                    <time dateTime={h.at}>{formatDateTime(h.at, locale)}</time>
                    {h.byEmail ? ` · ${t('historyBy', { who: h.byEmail })}` : null}
                  </div>
                  {h.note ? (
                    <p dir="auto" className="mt-1 text-stone-700 whitespace-pre-line">
                      {h.note}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          </Card>
        </div>

        <div className="space-y-4">
          <Card title={tActions('title')}>
            <ReturnActions detail={r} canEdit={canEdit} />
          </Card>

          <Card title={t('refund')}>
            <dl>
              <Row label={t('linesRefund')}>{aed(linesFils)}</Row>
              <Row label={t('shippingRefund')}>
                {r.shippingRefundFils > 0 ? aed(r.shippingRefundFils) : t('shippingKept')}
              </Row>
              <Row label={t('refundTotal')}>
                <span className="font-semibold">{aed(r.refundFils)}</span>
              </Row>
              {r.refundMethod ? (
                <Row label={t('refundMethod')}>{refundMethodLabel(r.refundMethod, locale)}</Row>
              ) : null}
              {r.codReference || r.refund?.providerRefundId ? (
                <Row label={t('refundReference')}>
                  <span dir="ltr" className="font-mono text-xs break-all">
                    {r.codReference ?? r.refund?.providerRefundId}
                  </span>
                </Row>
              ) : null}
              {r.refund ? (
                <Row label={t('refundStatus')}>
                  {tOrder(`refundStatus.${knownOr(REFUND_STATUSES, r.refund.status)}`)}
                </Row>
              ) : null}
            </dl>
            {r.refund?.lastError ? (
              <p className="mt-2 rounded bg-red-50 p-2 text-xs text-red-800">
                {t('refundError', { error: r.refund.lastError })}
              </p>
            ) : null}
          </Card>

          <Card title={t('order')}>
            <dl>
              <Row label={t('order')}>
                <Link
                  href={`/backend/orders/${r.order.id}`}
                  dir="ltr"
                  className="font-mono text-amber-800 underline"
                >
                  {r.order.id}
                </Link>
              </Row>
              <Row label={t('orderStatus')}>
                <StatusBadge status={r.order.status} />
              </Row>
              <Row label={t('customer')}>
                <span className="block">{r.order.customerName}</span>
                <span dir="ltr" className="block text-xs text-stone-500">
                  {r.order.customerEmail}
                </span>
              </Row>
              <Row label={t('payment')}>{tPayment(r.order.paymentProvider)}</Row>
            </dl>
          </Card>

          <Card title={t('workflow')}>
            <a
              className="font-mono text-xs break-all text-amber-800 underline"
              dir="ltr"
              target="_blank"
              rel="noreferrer"
              aria-label={t('openTemporal', { id: workflowId })}
              href={`${temporal.url}/namespaces/${encodeURIComponent(temporal.namespace)}/workflows/${encodeURIComponent(workflowId)}`}
            >
              {workflowId}
            </a>
          </Card>
        </div>
      </div>
    </div>
  );
}
