import { formatAed } from '@qahwa/schema/money';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Amount, PriceView } from '@/catalogue/price-view';

/** The pieces a line may not break: each isolated amount in an element that does not wrap. */
const unbreakable = (html: string) =>
  [
    ...html.matchAll(
      /<bdi class="whitespace-nowrap[^"]*">([^<]*)<\/bdi>|<s [^>]*class="whitespace-nowrap[^"]*"[^>]*><bdi>([^<]*)<\/bdi><\/s>/g,
    ),
  ].map((m) => m[1] ?? m[2]);

function view(locale: 'en' | 'ar', price: { fils: number; originalFils: number | null; isRange: boolean }) {
  return renderToStaticMarkup(
    <PriceView
      price={price}
      locale={locale}
      from={(now) => (locale === 'ar' ? `من ${now}` : `From ${now}`)}
      now={(now) => `Now ${now}`}
      was={(fils) => `Was ${formatAed(fils, locale)}`}
    />,
  );
}

describe('a price on a narrow phone', () => {
  it('keeps each amount whole — the new one and the struck old one — in both languages', () => {
    for (const locale of ['en', 'ar'] as const) {
      const html = view(locale, { fils: 89_10, originalFils: 165_00, isRange: false });
      expect(unbreakable(html)).toEqual([formatAed(89_10, locale), formatAed(165_00, locale)]);
    }
  });

  it('lets "From" wrap apart from a range’s amount, never the amount itself', () => {
    const en = view('en', { fils: 45_00, originalFils: null, isRange: true });
    expect(unbreakable(en)).toEqual(['AED 45.00']);
    expect(en).toContain('From <bdi');
    const ar = view('ar', { fils: 45_00, originalFils: null, isRange: true });
    expect(unbreakable(ar)).toEqual(['45.00 د.إ']);
    expect(ar).toContain('من <bdi');
  });

  it('draws a summary’s amount as one piece', () => {
    expect(unbreakable(renderToStaticMarkup(<Amount fils={1_234_50} locale="ar" />))).toEqual([
      formatAed(1_234_50, 'ar'),
    ]);
  });
});
