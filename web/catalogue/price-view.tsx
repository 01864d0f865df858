import { formatAed, type Locale } from '@qahwa/schema/money';
import type { PriceDisplay } from './display';

/**
 * The price's markup, with its words given by the caller: `Price` (server components, next-intl),
 * the options modal and the cart (client islands, `i18n/client`) draw the same thing. A reduced
 * price is read as "Now … Was …" (visually hidden words in the shopper's language); the eye gets
 * the new price and the old one struck through. Each amount stays on one line and is isolated
 * from the text around it (`Amount`): on a narrow Arabic phone the line may break between the new
 * and the old price, never inside an amount or between it and its currency.
 */
/** Where the amount goes in "From {price}", to draw it apart from the words around it. */
const MARK = '\u2063';

export function PriceView({
  price,
  size = 'md',
  locale,
  from,
  now: nowText,
  was,
  className = '',
}: {
  price: PriceDisplay;
  size?: 'md' | 'lg' | 'sm' | 'xs';
  locale: Locale;
  /** "From {price}" for a range, with the formatted lowest price. */
  from: (now: string) => string;
  /** The screen reader's "Now {price}", given the formatted price. */
  now: (formatted: string) => string;
  /** The screen reader's "Was {price}", given the original in fils. */
  was: (originalFils: number) => string;
  /** Added to the paragraph's classes (its alignment in a card or a summary line). */
  className?: string;
}) {
  const now = formatAed(price.fils, locale);
  // "From AED 45.00": the words may wrap on a narrow card, the amount never (its own piece).
  const [before = '', after = ''] = price.isRange ? from(MARK).split(MARK) : [];
  const reduced = price.originalFils !== null;
  const nowClass =
    size === 'lg'
      ? 'text-2xl font-semibold'
      : size === 'sm'
        ? 'text-sm font-medium'
        : size === 'xs'
          ? 'text-xs font-medium'
          : 'font-semibold';
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`} data-testid="price">
      {reduced && !price.isRange && <span className="sr-only">{nowText(now)}</span>}
      <span
        className={`${nowClass} ${reduced ? 'text-emerald-800' : 'text-coffee-900'}`}
        aria-hidden={reduced && !price.isRange ? true : undefined}
        data-testid="price-now"
      >
        {before}
        <bdi className="whitespace-nowrap">{now}</bdi>
        {after}
      </span>
      {price.originalFils !== null && (
        <>
          <span className="sr-only">{was(price.originalFils)}</span>
          <s
            aria-hidden="true"
            className={`whitespace-nowrap text-coffee-600 ${size === 'xs' ? 'text-xs' : 'text-sm'}`}
            data-testid="price-was"
          >
            <bdi>{formatAed(price.originalFils, locale)}</bdi>
          </s>
        </>
      )}
    </p>
  );
}

/**
 * An amount in a line of text or a summary's cell: "AED 1,234.50" / "1,234.50 د.إ" never breaks
 * (the currency stays with its number) and keeps its own direction inside Arabic text.
 */
export function Amount({
  fils,
  locale,
  className = '',
}: {
  fils: number;
  locale: Locale;
  className?: string;
}) {
  return <bdi className={`whitespace-nowrap ${className}`}>{formatAed(fils, locale)}</bdi>;
}
