import { formatAed, type Locale } from '@qahwa/schema/money';
import type { PriceDisplay } from './display';

/**
 * The price's markup, with its words given by the caller: `Price` (server components, next-intl),
 * the options modal and the cart (client islands, `i18n/client`) draw the same thing. A reduced
 * price is read as "Now … Was …" (visually hidden words in the shopper's language); the eye gets
 * the new price and the old one struck through. Each amount stays on one line.
 */
export function PriceView({
  price,
  size = 'md',
  locale,
  from,
  now: nowText,
  was,
}: {
  price: PriceDisplay;
  size?: 'md' | 'lg' | 'sm';
  locale: Locale;
  /** "From {price}" for a range, with the formatted lowest price. */
  from: (now: string) => string;
  /** The screen reader's "Now {price}", given the formatted price. */
  now: (formatted: string) => string;
  /** The screen reader's "Was {price}", given the original in fils. */
  was: (originalFils: number) => string;
}) {
  const now = formatAed(price.fils, locale);
  const shown = price.isRange ? from(now) : now;
  const reduced = price.originalFils !== null;
  const nowClass =
    size === 'lg' ? 'text-2xl font-semibold' : size === 'sm' ? 'text-sm font-medium' : 'font-semibold';
  return (
    <p className="flex flex-wrap items-baseline gap-x-2" data-testid="price">
      {reduced && !price.isRange && <span className="sr-only">{nowText(now)}</span>}
      <span
        className={`whitespace-nowrap ${nowClass} ${reduced ? 'text-emerald-800' : 'text-coffee-900'}`}
        aria-hidden={reduced && !price.isRange ? true : undefined}
        data-testid="price-now"
      >
        {shown}
      </span>
      {price.originalFils !== null && (
        <>
          <span className="sr-only">{was(price.originalFils)}</span>
          <s aria-hidden="true" className="whitespace-nowrap text-sm text-coffee-600" data-testid="price-was">
            {formatAed(price.originalFils, locale)}
          </s>
        </>
      )}
    </p>
  );
}
