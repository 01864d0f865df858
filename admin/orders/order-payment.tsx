import type { AdminOrderDetail } from '@qahwa/schema/contracts';
import { knownOr, REFUND_STATUSES } from '@qahwa/schema/orders';
import { attentionKindOf, PAYMENT_RECORD_STATUSES } from '@qahwa/schema/payments';
import { useLocale, useTranslations } from 'next-intl';
import { aedIn, Card, Row } from './order-card';

/** How the order is paid: provider, status, reference, amounts, why it needs attention, discounts, refunds. */
export function OrderPaymentCard({ order: o }: { order: AdminOrderDetail }) {
  const t = useTranslations('OrderDetail');
  const tPayment = useTranslations('PaymentProvider');
  // The payments screen's labels: one wording of a payment's status and why it needs attention.
  const tPaymentStatus = useTranslations('Payments.status');
  const tAttention = useTranslations('Payments.attention');
  const locale = useLocale() as 'en' | 'ar';
  const aed = aedIn(locale);
  return (
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
  );
}
