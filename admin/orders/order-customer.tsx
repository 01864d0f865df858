import type { AdminOrderDetail } from '@qahwa/schema/contracts';
import { placeNames } from '@qahwa/schema/reference';
import { useLocale, useTranslations } from 'next-intl';
import { Card, Row } from './order-card';

/** Who ordered and where it goes, as the checkout gave it (and the customer record when it differs). */
export function OrderCustomerCard({ order: o }: { order: AdminOrderDetail }) {
  const t = useTranslations('OrderDetail');
  const locale = useLocale() as 'en' | 'ar';
  const place = placeNames(o.customer.emirate, o.customer.city, locale);
  const shown = o.customer.record;
  const record =
    shown && (shown.fullName !== o.customer.fullName || shown.phone !== o.customer.phone) ? shown : null;
  return (
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
        <div className="mt-2 rounded border border-amber-200 bg-amber-50 p-2" data-testid="customer-record">
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
  );
}
