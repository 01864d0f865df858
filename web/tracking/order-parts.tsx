import { formatAed, toFils } from '@qahwa/schema';
import type { TrackedOrder } from '@qahwa/schema/contracts';
import { placeNames } from '@qahwa/schema/reference';
import { getLocale, getTranslations } from 'next-intl/server';
import { variationText } from '@/cart/variation-text';
import { Amount } from '@/catalogue/price-view';
import { ProductImage } from '@/catalogue/product-image';
import { deliveryDay } from '@/checkout/delivery-text';

/*
 * The parts of an order as the gateway's tracking view gives them (docs/order-tracking.md), drawn
 * the same on the order's page and on the checkout's confirmation: the items with their
 * pictures, the totals with the VAT they include, the delivery address, the estimated delivery.
 * Nothing here is computed; the view carries it.
 */

type Locale = 'en' | 'ar';

async function context() {
  const [t, localeName] = await Promise.all([getTranslations('OrderView'), getLocale()]);
  const locale: Locale = localeName === 'ar' ? 'ar' : 'en';
  return {
    t,
    locale,
    aed: (amount: number) => formatAed(toFils(amount), locale),
    // An amount on its own: never broken between the number and its currency.
    money: (amount: number) => <Amount fils={toFils(amount)} locale={locale} />,
  };
}

/** Each line with its picture, options, quantity and price, from the order's snapshot. */
export async function OrderItems({ items }: { items: TrackedOrder['items'] }) {
  const { t, locale, money } = await context();
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
                {t('quantity', { quantity: item.quantity })} × {money(item.unitPrice)}
              </p>
            </div>
            <p className="shrink-0 font-medium text-coffee-900">{money(item.lineTotal)}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** Subtotal, discount, shipping (Free at 0), total, and "Includes VAT" when the order carries VAT. */
export async function OrderTotals({ totals }: { totals: TrackedOrder['totals'] }) {
  const { t, aed, money } = await context();
  return (
    <>
      <dl className="space-y-1 text-sm text-coffee-800">
        <div className="flex justify-between gap-4">
          <dt>{t('subtotal')}</dt>
          <dd>{money(totals.subtotal)}</dd>
        </div>
        {totals.discount > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{t('discount')}</dt>
            <dd className="whitespace-nowrap">− {money(totals.discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt>{t('shipping')}</dt>
          <dd>{totals.shipping === 0 ? t('free') : money(totals.shipping)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-coffee-100 pt-2 text-base font-bold text-coffee-900">
          <dt>{t('total')}</dt>
          <dd data-testid="order-total">{money(totals.total)}</dd>
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
  const day = (d: string) => deliveryDay(d, locale);
  return (
    <p className={className} data-testid="estimate">
      {delivery.estimatedFrom === delivery.estimatedTo
        ? t('estimatedOne', { date: day(delivery.estimatedFrom) })
        : t('estimated', { from: day(delivery.estimatedFrom), to: day(delivery.estimatedTo) })}
    </p>
  );
}

/** How the order was paid: the wallet's name for a card payment made through one, else the method. */
export async function PaymentMethodText({ payment }: { payment: TrackedOrder['payment'] }) {
  const { t } = await context();
  return (
    <p className="text-sm text-coffee-800" data-testid="payment-method">
      {payment.wallet ?? t(`payment.${payment.provider}`)}
    </p>
  );
}
