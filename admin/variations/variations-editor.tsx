'use client';

import type { Variation } from '@qahwa/schema/catalogue';
import { formatAed, type Locale, toFils } from '@qahwa/schema/money';
import { variationAddSchema } from '@qahwa/schema/validation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { DataTable } from '@/ui/data-table';
import { useLeaveGuard } from '@/ui/use-leave-guard';
import { BulkDiscountPanel } from './bulk-discount-panel';
import { useVariationLookups } from './use-variation-lookups';
import { useVariationRows } from './use-variation-rows';
import { useWaitingCounts } from './use-waiting-counts';
import { VariationAddForm } from './variation-add-form';
import { VariationPagination } from './variation-pagination';
import { VariationRow } from './variation-row';
import { variationMessage } from './variation-rows-reducer';

/**
 * SPEC 2.3's variations editor, for bo1's product form and the /backend/variation page: the
 * lookups' banners, the add form, the bulk discount panel, the table and its pages. The rows, local
 * for a product not yet saved or the server's for a saved one, are `useVariationRows`'.
 */
export function VariationsEditor({
  productId,
  initialVariations,
  canEdit = true,
  onChange,
  onUnsavedChange,
  rowErrors,
}: {
  productId: string | null;
  initialVariations?: Variation[];
  canEdit?: boolean;
  onChange?: (rows: Variation[]) => void;
  /**
   * How many rows exist only here (every row of a product not created yet; a duplicate not yet
   * saved to a saved product), as it changes, with the question to ask before leaving them.
   */
  onUnsavedChange?: (count: number, leaveMessage: string) => void;
  /** The server's refusal of a row, by row id (a new product's rows, sent with it). */
  rowErrors?: Readonly<Record<string, string>>;
}) {
  const t = useTranslations('Variations');
  const locale = useLocale() as Locale;
  const { lookups, lookupErrors } = useVariationLookups(locale);
  const v = useVariationRows({ productId, initialVariations, onChange, lookups, locale });
  // A duplicate of a saved product's row lives only in this page until "Save to product", and
  // a product not created yet has all its rows here until it is: leaving would lose them without
  // a word, so the page says so and asks before leaving.
  const unsavedCount = productId ? v.rows.filter((r) => v.unsaved(r)).length : v.rows.length;
  const unsavedMessage = productId
    ? t('unsavedLeave', { count: unsavedCount })
    : t('unsavedLeaveNew', { count: unsavedCount });
  useLeaveGuard(unsavedCount > 0, unsavedMessage);
  useEffect(
    () => onUnsavedChange?.(unsavedCount, unsavedMessage),
    [onUnsavedChange, unsavedCount, unsavedMessage],
  );
  // A refused row may be on another page of the table: show the first one.
  const firstRefused = rowErrors ? v.rows.findIndex((r) => rowErrors[r.id]) : -1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new refusal is the trigger; goToPage changes every render
  useEffect(() => {
    if (firstRefused >= 0) v.goToPage(Math.floor(firstRefused / v.pageSize) + 1);
  }, [firstRefused, rowErrors]);
  // Shoppers waiting for a back-in-stock e-mail, per saved variation (docs/back-in-stock.md).
  const waiting = useWaitingCounts(productId, v.rows.map((r) => `${r.id}:${r.stockQuantity}`).join(','));

  const columns = [
    { key: 'select', header: <span className="sr-only">{t('select')}</span> },
    { key: 'weight', header: t('weight') },
    { key: 'additions', header: t('additions') },
    { key: 'beans', header: t('beans') },
    { key: 'price', header: t('price') },
    { key: 'discount', header: t('discount') },
    { key: 'sku', header: t('sku') },
    { key: 'stock', header: t('stock') },
    { key: 'image', header: t('image') },
    { key: 'status', header: t('status') },
    { key: 'actions', header: t('actions') },
  ];

  return (
    <section aria-labelledby="variations-heading" className="space-y-4">
      <h2 id="variations-heading" className="text-lg font-semibold text-stone-900">
        {t('heading')}
      </h2>
      {lookupErrors.map((e) => (
        <p
          key={e}
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800"
        >
          {e}
        </p>
      ))}
      {!productId ? <p className="text-sm text-stone-600">{t('localNote')}</p> : null}
      {canEdit ? (
        <VariationAddForm lookups={lookups} schema={variationAddSchema(locale)} onAdd={v.add} />
      ) : null}
      {v.alert ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-md border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800"
        >
          <p className="flex-1">{v.alert}</p>
          <button type="button" className="text-red-900 underline" onClick={v.dismissAlert}>
            {t('dismiss')}
          </button>
        </div>
      ) : null}
      {productId && unsavedCount > 0 ? (
        <p
          role="status"
          data-testid="variations-unsaved"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          {t('unsavedNotice', { count: unsavedCount })}
        </p>
      ) : null}
      {canEdit && v.selected.size > 0 ? (
        <BulkDiscountPanel count={v.selected.size} busy={v.busy} onApply={v.bulkDiscount} />
      ) : null}
      <DataTable
        caption={t('caption')}
        columns={columns}
        headers="compact"
        state={v.tableState}
        loadingLabel={t('loading')}
        empty={{ title: variationMessage('variation.empty', locale) }}
      >
        {v.visible.map((row) => (
          <VariationRow
            key={row.id}
            row={row}
            locale={locale}
            lookups={lookups}
            canEdit={canEdit}
            busy={v.busy}
            selected={v.selected.has(row.id)}
            unsaved={v.unsaved(row)}
            error={rowErrors?.[row.id] ?? null}
            draft={v.editing?.id === row.id ? v.editing.draft : null}
            price={formatAed(toFils(row.price), locale)}
            waiting={waiting.get(row.id) ?? 0}
            onSelect={() => v.toggleSelected(row.id)}
            onEdit={() => v.edit(row)}
            onDraft={(draft) => v.draft(row.id, draft)}
            onSave={() => void v.save()}
            onCancel={v.cancelEdit}
            onDuplicate={() => v.duplicate(row)}
            onRemove={() => void v.remove(row)}
            onPersist={() => void v.persist(row)}
          />
        ))}
      </DataTable>
      {v.rows.length > 0 ? (
        <VariationPagination
          page={v.page}
          pages={v.pages}
          pageSize={v.pageSize}
          onPage={v.goToPage}
          onPageSize={(s) => v.setPageSize(s)}
        />
      ) : null}
    </section>
  );
}
