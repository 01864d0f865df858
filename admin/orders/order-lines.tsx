import type { AdminOrderDetail } from '@qahwa/schema/contracts';
import { formatAed } from '@qahwa/schema/money';
import { vatRateText } from '@qahwa/schema/tax';
import { useLocale, useTranslations } from 'next-intl';
import { adminImageSrc } from '@/lib/image-src';
import { aedIn, Card, Row } from './order-card';

/** The order's lines (picture, name in the page's language, options) and its totals. */
export function OrderLinesCard({ order: o }: { order: AdminOrderDetail }) {
  const t = useTranslations('OrderDetail');
  const locale = useLocale() as 'en' | 'ar';
  const aed = aedIn(locale);
  return (
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
                      <div className="font-medium text-stone-900">{locale === 'ar' ? i.nameAr : i.name}</div>
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
      {o.totals.vatRateBp > 0 ? (
        <p className="text-end text-xs text-stone-500" data-testid="order-vat">
          {t('includesVat', {
            rate: vatRateText(o.totals.vatRateBp),
            amount: formatAed(o.totals.vatFils, locale),
          })}
        </p>
      ) : null}
    </Card>
  );
}
