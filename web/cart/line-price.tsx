'use client';

import type { CartItem } from '@qahwa/schema/cart';
import { formatAed, toFils } from '@qahwa/schema/money';
import type { CartLineAmount } from '@qahwa/schema/promotions';
import { PriceView } from '@/catalogue/price-view';
import { useLocale, useTranslations } from '@/i18n/client';

/**
 * A cart line's price as the order charges it, the list price struck through when above it
 * (`useCartPrices`): the cart panel's lines and the checkout summary's. Before the prices are in,
 * the cart's own unit price × quantity.
 */
export function LinePrice({
  item,
  amount,
  className,
}: {
  item: Pick<CartItem, 'price' | 'quantity'>;
  amount: CartLineAmount | undefined;
  className?: string;
}) {
  const locale = useLocale();
  const tp = useTranslations('Price');
  return (
    <PriceView
      price={{
        fils: amount?.payFils ?? toFils(item.price) * item.quantity,
        originalFils: amount?.wasFils ?? null,
        isRange: false,
      }}
      size="sm"
      locale={locale}
      {...(className ? { className } : {})}
      from={(now) => now}
      now={(now) => tp('now', { price: now })}
      was={(original) => tp('was', { price: formatAed(original, locale) })}
    />
  );
}
