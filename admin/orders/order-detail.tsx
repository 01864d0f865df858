import { formatAed, type OrderStatus, toFils } from '@qahwa/schema';
import type { AdminOrderDetail } from '@qahwa/schema/contracts/admin-orders';
import {
  EMAIL_STATUSES,
  knownOr,
  ORDER_EMAIL_PURPOSES,
  ORDER_TIMELINE_EVENTS,
  REFUND_STATUSES,
} from '@qahwa/schema/orders/timeline-labels';
import { attentionKindOf, PAYMENT_RECORD_STATUSES } from '@qahwa/schema/payments/attention';
import { placeNames } from '@qahwa/schema/reference/emirates';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/i18n/format';
import { adminImageSrc } from '@/lib/image-src';
import { StatusActions } from './status-actions';
import { StatusBadge } from './status-badge';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="text-stone-500">{label}</dt>
      <dd className="text-end text-stone-900">{children}</dd>
    </div>
  );
}

/** The order page (docs/orders.md): lines, snapshot, payment, totals, discounts, refunds, timeline, workflows, moves. */
export function OrderDetailView({
  order: o,
  canEdit,
  temporal,
}: {
  order: AdminOrderDetail;
  canEdit: boolean;
  temporal: { url: string; namespace: string };
}) {
  const t = useTranslations('OrderDetail');
  const tStatus = useTranslations('OrderStatus');
  const tPayment = useTranslations('PaymentProvider');
  // The payments screen's labels: one wording of a payment's status and why it needs attention.
  const tPaymentStatus = useTranslations('Payments.status');
  const tAttention = useTranslations('Payments.attention');
  const locale = useLocale() as 'en' | 'ar';
  const aed = (amount: number) => formatAed(toFils(amount), locale);
  const place = placeNames(o.customer.emirate, o.customer.city, locale);
  const statusLabel = (s: string | null) => (s ? tStatus(s as OrderStatus) : '—');
  const shown = o.customer.record;
  const record =
    shown && (shown.fullName !== o.customer.fullName || shown.phone !== o.customer.phone) ? shown : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link href="/backend/orders" className="text-sm text-amber-800 underline">
            {t('back')}
          </Link>
          <h1 className="mt-1 flex items-center gap-3 text-2xl font-semibold text-stone-900">
            <span>{t('title', { id: o.id })}</span>
            <StatusBadge status={o.status} />
          </h1>
          <p className="text-sm text-stone-600">
            {t('placed', { date: formatDateTime(o.createdAt, locale) })}
          </p>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title={t('items')}>
            <table className="min-w-full text-sm">
              <caption className="sr-only">{t('itemsCaption')}</caption>
              <thead>
                <tr className="text-xs text-stone-500">
                  <th scope="col" className="py-2 text-start font-medium">
                    {t('product')}
                  </th>
                  <th scope="col" className="py-2 text-end font-medium">
                    {t('unitPrice')}
                  </th>
                  <th scope="col" className="py-2 text-end font-medium">
                    {t('quantity')}
                  </th>
                  <th scope="col" className="py-2 text-end font-medium">
                    {t('lineTotal')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {o.items.map((i) => {
                  const variation = [i.variation.weight, i.variation.beans, i.variation.additions]
                    .filter(Boolean)
                    .join(' · ');
                  return (
                    <tr key={i.variationId}>
                      <td className="py-2">
                        <div className="flex items-center gap-3">
                          {i.imageUrl ? (
                            // biome-ignore lint/performance/noImgElement: product images come from any configured host (local uploads or Cloudinary); a plain img needs no image-optimizer allow-list
                            <img
                              src={adminImageSrc(i.imageUrl)}
                              alt=""
                              width={48}
                              height={48}
                              className="size-12 rounded object-cover"
                            />
                          ) : (
                            <span className="flex size-12 items-center justify-center rounded bg-stone-100 text-[10px] text-stone-500">
                              {t('noImage')}
                            </span>
                          )}
                          <div>
                            <div className="font-medium text-stone-900">
                              {locale === 'ar' ? i.nameAr : i.name}
                            </div>
                            {variation ? <div className="text-xs text-stone-500">{variation}</div> : null}
                          </div>
                        </div>
                      </td>
                      <td className="py-2 text-end tabular-nums">{aed(i.unitPrice)}</td>
                      <td className="py-2 text-end tabular-nums">{i.quantity}</td>
                      <td className="py-2 text-end font-medium tabular-nums">{aed(i.lineTotal)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <dl className="mt-3 border-t border-stone-100 pt-2">
              <Row label={t('subtotal')}>{aed(o.totals.subtotal)}</Row>
              {o.totals.discount > 0 ? <Row label={t('discount')}>−{aed(o.totals.discount)}</Row> : null}
              <Row label={t('shipping')}>{aed(o.totals.shipping)}</Row>
              <Row label={t('total')}>
                <strong>{aed(o.totals.total)}</strong>
              </Row>
            </dl>
          </Card>

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
                    {e.by ? (
                      <span className="ms-2 text-xs text-stone-500">{t('by', { who: e.by })}</span>
                    ) : null}
                    {e.kind === 'status' && e.note ? (
                      <div className="text-xs text-stone-600">“{e.note}”</div>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </div>

        <div className="space-y-4">
          <Card title={t('actions')}>
            <StatusActions
              orderId={o.id}
              version={o.version}
              status={o.status}
              allowed={o.allowedTransitions}
              canEdit={canEdit}
            />
          </Card>
          <Card title={t('customer')}>
            <p className="font-medium text-stone-900">{o.customer.fullName}</p>
            <dl>
              <Row label={t('phone')}>
                <span dir="ltr">{o.customer.phone}</span>
              </Row>
              <Row label={t('email')}>
                <span dir="ltr">{o.customer.email}</span>
              </Row>
            </dl>
            {record ? (
              // The order keeps what its checkout gave; the record is never changed by an order
              // (its e-mail is not proven): when they differ, staff see both.
              <div
                className="mt-2 rounded border border-amber-200 bg-amber-50 p-2"
                data-testid="customer-record"
              >
                <p className="text-xs font-semibold text-amber-900">{t('recordTitle')}</p>
                <p className="text-xs text-amber-900">{t('recordNote')}</p>
                <dl>
                  <Row label={t('name')}>{record.fullName}</Row>
                  <Row label={t('phone')}>
                    <span dir="ltr">{record.phone}</span>
                  </Row>
                </dl>
              </div>
            ) : null}
            <p className="mt-2 text-xs text-stone-500">{t('address')}</p>
            <p className="text-sm text-stone-800">
              {/* Arabic's own comma between the parts in Arabic. */}
              {[o.customer.address, place.city, place.emirate].join(locale === 'ar' ? '، ' : ', ')}
            </p>
          </Card>
          <Card title={t('payment')}>
            <dl>
              <Row label={t('provider')}>{tPayment(o.payment.provider)}</Row>
              <Row label={t('paymentStatus')}>
                {o.payment.status === 'cash_on_delivery'
                  ? t('codStatus')
                  : o.payment.status
                    ? tPaymentStatus(knownOr(PAYMENT_RECORD_STATUSES, o.payment.status))
                    : '—'}
              </Row>
              <Row label={t('reference')}>
                <span dir="ltr" className="font-mono text-xs break-all">
                  {o.payment.reference ?? '—'}
                </span>
              </Row>
              {o.payment.amount !== null ? <Row label={t('amount')}>{aed(o.payment.amount)}</Row> : null}
              {o.payment.refunded > 0 ? <Row label={t('refunded')}>{aed(o.payment.refunded)}</Row> : null}
            </dl>
            {o.payment.needsAttention ? (
              <p className="mt-2 rounded bg-red-50 p-2 text-xs text-red-800">
                {t('attention', { reason: tAttention(attentionKindOf(o.payment.attentionReason)) })}
              </p>
            ) : null}
            <h3 className="mt-3 text-xs font-semibold text-stone-500">{t('discounts')}</h3>
            {o.discounts.length === 0 ? (
              <p className="text-sm text-stone-600">{t('noDiscounts')}</p>
            ) : (
              <dl>
                {o.discounts.map((d) => (
                  <Row
                    key={`${d.kind}-${d.code ?? d.name}`}
                    label={`${locale === 'ar' && d.nameAr ? d.nameAr : d.name}${d.code ? ` (${d.code})` : ''}`}
                  >
                    −{aed(d.amount)}
                  </Row>
                ))}
              </dl>
            )}
            {o.refunds.length > 0 ? (
              <>
                <h3 className="mt-3 text-xs font-semibold text-stone-500">{t('refunds')}</h3>
                <ul className="text-sm">
                  {o.refunds.map((r) => (
                    <li key={r.reference}>
                      {t('refundRow', {
                        amount: aed(r.amount),
                        status: t(`refundStatus.${knownOr(REFUND_STATUSES, r.status)}`),
                      })}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </Card>
          <Card title={t('workflows')}>
            <ul className="space-y-1 text-sm">
              {o.workflows.map((w) => (
                <li key={w.workflowId}>
                  <a
                    className="font-mono text-xs break-all text-amber-800 underline"
                    dir="ltr"
                    target="_blank"
                    rel="noreferrer"
                    aria-label={t('openTemporal', { id: w.workflowId })}
                    href={`${temporal.url}/namespaces/${encodeURIComponent(temporal.namespace)}/workflows/${encodeURIComponent(w.workflowId)}`}
                  >
                    {w.workflowId}
                  </a>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </div>
  );
}
