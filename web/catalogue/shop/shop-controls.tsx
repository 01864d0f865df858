'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useRef } from 'react';
import { useTranslations } from '@/i18n/client';
import { parseShopState, type ShopState, shopHref } from './shop-state';

/**
 * Search, sort and filters as one GET form: it works before the script loads (a plain form
 * submit). Once hydrated, a submit navigates on the client to the state's clean URL (defaults
 * and empty fields left out, see shopHref) and pushes a history entry, so the back button
 * returns to the previous list. Sort and filters apply as soon as they change.
 */
export function ShopControls({
  action,
  state,
  sorts,
}: {
  action: string;
  state: ShopState;
  sorts: { value: string; label: string }[];
}) {
  const t = useTranslations('Shop');
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const submit = () => form.current?.requestSubmit();
  const navigate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = parseShopState(Object.fromEntries([...data.entries()].map(([k, v]) => [k, String(v)])));
    router.push(shopHref(action, next, { page: 1 }));
  };
  return (
    // The form itself is the named search landmark (found by role and name); a <search> wrapper
    // would only add an element around it.
    // biome-ignore lint/a11y/useSemanticElements: role=search on the form is the equivalent of <search>.
    <form
      ref={form}
      action={action}
      method="get"
      onSubmit={navigate}
      role="search"
      aria-label={t('searchLabel')}
      className="flex flex-col gap-3 rounded-xl border border-coffee-100 bg-white p-3 shadow-sm sm:flex-row sm:flex-wrap sm:items-end"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor="shop-q" className="text-xs font-medium text-coffee-700">
          {t('searchLabel')}
        </label>
        <div className="flex gap-2">
          <input
            id="shop-q"
            type="search"
            name="q"
            defaultValue={state.q}
            maxLength={100}
            placeholder={t('searchPlaceholder')}
            enterKeyHint="search"
            className="min-w-0 flex-1 rounded-lg border border-coffee-200 bg-coffee-50 px-3 py-2 text-base text-coffee-950 placeholder:text-coffee-500 focus:border-coffee-600 focus:outline-none"
          />
          <button
            type="submit"
            className="rounded-lg bg-coffee-800 px-4 py-2 text-sm font-semibold text-white hover:bg-coffee-900"
          >
            {t('searchButton')}
          </button>
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="shop-sort" className="text-xs font-medium text-coffee-700">
          {t('sortLabel')}
        </label>
        <select
          id="shop-sort"
          name="sort"
          defaultValue={state.sort}
          onChange={submit}
          className="rounded-lg border border-coffee-200 bg-coffee-50 px-3 py-2 text-base text-coffee-950"
        >
          {sorts.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2 pb-2">
        <legend className="sr-only">{t('filters')}</legend>
        <label className="inline-flex items-center gap-2 text-sm text-coffee-900">
          <input
            type="checkbox"
            name="sale"
            value="1"
            defaultChecked={state.sale}
            onChange={submit}
            className="h-4 w-4 accent-coffee-800"
          />
          {t('onSale')}
        </label>
        <label className="inline-flex items-center gap-2 text-sm text-coffee-900">
          <input
            type="checkbox"
            name="stock"
            value="1"
            defaultChecked={state.inStock}
            onChange={submit}
            className="h-4 w-4 accent-coffee-800"
          />
          {t('inStock')}
        </label>
      </fieldset>
    </form>
  );
}
