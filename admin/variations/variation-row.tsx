'use client';

import type { Variation } from '@qahwa/schema/catalogue';
import type { Locale } from '@qahwa/schema/money';
import { useTranslations } from 'next-intl';
import { cloneElement, useState } from 'react';
import { adminImageSrc } from '@/lib/image-src';
import { localName, variationControls } from './variation-controls';
import type { Lookups, VariationDraft } from './variation-rows';

// Tight enough that the eleven columns fit beside the menu on a 1366 px screen; narrower, the
// table scrolls inside its card (DataTable's overflow).
const cell = 'px-2 py-2 align-middle xl:px-3';
const field = 'w-full min-w-20 rounded border border-stone-300 bg-white px-2 py-1 text-sm';
const action = 'rounded px-1.5 py-1 text-sm font-medium hover:bg-stone-100 disabled:opacity-50';

/**
 * One row of SPEC 2.3's table, displayed or edited inline (SPEC 4): Edit loads its values, Save
 * commits, Cancel discards; the status toggles between Active and Inactive in edit mode.
 */
export function VariationRow({
  row,
  locale,
  lookups,
  canEdit,
  busy,
  selected,
  unsaved,
  draft,
  price,
  waiting = 0,
  onSelect,
  onEdit,
  onDraft,
  onSave,
  onCancel,
  onDuplicate,
  onRemove,
  onPersist,
  error = null,
}: {
  row: Variation;
  locale: Locale;
  lookups: Lookups;
  canEdit: boolean;
  busy: boolean;
  selected: boolean;
  unsaved: boolean;
  draft: VariationDraft | null;
  price: string;
  /** Shoppers waiting for this variation's back-in-stock e-mail. */
  waiting?: number;
  onSelect: () => void;
  onEdit: () => void;
  onDraft: (d: VariationDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  onDuplicate: () => void;
  onRemove: () => void;
  onPersist: () => void;
  /** Why the server refused this row (a new product's row, sent with it). */
  error?: string | null;
}) {
  const t = useTranslations('Variations');
  const name = row.sku || localName(locale, row.size.displayName, row.size.displayNameAr);
  const set = (patch: Partial<VariationDraft>) => draft && onDraft({ ...draft, ...patch });
  const status = (active: boolean) => (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${active ? 'bg-emerald-100 text-emerald-800' : 'bg-stone-200 text-stone-700'}`}
    >
      {active ? t('active') : t('inactive')}
    </span>
  );

  if (draft) {
    return (
      <tr className="bg-amber-50/50">
        <td className={cell} />
        {variationControls({ draft, set, lookups, locale, t, className: field }).map((c) => (
          <td key={c.key} className={cell}>
            {cloneElement(c.control, { 'aria-label': c.label })}
          </td>
        ))}
        <td className={cell}>
          <Thumb url={draft.imageUrl || null} alt={t('imageAlt')} />
        </td>
        <td className={cell}>
          <button
            type="button"
            aria-pressed={draft.isActive}
            onClick={() => set({ isActive: !draft.isActive })}
            aria-label={t('toggleStatus')}
            className="rounded-full"
          >
            {status(draft.isActive)}
          </button>
        </td>
        <td className={`${cell} whitespace-nowrap`}>
          <button type="button" className={`${action} text-coffee-800`} disabled={busy} onClick={onSave}>
            {t('save')}
          </button>
          <button type="button" className={`${action} text-stone-700`} disabled={busy} onClick={onCancel}>
            {t('cancel')}
          </button>
        </td>
      </tr>
    );
  }

  const errorId = `variation-error-${row.id}`;
  const shown = (
    <tr
      className={error ? 'bg-red-50 outline outline-2 -outline-offset-2 outline-red-400' : undefined}
      data-refused={error ? 'true' : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <td className={cell}>
        {canEdit ? (
          <input
            type="checkbox"
            checked={selected}
            onChange={onSelect}
            aria-label={t('selectRow', { name })}
            className="size-4"
          />
        ) : null}
      </td>
      <td className={`${cell} whitespace-nowrap font-medium text-stone-900`}>
        {localName(locale, row.size.displayName, row.size.displayNameAr)}
      </td>
      <td className={cell}>{row.type ? localName(locale, row.type.name, row.type.nameAr) : '—'}</td>
      <td className={cell}>{row.beans ? localName(locale, row.beans.name, row.beans.nameAr) : '—'}</td>
      <td className={`${cell} whitespace-nowrap`}>
        <span dir="ltr">{price}</span>
      </td>
      <td className={cell}>
        <span dir="ltr">{row.discount > 0 ? `${Math.round(row.discount * 10000) / 100}%` : '—'}</span>
      </td>
      <td className={`${cell} max-w-36 truncate text-xs`} title={row.sku ?? undefined}>
        <span dir="ltr">{row.sku ?? '—'}</span>
        {unsaved ? (
          <span className="ms-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
            {t('unsaved')}
          </span>
        ) : null}
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        {row.stockQuantity}
        {waiting > 0 ? (
          <span
            title={t('waitingTitle')}
            data-waiting={waiting}
            className="ms-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
          >
            {t('waiting', { count: waiting })}
          </span>
        ) : null}
      </td>
      <td className={cell}>
        <Thumb url={row.imageUrl} alt={t('imageAlt')} />
      </td>
      <td className={cell}>{status(row.isActive)}</td>
      <td className={`${cell} whitespace-nowrap`}>
        {canEdit ? (
          // Stacked below 1536 px, in a line above: the actions never push the table wider.
          <div className="flex flex-col items-start 2xl:flex-row 2xl:items-center">
            <button
              type="button"
              className={`${action} text-coffee-800`}
              disabled={busy}
              onClick={onEdit}
              aria-label={t('editRow', { name })}
            >
              {t('edit')}
            </button>
            <button
              type="button"
              className={`${action} text-stone-700`}
              disabled={busy}
              onClick={onDuplicate}
              aria-label={t('duplicateRow', { name })}
            >
              {t('duplicate')}
            </button>
            <button
              type="button"
              className={`${action} text-red-700`}
              disabled={busy}
              onClick={onRemove}
              aria-label={t('removeRow', { name })}
            >
              {t('remove')}
            </button>
            {unsaved ? (
              <button
                type="button"
                className={`${action} text-emerald-800`}
                disabled={busy}
                onClick={onPersist}
              >
                {t('saveToProduct')}
              </button>
            ) : null}
          </div>
        ) : null}
      </td>
    </tr>
  );
  if (!error) return shown;
  return (
    <>
      {shown}
      <tr className="bg-red-50">
        <td colSpan={11} className="px-3 pb-2 text-sm text-red-800">
          <p id={errorId} role="alert">
            {t('rowRefused', { reason: error })}
          </p>
        </td>
      </tr>
    </>
  );
}

/** SPEC 8: an image that fails to load shows a placeholder, not a broken picture. */
function Thumb({ url, alt }: { url: string | null; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) {
    return <span aria-hidden="true" className="block size-10 rounded bg-stone-100" />;
  }
  return (
    // biome-ignore lint/performance/noImgElement: an uploaded picture of any host, shown as is
    <img
      src={adminImageSrc(url)}
      alt={alt}
      onError={() => setFailed(url)}
      className="size-10 rounded object-cover"
    />
  );
}
