import { formatAed, toFils } from '@qahwa/schema';
import type { TrackedOrder } from '@qahwa/schema/contracts';
import { placeNames } from '@qahwa/schema/reference';
import { getLocale, getTranslations } from 'next-intl/server';
import { variationText } from '@/cart/variation-text';
import { ProductImage } from '@/catalogue/product-image';

/*
 * The parts of an order as the gateway's tracking view gives them (docs/order-tracking.md), drawn
 * the same on the order's page and on the checkout's confirmation: the items with their
 * pictures, the totals with the VAT they include, the delivery address, the estimated delivery.
 * Nothing here is computed; the view carries it.
 */

type Locale = 'en' | 'ar';

/** A calendar day (YYYY-MM-DD) as it is, not moved by a time zone. */
const DAY = {
  en: new Intl.DateTimeFormat('en-AE', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
  ar: new Intl.DateTimeFormat('ar-AE-u-nu-latn', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }),
};

async function context() {
  const [t, localeName] = await Promise.all([getTranslations('OrderView'), getLocale()]);
  const locale: Locale = localeName === 'ar' ? 'ar' : 'en';
  return { t, locale, aed: (amount: number) => formatAed(toFils(amount), locale) };
}

/** Each line with its picture, options, quantity and price, from the order's snapshot. */
export async function OrderItems({ items }: { items: TrackedOrder['items'] }) {
  const { t, locale, aed } = await context();
  return (
    <ul className="divide-y divide-coffee-100">
      {items.map((item) => {
        const name = locale === 'ar' && item.nameAr ? item.nameAr : item.name;
        const variation = variationText(item, locale);
        return (
          <li key={item.id} className="flex gap-3 py-3 first:pt-0 last:pb-0" data-testid="order-item">
            <ProductImage
              src={item.imageUrl}
              alt={name}
              width={64}
              height={64}
              className="h-16 w-16 shrink-0 rounded-md"
            />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-coffee-900">{name}</p>
              {variation ? (
                <p className="text-xs text-coffee-600" dir="auto">
                  {variation}
                </p>
              ) : null}
              <p className="text-sm text-coffee-700">
                {t('quantity', { quantity: item.quantity })} × {aed(item.unitPrice)}
              </p>
            </div>
            <p className="shrink-0 font-medium text-coffee-900">{aed(item.lineTotal)}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** Subtotal, discount, shipping (Free at 0), total, and "Includes VAT" when the order carries VAT. */
export async function OrderTotals({ totals }: { totals: TrackedOrder['totals'] }) {
  const { t, aed } = await context();
  return (
    <>
      <dl className="space-y-1 text-sm text-coffee-800">
        <div className="flex justify-between gap-4">
          <dt>{t('subtotal')}</dt>
          <dd>{aed(totals.subtotal)}</dd>
        </div>
        {totals.discount > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{t('discount')}</dt>
            <dd>− {aed(totals.discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt>{t('shipping')}</dt>
          <dd>{totals.shipping === 0 ? t('free') : aed(totals.shipping)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-coffee-100 pt-2 text-base font-bold text-coffee-900">
          <dt>{t('total')}</dt>
          <dd data-testid="order-total">{aed(totals.total)}</dd>
        </div>
      </dl>
      {totals.vat !== null && totals.vatRatePercent !== null ? (
        <p className="mt-2 text-xs text-coffee-600" data-testid="order-vat">
          {t('vat', { rate: totals.vatRatePercent, amount: aed(totals.vat) })}
        </p>
      ) : null}
    </>
  );
}

/** The name and address the courier's label shows, the emirate and city in the reader's language. */
export async function DeliveryAddress({ delivery }: { delivery: TrackedOrder['delivery'] }) {
  const { locale } = await context();
  const place = placeNames(delivery.emirate, delivery.city, locale);
  return (
    <address className="text-sm leading-6 not-italic text-coffee-800" data-testid="delivery-address">
      {delivery.name}
      <br />
      <span dir="auto">{delivery.address}</span>
      <br />
      {place.city}
      {locale === 'ar' ? '، ' : ', '}
      {place.emirate}
    </address>
  );
}

/** "Estimated delivery: Tue 2 Dec – Thu 4 Dec", while the order is on its way and a rule names days. */
export async function DeliveryEstimate({
  delivery,
  className,
}: {
  delivery: TrackedOrder['delivery'];
  className: string;
}) {
  const { t, locale } = await context();
  if (!delivery.estimatedFrom || !delivery.estimatedTo) return null;
  const day = (d: string) => DAY[locale].format(new Date(`${d}T00:00:00Z`));
  return (
    <p className={className} data-testid="estimate">
      {delivery.estimatedFrom === delivery.estimatedTo
        ? t('estimatedOne', { date: day(delivery.estimatedFrom) })
        : t('estimated', { from: day(delivery.estimatedFrom), to: day(delivery.estimatedTo) })}
    </p>
  );
}
