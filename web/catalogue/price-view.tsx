import { formatAed, type Locale } from '@qahwa/schema/money';
import type { PriceDisplay } from './display';

/**
 * The price's markup, with its words given by the caller: `Price` (server components, next-intl)
 * and the options modal (a client island, `i18n/client`) draw the same thing.
 */
export function PriceView({
  price,
  size = 'md',
  locale,
  from,
  was,
}: {
  price: PriceDisplay;
  size?: 'md' | 'lg';
  locale: Locale;
  /** "From {price}" for a range, with the formatted lowest price. */
  from: (now: string) => string;
  /** The screen reader's "Was {price}", given the original in fils. */
  was: (originalFils: number) => string;
}) {
  const now = formatAed(price.fils, locale);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span
        className={size === 'lg' ? 'text-2xl font-semibold text-coffee-900' : 'font-semibold text-coffee-900'}
      >
        {price.isRange ? from(now) : now}
      </span>
      {price.originalFils !== null && (
        <>
          <span className="sr-only">{was(price.originalFils)}</span>
          <s aria-hidden="true" className="text-sm text-coffee-600">
            {formatAed(price.originalFils, locale)}
          </s>
        </>
      )}
    </p>
  );
}
