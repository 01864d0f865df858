'use client';

import type { Variation } from '@qahwa/schema/catalogue/product';
import {
  applyBulkDiscount,
  duplicateVariation,
  isUnsavedVariation,
  normalizePageSize,
  type PageSize,
  pageCount,
  pageOf,
  TEMP_PRODUCT_ID,
  tempVariationId,
} from '@qahwa/schema/catalogue/variation-table';
import { activeOptions } from '@qahwa/schema/contracts/variations';
import { localize } from '@qahwa/schema/messages/localized-text';
import { formatAed, type Locale, toFils } from '@qahwa/schema/money/money';
import { VARIATION_DEFAULT_PAGE_SIZE } from '@qahwa/schema/reference/constants';
import { VALIDATION_MESSAGES } from '@qahwa/schema/validation/messages';
import {
  type VariationPayload,
  variationAddSchema,
  variationConflict,
  variationEditSchema,
} from '@qahwa/schema/validation/variation-form';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DataTable, type TableState } from '../ui/data-table';
import { useToast } from '../ui/toast';
import { BulkDiscountPanel } from './bulk-discount-panel';
import { VariationAddForm } from './variation-add-form';
import { VariationPagination } from './variation-pagination';
import { VariationRow } from './variation-row';
import { draftOf, type Lookups, localRow, payloadOf, type VariationDraft } from './variation-rows';
import { isStaleEdit, variationFailure, variationsApi } from './variations-api';

const msg = (code: keyof typeof VALIDATION_MESSAGES, locale: Locale) =>
  localize(VALIDATION_MESSAGES[code], locale);
let tempCounter = 0;
const nextTempId = () => tempVariationId(`${Date.now()}_${++tempCounter}`);

/**
 * SPEC 2.3's variations editor, for bo1's product form and the /backend/variation page. With a
 * `productId`, add, update and remove call the server (SPEC 7); without one (a product not yet
 * saved), or for temp rows, changes stay here and the parent hears of every change through
 * `onChange` (SPEC 4). Saved rows carry their version: a save on a row someone else changed is
 * refused by the server and the table reloads (docs/admin-catalogue.md).
 */
export function VariationsEditor({
  productId,
  initialVariations,
  canEdit = true,
  onChange,
}: {
  productId: string | null;
  initialVariations?: Variation[];
  canEdit?: boolean;
  onChange?: (rows: Variation[]) => void;
}) {
  const t = useTranslations('Variations');
  const locale = useLocale() as Locale;
  const toast = useToast();
  const [lookups, setLookups] = useState<Lookups>({ sizes: [], types: [], beans: [] });
  const [lookupErrors, setLookupErrors] = useState<string[]>([]);
  const [rows, setRows] = useState<Variation[]>(initialVariations ?? []);
  const [state, setState] = useState<TableState>(
    productId ? { status: 'loading' } : { status: 'ready', empty: (initialVariations ?? []).length === 0 },
  );
  const [editing, setEditing] = useState<{ id: string; draft: VariationDraft } | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(normalizePageSize(VARIATION_DEFAULT_PAGE_SIZE));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initialRef = useRef(initialVariations);

  // SPEC 7: the lookup lists, only active items kept; each failure has its own red banner (SPEC 8).
  useEffect(() => {
    let live = true;
    const load = async <T extends { isActive: boolean }>(call: () => Promise<T[]>, failure: string) =>
      call().then(
        (items) => ({ items: activeOptions(items), failure: null }),
        () => ({ items: [] as T[], failure }),
      );
    void Promise.all([
      load(variationsApi.sizes, msg('variation.sizesLoadFailed', locale)),
      load(variationsApi.types, msg('variation.typesLoadFailed', locale)),
      load(variationsApi.beans, msg('variation.beansLoadFailed', locale)),
    ]).then(([sizes, types, beans]) => {
      if (!live) return;
      setLookups({ sizes: sizes.items, types: types.items, beans: beans.items });
      setLookupErrors([sizes.failure, types.failure, beans.failure].filter((f): f is string => f !== null));
    });
    return () => {
      live = false;
    };
  }, [locale]);

  const reload = useCallback(async () => {
    if (!productId) return;
    setState({ status: 'loading' });
    try {
      const list = await variationsApi.list(productId);
      setRows((current) => [...list, ...current.filter(isUnsavedVariation)]);
      setState({ status: 'ready', empty: list.length === 0 });
    } catch {
      // SPEC 7: on failure the initial variations are used if any, otherwise an error is shown.
      const initial = initialRef.current ?? [];
      if (initial.length > 0) {
        setRows(initial);
        setState({ status: 'ready', empty: false });
      } else {
        setState({
          status: 'error',
          message: msg('variation.loadFailed', locale),
          retry: () => void reload(),
          retryLabel: t('retry'),
        });
      }
    }
  }, [productId, locale, t]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // SPEC 4: changes to the list are reported to the parent.
  const firstReport = useRef(true);
  useEffect(() => {
    if (firstReport.current) {
      firstReport.current = false;
      return;
    }
    onChangeRef.current?.(rows);
  }, [rows]);

  // SPEC 4: changing the page size or the list's length clears the selection and returns to page 1.
  const length = rows.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's length is the trigger, not a value read
  useEffect(() => {
    setSelected(new Set());
    setPage(1);
  }, [length, pageSize]);

  const pages = pageCount(rows.length, pageSize);
  const current = Math.min(page, pages);
  const visible = useMemo(() => pageOf(rows, current, pageSize), [rows, current, pageSize]);
  const remote = (v: Pick<Variation, 'id'>) => productId !== null && !isUnsavedVariation(v);

  function conflictOf(candidate: VariationPayload & { id?: string }): string | null {
    const code = variationConflict(rows, candidate);
    return code ? msg(code, locale) : null;
  }

  async function add(payload: VariationPayload): Promise<string | null> {
    if (!lookups.sizes.some((s) => s.id === payload.sizeId)) return msg('variation.sizeNotFound', locale);
    const conflict = conflictOf(payload);
    if (conflict) return conflict;
    if (!productId) {
      setRows((all) => [...all, localRow(nextTempId(), TEMP_PRODUCT_ID, payload, lookups)]);
      return null;
    }
    try {
      const created = await variationsApi.create(productId, payload);
      setRows((all) => [...all, created]);
      setState({ status: 'ready', empty: false });
      toast.success(t('added'));
      return null;
    } catch (err) {
      return variationFailure(err, 'add', locale);
    }
  }

  async function save() {
    if (!editing) return;
    const row = rows.find((r) => r.id === editing.id);
    if (!row) return;
    const parsed = variationEditSchema(locale).safeParse(editing.draft);
    if (!parsed.success) {
      // SPEC 5: 'Weight is required' and 'Valid price is required' appear as alerts.
      setAlert(parsed.error.issues.map((i) => i.message).join(' '));
      return;
    }
    const payload = parsed.data;
    if (!lookups.sizes.some((s) => s.id === payload.sizeId) && payload.sizeId !== row.sizeId) {
      setAlert(msg('variation.sizeNotFound', locale));
      return;
    }
    const conflict = conflictOf({ ...payload, id: row.id });
    if (conflict) {
      setAlert(conflict);
      return;
    }
    if (!remote(row)) {
      setRows((all) =>
        all.map((r) => (r.id === row.id ? localRow(row.id, row.productId, payload, lookups) : r)),
      );
      setEditing(null);
      setAlert(null);
      return;
    }
    setBusy(true);
    try {
      const updated = await variationsApi.update(row.id, row.version ?? 1, payload);
      setRows((all) => all.map((r) => (r.id === row.id ? updated : r)));
      setEditing(null);
      setAlert(null);
      toast.success(t('updated'));
    } catch (err) {
      if (isStaleEdit(err)) {
        // Someone else saved first: show their values, keep nothing of ours silently.
        setAlert((err as Error).message);
        setEditing(null);
        await reload();
      } else {
        setAlert(variationFailure(err, 'update', locale));
      }
    } finally {
      setBusy(false);
    }
  }

  async function remove(row: Variation) {
    setAlert(null);
    if (!remote(row)) {
      setRows((all) => all.filter((r) => r.id !== row.id));
      return;
    }
    setBusy(true);
    try {
      await variationsApi.remove(row.id);
      setRows((all) => all.filter((r) => r.id !== row.id));
      toast.success(t('removed'));
    } catch (err) {
      // SPEC 8: 'Failed to delete variation'; the row stays. The server's reason follows.
      const reason = err instanceof Error && err.message ? ` ${err.message}` : '';
      setAlert(`${msg('variation.deleteFailed', locale)}.${reason}`);
    } finally {
      setBusy(false);
    }
  }

  /** A temp row in an editor with a product id: POST it, and it becomes a saved row. */
  async function persist(row: Variation) {
    if (!productId) return;
    setBusy(true);
    try {
      const created = await variationsApi.create(productId, payloadOf(row));
      setRows((all) => all.map((r) => (r.id === row.id ? created : r)));
      setAlert(null);
      toast.success(t('added'));
    } catch (err) {
      setAlert(variationFailure(err, 'add', locale));
    } finally {
      setBusy(false);
    }
  }

  async function bulkDiscount(percent: number) {
    const changed = applyBulkDiscount(rows, selected, percent);
    const targets = changed.filter((r) => selected.has(r.id));
    setBusy(true);
    const failures: string[] = [];
    const saved = new Map<string, Variation>();
    for (const row of targets) {
      if (!remote(row)) {
        saved.set(row.id, row);
        continue;
      }
      try {
        saved.set(row.id, await variationsApi.update(row.id, row.version ?? 1, payloadOf(row)));
      } catch (err) {
        failures.push(isStaleEdit(err) ? (err as Error).message : variationFailure(err, 'update', locale));
      }
    }
    setRows((all) => all.map((r) => saved.get(r.id) ?? r));
    setBusy(false);
    setSelected(new Set());
    if (failures.length > 0) {
      setAlert([...new Set(failures)].join(' '));
      await reload();
    } else {
      toast.success(t('discountApplied', { count: saved.size }));
    }
  }

  function duplicate(row: Variation) {
    setRows((all) => [...all, duplicateVariation(row, `${Date.now()}_${++tempCounter}`)]);
  }

  function toggleSelected(id: string) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

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
  const tableState: TableState =
    state.status === 'ready' ? { status: 'ready', empty: rows.length === 0 } : state;

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
        <VariationAddForm lookups={lookups} schema={variationAddSchema(locale)} onAdd={add} />
      ) : null}
      {alert ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-md border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800"
        >
          <p className="flex-1">{alert}</p>
          <button type="button" className="text-red-900 underline" onClick={() => setAlert(null)}>
            {t('dismiss')}
          </button>
        </div>
      ) : null}
      {canEdit && selected.size > 0 ? (
        <BulkDiscountPanel count={selected.size} busy={busy} onApply={bulkDiscount} />
      ) : null}
      <DataTable
        caption={t('caption')}
        columns={columns}
        state={tableState}
        loadingLabel={t('loading')}
        empty={{ title: msg('variation.empty', locale) }}
      >
        {visible.map((row) => (
          <VariationRow
            key={row.id}
            row={row}
            locale={locale}
            lookups={lookups}
            canEdit={canEdit}
            busy={busy}
            selected={selected.has(row.id)}
            unsaved={productId !== null && isUnsavedVariation(row)}
            draft={editing?.id === row.id ? editing.draft : null}
            price={formatAed(toFils(row.price), locale)}
            onSelect={() => toggleSelected(row.id)}
            onEdit={() => {
              setAlert(null);
              setEditing({ id: row.id, draft: draftOf(row) });
            }}
            onDraft={(draft) => setEditing({ id: row.id, draft })}
            onSave={() => void save()}
            onCancel={() => {
              setEditing(null);
              setAlert(null);
            }}
            onDuplicate={() => duplicate(row)}
            onRemove={() => void remove(row)}
            onPersist={() => void persist(row)}
          />
        ))}
      </DataTable>
      {rows.length > 0 ? (
        <VariationPagination
          page={current}
          pages={pages}
          pageSize={pageSize}
          onPage={(p) => {
            setSelected(new Set());
            setPage(p);
          }}
          onPageSize={(s) => setPageSize(s)}
        />
      ) : null}
    </section>
  );
}
