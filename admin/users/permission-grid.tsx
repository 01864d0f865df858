'use client';

import { useTranslations } from 'next-intl';

export interface GridRow {
  module: string;
  canView: boolean;
  canEdit: boolean;
}

/** One section of the back office as the grid names it (the menu's label, in the page's language). */
export interface GridModule {
  id: string;
  label: string;
}

/** Every module in menu order, with what `permissions` grants (missing = nothing). */
export function gridFrom(
  modules: readonly GridModule[],
  permissions: readonly { module: string; canView: boolean; canEdit?: boolean }[],
): GridRow[] {
  return modules.map(({ id }) => {
    const canEdit = permissions.some((p) => p.module === id && p.canEdit === true);
    const canView = canEdit || permissions.some((p) => p.module === id && p.canView);
    return { module: id, canView, canEdit };
  });
}

/** What the gateway stores: only the modules granted at all (edit implies view, as in `can`). */
export function permissionsFrom(rows: readonly GridRow[]) {
  return rows.filter((r) => r.canView || r.canEdit).map((r) => ({ ...r, canView: true }));
}

/**
 * The per-module view/edit grid (the permission model of docs/admin.md) as a real table of checkboxes, each
 * named for a screen reader ("Edit Orders"). Ticking edit ticks view and holds it: edit implies
 * view, the rule `can` applies on the server. For an administrator the grid is shown but off.
 */
export function PermissionGrid({
  modules,
  rows,
  onChange,
  disabled,
  isAdmin,
  grantable,
}: {
  modules: readonly GridModule[];
  rows: readonly GridRow[];
  onChange: (rows: GridRow[]) => void;
  disabled?: boolean;
  isAdmin: boolean;
  /**
   * What the signed-in member of staff may tick (schema's `mayGrant`): they give only access they
   * hold themselves, so the other boxes are shown but off. Everything when absent (an ADMIN).
   */
  grantable?: (module: string, action: 'view' | 'edit') => boolean;
}) {
  const t = useTranslations('PermissionGrid');
  const off = disabled || isAdmin;
  const may = (module: string, action: 'view' | 'edit') => grantable?.(module, action) ?? true;
  const limited = !off && modules.some(({ id }) => !may(id, 'view') || !may(id, 'edit'));
  const set = (module: string, change: Partial<GridRow>) =>
    onChange(
      rows.map((r) => {
        if (r.module !== module) return r;
        const next = { ...r, ...change };
        if (change.canEdit) next.canView = true;
        if (change.canView === false) next.canEdit = false;
        return next;
      }),
    );
  const cell = 'px-4 py-2 text-center';
  const box = 'size-4 rounded border-stone-400 text-coffee-800 accent-coffee-800 disabled:opacity-50';
  return (
    <div className="space-y-2">
      <p className="text-sm text-stone-600">
        {isAdmin ? t('adminNote') : `${t('dashboard')} ${t('editImpliesView')}`}
      </p>
      {limited ? <p className="text-sm text-stone-600">{t('onlyYours')}</p> : null}
      <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
        <table className="min-w-full divide-y divide-stone-200 text-sm">
          <caption className="sr-only">{t('caption')}</caption>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className="px-4 py-2 text-start font-semibold text-stone-700">
                {t('module')}
              </th>
              <th scope="col" className="w-24 px-4 py-2 text-center font-semibold text-stone-700">
                {t('view')}
              </th>
              <th scope="col" className="w-24 px-4 py-2 text-center font-semibold text-stone-700">
                {t('edit')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {modules.map(({ id, label }) => {
              const row = rows.find((r) => r.module === id) ?? { module: id, canView: false, canEdit: false };
              return (
                <tr key={id} className={row.canView && !isAdmin ? 'bg-amber-50/40' : undefined}>
                  <th scope="row" className="px-4 py-2 text-start font-medium text-stone-800">
                    {label}
                  </th>
                  <td className={cell}>
                    <input
                      type="checkbox"
                      className={box}
                      aria-label={t('viewLabel', { module: label })}
                      checked={isAdmin || row.canView}
                      // Held on while edit is: edit implies view.
                      disabled={off || row.canEdit || !may(id, 'view')}
                      onChange={(e) => set(id, { canView: e.target.checked })}
                    />
                  </td>
                  <td className={cell}>
                    <input
                      type="checkbox"
                      className={box}
                      aria-label={t('editLabel', { module: label })}
                      checked={isAdmin || row.canEdit}
                      disabled={off || !may(id, 'edit')}
                      onChange={(e) => set(id, { canEdit: e.target.checked })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
