'use client';

import type { Locale } from '@qahwa/schema/money';
import { bulkDiscountSchema } from '@qahwa/schema/validation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';

/**
 * SPEC 2.3 / 4: selecting rows enables this collapsible panel; Apply to Selected sets the
 * percentage (0..100) on the selected rows, then clears the selection and the input and closes.
 */
export function BulkDiscountPanel({
  count,
  busy,
  onApply,
}: {
  count: number;
  busy: boolean;
  onApply: (percent: number) => Promise<void>;
}) {
  const t = useTranslations('Variations');
  const locale = useLocale() as Locale;
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function apply(e: FormEvent) {
    e.preventDefault();
    const parsed = bulkDiscountSchema(locale).safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setError(null);
    await onApply(parsed.data);
    setValue('');
    setOpen(false);
  }

  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="bulk-discount-body"
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between gap-3 px-4 py-2 text-start text-sm font-medium text-stone-900"
      >
        <span>{t('bulkTitle')}</span>
        <span className="text-stone-600">{t('bulkSelected', { count })}</span>
      </button>
      {open ? (
        <form
          id="bulk-discount-body"
          noValidate
          onSubmit={apply}
          className="flex flex-wrap items-end gap-3 px-4 pb-3"
        >
          <div className="space-y-1">
            <label htmlFor="bulk-discount" className="block text-sm text-stone-800">
              {t('bulkPercent')}
            </label>
            <input
              id="bulk-discount"
              type="number"
              min="0"
              max="100"
              step="1"
              dir="ltr"
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'bulk-discount-error' : undefined}
              onChange={(e) => setValue(e.target.value)}
              className="w-28 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
            />
          </div>
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-coffee-700 px-4 py-2 text-sm font-medium text-white hover:bg-coffee-800 disabled:opacity-60"
          >
            {t('bulkApply')}
          </button>
          {error ? (
            <p id="bulk-discount-error" role="alert" className="w-full text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
