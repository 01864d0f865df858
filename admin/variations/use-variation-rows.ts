import type { Variation } from '@qahwa/schema/catalogue';
import {
  applyBulkDiscount,
  isUnsavedVariation,
  normalizePageSize,
  type PageSize,
  pageCount,
  pageOf,
  TEMP_PRODUCT_ID,
} from '@qahwa/schema/catalogue';
import type { Locale } from '@qahwa/schema/money';
import { VARIATION_DEFAULT_PAGE_SIZE } from '@qahwa/schema/reference';
import { type VariationPayload, variationConflict, variationEditSchema } from '@qahwa/schema/validation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { TableState } from '@/ui/data-table';
import { useToast } from '@/ui/toast';
import { draftOf, type Lookups, localRow, payloadOf, type VariationDraft } from './variation-rows';
import { duplicateRow, variationMessage as msg, nextTempId, rowsReducer } from './variation-rows-reducer';
import { isStaleEdit, variationFailure, variationsApi } from './variations-api';

/**
 * The variations editor's rows and what staff do to them. With a `productId`, add, update and
 * remove call the server (SPEC 7); without one (a product not yet saved), or for temp rows,
 * changes stay here and the parent hears of every change through `onChange` (SPEC 4). Saved rows
 * carry their version: a save on a row someone else changed is refused by the server and the
 * table reloads (docs/admin-catalogue.md). Also the row being edited, the selection, the page.
 */
export function useVariationRows({
  productId,
  initialVariations,
  onChange,
  lookups,
  locale,
}: {
  productId: string | null;
  initialVariations?: Variation[];
  onChange?: (rows: Variation[]) => void;
  lookups: Lookups;
  locale: Locale;
}) {
  const t = useTranslations('Variations');
  const toast = useToast();
  const [rows, dispatch] = useReducer(rowsReducer, initialVariations ?? []);
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

  const reload = useCallback(async () => {
    if (!productId) return;
    setState({ status: 'loading' });
    try {
      const list = await variationsApi.list(productId);
      dispatch({ type: 'loaded', list });
      setState({ status: 'ready', empty: list.length === 0 });
    } catch {
      // SPEC 7: on failure the initial variations are used if any, otherwise an error is shown.
      const initial = initialRef.current ?? [];
      if (initial.length > 0) {
        dispatch({ type: 'reset', rows: initial });
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
      dispatch({ type: 'added', row: localRow(nextTempId(), TEMP_PRODUCT_ID, payload, lookups) });
      return null;
    }
    try {
      const created = await variationsApi.create(productId, payload);
      dispatch({ type: 'added', row: created });
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
      dispatch({ type: 'replaced', id: row.id, row: localRow(row.id, row.productId, payload, lookups) });
      setEditing(null);
      setAlert(null);
      return;
    }
    setBusy(true);
    try {
      const updated = await variationsApi.update(row.id, row.version ?? 1, payload);
      dispatch({ type: 'replaced', id: row.id, row: updated });
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
      dispatch({ type: 'removed', id: row.id });
      return;
    }
    setBusy(true);
    try {
      await variationsApi.remove(row.id);
      dispatch({ type: 'removed', id: row.id });
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
      dispatch({ type: 'replaced', id: row.id, row: created });
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
    dispatch({ type: 'saved', rows: saved });
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
    dispatch({ type: 'added', row: duplicateRow(row) });
  }

  function toggleSelected(id: string) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const tableState: TableState =
    state.status === 'ready' ? { status: 'ready', empty: rows.length === 0 } : state;

  return {
    rows,
    visible,
    tableState,
    editing,
    alert,
    busy,
    selected,
    page: current,
    pages,
    pageSize,
    add,
    save,
    remove,
    persist,
    bulkDiscount,
    duplicate,
    toggleSelected,
    /** A temp row in an editor whose product is saved: not on the server yet. */
    unsaved: (row: Variation) => productId !== null && isUnsavedVariation(row),
    edit: (row: Variation) => {
      setAlert(null);
      setEditing({ id: row.id, draft: draftOf(row) });
    },
    draft: (id: string, draft: VariationDraft) => setEditing({ id, draft }),
    cancelEdit: () => {
      setEditing(null);
      setAlert(null);
    },
    dismissAlert: () => setAlert(null),
    goToPage: (p: number) => {
      setSelected(new Set());
      setPage(p);
    },
    setPageSize,
  };
}
