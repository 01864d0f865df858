import { formatAed, type Locale } from '@qahwa/schema';
import type { AdminPaymentDetail } from '@qahwa/schema/contracts';
import { CHECKOUT_STATUSES } from '@qahwa/schema/payments';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/i18n/format';
import { ChevronStartIcon } from '@/shell/icons';
import { PaymentActions } from './payment-actions';
import { AttentionBadge, PaymentStatusBadge, RefundStatusBadge } from './payment-badges';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-2">
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="col-span-2 text-sm text-stone-900">{children}</dd>
    </div>
  );
}

const card = 'rounded-lg border border-stone-200 bg-white p-5 shadow-sm';
const heading = 'mb-3 text-base font-semibold text-stone-900';

export function PaymentDetailView({ payment, canEdit }: { payment: AdminPaymentDetail; canEdit: boolean }) {
  const t = useTranslations('Payments.detail');
  const tCheckout = useTranslations('Payments.checkoutStatus');
  const tMethod = useTranslations('Payments.method');
  const tHelp = useTranslations('Payments.attentionHelp');
  const tProvider = useTranslations('Payments.provider');
  const locale = useLocale() as Locale;
  const money = (fils: number) => formatAed(fils, locale);
  const method = (['card', 'wallet', 'pay_later', 'cod'] as const).find((m) => m === payment.method);
  const checkoutStatus = payment.checkoutStatus
    ? (CHECKOUT_STATUSES.find((s) => s === payment.checkoutStatus) ?? 'other')
    : null;
  return (
    <>
      <Link
        href="/backend/payments"
        className="mb-3 inline-flex items-center gap-1 text-sm text-stone-600 underline"
      >
        <ChevronStartIcon className="size-4 rtl:-scale-x-100" />
        {t('back')}
      </Link>
      <h1 className="mb-4 text-2xl font-semibold text-stone-900">
        {t('title', { reference: '' })}
        <span className="font-mono text-lg" dir="ltr">
          {payment.id}
        </span>
      </h1>
      {payment.attention ? (
        <div role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <strong className="text-sm text-amber-900">{t('attention')}</strong>
            <AttentionBadge kind={payment.attention.kind} />
          </div>
          <p className="mt-2 text-sm text-amber-900">{tHelp(payment.attention.kind)}</p>
          {payment.attention.reason ? (
            <p className="mt-1 font-mono text-xs text-amber-800" dir="ltr">
              {payment.attention.reason}
            </p>
          ) : null}
        </div>
      ) : null}
      {canEdit && payment.provider === 'STRIPE' ? (
        <PaymentActions
          paymentId={payment.id}
          leftFils={payment.amountFils - payment.refundedFils}
          actions={payment.actions}
        />
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <section className={card} aria-labelledby="payment-summary">
          <h2 id="payment-summary" className={heading}>
            {t('summary')}
          </h2>
          <dl className="divide-y divide-stone-100">
            <Row label={t('provider')}>{tProvider(payment.provider)}</Row>
            <Row label={t('method')}>{method ? tMethod(method) : payment.method}</Row>
            <Row label={t('status')}>
              <PaymentStatusBadge status={payment.status} />
            </Row>
            <Row label={t('amount')}>
              <span className="tabular-nums">{money(payment.amountFils)}</span>
            </Row>
            <Row label={t('refunded')}>
              <span className="tabular-nums">{money(payment.refundedFils)}</span>
            </Row>
            {payment.checkoutId ? (
              <Row label={t('checkout')}>
                <span className="font-mono text-xs" dir="ltr">
                  {payment.checkoutId}
                </span>
              </Row>
            ) : null}
            {checkoutStatus ? <Row label={t('checkoutStatus')}>{tCheckout(checkoutStatus)}</Row> : null}
            <Row label={t('recorded')}>{formatDateTime(payment.createdAt, locale)}</Row>
            <Row label={t('updated')}>{formatDateTime(payment.updatedAt, locale)}</Row>
            {payment.lastError ? <Row label={t('lastError')}>{payment.lastError}</Row> : null}
          </dl>
        </section>
        <section className={card} aria-labelledby="payment-order">
          <h2 id="payment-order" className={heading}>
            {t('order')}
          </h2>
          {payment.order ? (
            <dl className="divide-y divide-stone-100">
              <Row label={t('order')}>
                <Link
                  href={`/backend/orders/${payment.order.id}`}
                  className="font-mono text-sm text-amber-900 underline"
                  aria-label={t('openOrder', { id: payment.order.id })}
                >
                  {payment.order.id}
                </Link>
              </Row>
              <Row label={t('customer')}>{payment.order.customerName}</Row>
              <Row label={t('orderTotal')}>
                <span className="tabular-nums">{money(payment.order.totalFils)}</span>
              </Row>
              <Row label={t('recorded')}>{formatDateTime(payment.order.createdAt, locale)}</Row>
            </dl>
          ) : (
            <p className="text-sm text-stone-600">{t('noOrder')}</p>
          )}
        </section>
        <section className={card} aria-labelledby="payment-refunds">
          <h2 id="payment-refunds" className={heading}>
            {t('refunds')}
          </h2>
          {payment.refunds.length === 0 ? (
            <p className="text-sm text-stone-600">{t('noRefunds')}</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {payment.refunds.map((r) => (
                <li
                  key={r.reference}
                  className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                >
                  <span className="font-mono text-xs" dir="ltr">
                    {r.providerRefundId ?? r.reference}
                  </span>
                  <RefundStatusBadge status={r.status} />
                  <span className="tabular-nums">{money(r.amountFils)}</span>
                  <span className="text-stone-500">{formatDateTime(r.createdAt, locale)}</span>
                  {r.lastError ? <span className="w-full text-xs text-red-700">{r.lastError}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={card} aria-labelledby="payment-webhooks">
          <h2 id="payment-webhooks" className={heading}>
            {t('webhooks')}
          </h2>
          {payment.webhooks.length === 0 ? (
            <p className="text-sm text-stone-600">{t('noWebhooks')}</p>
          ) : (
            <table className="min-w-full text-sm">
              <thead>
                <tr className="text-stone-500">
                  <th scope="col" className="py-1 text-start font-medium">
                    {t('webhookType')}
                  </th>
                  <th scope="col" className="py-1 text-start font-medium">
                    {t('webhookAt')}
                  </th>
                  <th scope="col" className="py-1 text-end font-medium">
                    {t('webhookDeliveries')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {payment.webhooks.map((w) => (
                  <tr key={w.id}>
                    <td className="py-1 font-mono text-xs" dir="ltr">
                      {w.type}
                    </td>
                    <td className="py-1">{formatDateTime(w.receivedAt, locale)}</td>
                    <td className="py-1 text-end tabular-nums">{w.deliveries}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </>
  );
}
