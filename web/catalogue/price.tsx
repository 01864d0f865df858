import { formatAed } from '@qahwa/schema/money';
import { useLocale, useTranslations } from 'next-intl';
import type { PriceDisplay } from './display';
import { PriceView } from './price-view';

/** A price with its struck-through original when reduced, for server components (next-intl). */
export function Price({ price, size = 'md' }: { price: PriceDisplay; size?: 'md' | 'lg' }) {
  const t = useTranslations('ProductCard');
  const tp = useTranslations('Price');
  const locale = useLocale();
  return (
    <PriceView
      price={price}
      size={size}
      locale={locale}
      from={(now) => t('from', { price: now })}
      now={(now) => tp('now', { price: now })}
      was={(original) => tp('was', { price: formatAed(original, locale) })}
    />
  );
}
