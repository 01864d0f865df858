import { formatAed } from '@qahwa/schema/money/money';
import { useLocale, useTranslations } from 'next-intl';
import type { PriceDisplay } from './display';

/** A price with its struck-through original when discounted. Works in server and client components. */
export function Price({ price, size = 'md' }: { price: PriceDisplay; size?: 'md' | 'lg' }) {
  const t = useTranslations('ProductCard');
  const tp = useTranslations('Price');
  const locale = useLocale();
  const now = formatAed(price.fils, locale);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span
        className={size === 'lg' ? 'text-2xl font-semibold text-coffee-900' : 'font-semibold text-coffee-900'}
      >
        {price.isRange ? t('from', { price: now }) : now}
      </span>
      {price.originalFils !== null && (
        <>
          <span className="sr-only">{tp('was', { price: formatAed(price.originalFils, locale) })}</span>
          <s aria-hidden="true" className="text-sm text-coffee-600">
            {formatAed(price.originalFils, locale)}
          </s>
        </>
      )}
    </p>
  );
}
