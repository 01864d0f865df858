import type { Variation } from '@qahwa/schema/catalogue';
import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ar from '@/messages/ar';
import en from '@/messages/en';
import { VariationRow } from '@/variations/variation-row';

/* The variations editor's waiting count (docs/back-in-stock.md): staff see who waits for a sold-out row. */
const row: Variation = {
  id: 'v-1',
  productId: 'p-1',
  sizeId: 's-1',
  size: { displayName: '250 g', displayNameAr: '250 غ', isActive: true },
  typeId: null,
  type: null,
  beansId: null,
  beans: null,
  price: 65,
  discount: 0,
  discountType: 'PERCENTAGE',
  sku: 'ETH-250',
  stockQuantity: 0,
  isActive: true,
  imageUrl: null,
};

function stockCell(locale: 'en' | 'ar', waiting: number): string {
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'ar' ? ar : en} timeZone="Asia/Dubai">
      <table>
        <tbody>
          <VariationRow
            row={row}
            locale={locale}
            lookups={{ sizes: [], types: [], beans: [] }}
            canEdit
            busy={false}
            selected={false}
            unsaved={false}
            draft={null}
            price="AED 65.00"
            waiting={waiting}
            onSelect={() => {}}
            onEdit={() => {}}
            onDraft={() => {}}
            onSave={() => {}}
            onCancel={() => {}}
            onDuplicate={() => {}}
            onRemove={() => {}}
            onPersist={() => {}}
          />
        </tbody>
      </table>
    </NextIntlClientProvider>,
  );
  return /<td[^>]*>0(.*?)<\/td>/.exec(html)?.[0] ?? '';
}

describe('the waiting count in the variations editor', () => {
  it('shows how many shoppers wait beside the stock, in English and Arabic', () => {
    expect(stockCell('en', 3)).toContain('3 waiting');
    expect(stockCell('en', 3)).toContain('title="Shoppers waiting for the back-in-stock e-mail"');
    expect(stockCell('ar', 3)).toContain('3 ينتظرون');
    expect(stockCell('ar', 1)).toContain('شخص واحد ينتظر');
  });

  it('shows nothing when nobody waits', () => {
    expect(stockCell('en', 0)).not.toContain('waiting');
  });
});
