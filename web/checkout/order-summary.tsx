'use client';

import { type CartItem, cartItemCount, formatAed, localize, vatRateText } from '@qahwa/schema';
import { LinePrice } from '@/cart/line-price';
import { useCartPrices } from '@/cart/line-prices';
import { variationText } from '@/cart/variation-text';
import { Amount } from '@/catalogue/price-view';
import { ProductImage } from '@/catalogue/product-image';
import { useLocale, useTranslations } from '@/i18n/client';
import { CouponBox } from './coupon-box';
import { useSummaryPricing } from './coupon-state';
import { estimatedDeliveryText } from './delivery-text';
import { LockIcon, PaymentMarks } from './payment-marks';
import type { Quote } from './shipping-quote';

/**
 * SPEC 2.7 order summary: lines, subtotal with item count, shipping or 'Free', the estimated
 * delivery of the shipping rule, the nudge, total in AED, then the ways to pay and the
 * secure-transactions note.
 */
export function OrderSummary({
  items,
  quote,
  shippingAtCheckout = false,
}: {
  items: readonly CartItem[];
  quote: Quote | null;
  /** The cart page: no address yet, so shipping is "calculated at checkout", not being calculated. */
  shippingAtCheckout?: boolean;
}) {
  const t = useTranslations('OrderSummary');
  const locale = useLocale();
  const tc = useTranslations('CouponBox');
  // The sale and the discounts by the server's own rules (automatic promotions, the coupon, free
  // shipping): the total the order claims; the server prices it again.
  const pricing = useSummaryPricing(items, quote);
  // Each line at what the order charges for it (the cart panel's own amounts), its list price struck.
  const lines = useCartPrices(items).lines;
  const total = pricing.totalFils;
  const delivery = quote
    ? estimatedDeliveryText(quote.estimatedDays, new Date(), locale, (from, to) =>
        t('deliveryRange', { from, to }),
      )
    : null;
  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-xl border border-coffee-100 bg-white p-4"
    >
      <h2 id="order-summary-title" className="mb-3 font-semibold text-coffee-900">
        {t('title')}
      </h2>
      <ul className="mb-3 space-y-3">
        {items.map((item) => {
          const name = locale === 'ar' && item.nameAr ? item.nameAr : item.name;
          const amount = lines.get(item.id);
          return (
            <li key={item.id} className="flex items-center gap-3">
              <div className="relative shrink-0">
                <ProductImage
                  src={item.image}
                  alt={name}
                  width={48}
                  height={48}
                  className="h-12 w-12 rounded-md"
                />
                {item.quantity > 1 && (
                  <span className="absolute -end-2 -top-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-coffee-800 px-1 text-xs text-white">
                    {t('quantityBadge', { qty: item.quantity })}
                  </span>
                )}
              </div>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-coffee-900">{name}</p>
                <p className="text-xs text-coffee-600" dir="auto">
                  {variationText(item, locale)}
                </p>
              </div>
              <LinePrice item={item} amount={amount} className="shrink-0 flex-col items-end gap-x-0" />
            </li>
          );
        })}
      </ul>
      <div className="mb-3 border-t border-coffee-100 pt-3">
        <CouponBox items={items} pricing={pricing} />
      </div>
      <dl className="space-y-1.5 border-t border-coffee-100 pt-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-coffee-700">{t('subtotal', { count: cartItemCount(items) })}</dt>
          <dd className="text-coffee-900">
            <Amount fils={pricing.itemsFils} locale={locale} />
          </dd>
        </div>
        {pricing.saleFils > 0 && pricing.saleLabel && (
          <div className="flex justify-between gap-4" data-testid="order-sale">
            <dt className="text-emerald-800">{localize(pricing.saleLabel, locale)}</dt>
            <dd className="whitespace-nowrap text-emerald-800">
              −<Amount fils={pricing.saleFils} locale={locale} />
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-coffee-700">{t('shipping')}</dt>
          <dd className="text-coffee-900">
            {pricing.shippingFils === null ? (
              t(shippingAtCheckout ? 'atCheckout' : 'calculating')
            ) : pricing.shippingFils === 0 ? (
              t('free')
            ) : (
              <Amount fils={pricing.shippingFils} locale={locale} />
            )}
          </dd>
        </div>
        {delivery && (
          <div className="flex justify-between gap-4" data-testid="order-delivery">
            <dt className="text-coffee-700">{t('estimatedDelivery')}</dt>
            <dd className="text-end text-coffee-900">{delivery}</dd>
          </div>
        )}
        {pricing.discountFils > 0 && (
          <div className="flex justify-between gap-4" data-testid="order-discount">
            <dt className="text-emerald-800">{tc('discount')}</dt>
            <dd className="whitespace-nowrap text-emerald-800">
              −<Amount fils={pricing.discountFils} locale={locale} />
            </dd>
          </div>
        )}
        {quote && pricing.amountToFreeShippingFils > 0 && (
          <p className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900">
            {t('freeShippingNudge', { amount: formatAed(pricing.amountToFreeShippingFils, locale) })}
          </p>
        )}
        <div className="flex justify-between gap-4 border-t border-coffee-100 pt-2 text-base font-semibold">
          <dt className="text-coffee-900">{t('total')}</dt>
          <dd className="whitespace-nowrap text-coffee-900" data-testid="order-total">
            <Amount fils={total} locale={locale} />
          </dd>
        </div>
      </dl>
      {pricing.vatRateBp > 0 && (
        <p className="mt-1 text-end text-xs text-coffee-600" data-testid="order-vat">
          {t('includesVat', {
            rate: vatRateText(pricing.vatRateBp),
            amount: formatAed(pricing.vatFils, locale),
          })}
        </p>
      )}
      <div className="mt-4 space-y-2 border-t border-coffee-100 pt-3">
        <PaymentMarks label={t('weAccept')} />
        <p className="flex items-center gap-1.5 text-xs text-coffee-700" data-testid="secure-note">
          <LockIcon />
          {t('secure')}
        </p>
      </div>
    </section>
  );
}
