import type { Locale } from '@qahwa/schema';
import type { AuditLogList } from '@qahwa/schema/contracts';
import { MENU_MODULES } from '@qahwa/schema/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { pageHref } from '@/lib/url-filter';
import { DataTable } from '@/ui/data-table';
import { FilterForm, optionsOf } from '@/ui/filter-form';
import { auditDiff } from './audit-diff';
import type { AuditFilter } from './log-data';

const ACTIONS = [
  'create',
  'update',
  'delete',
  'archive',
  'restore',
  'approve',
  'reject',
  'reply',
  'redrive',
  'upload',
  'status',
  'export',
] as const;

/** The audit filter (shareable URL, works before scripts load); the buttons take the grid's last cell. */
export function AuditFilters({ filter, users }: { filter: AuditFilter; users: readonly string[] }) {
  const t = useTranslations('Logs.audit');
  const tMenu = useTranslations('Menu');
  return (
    <FilterForm
      id="audit"
      action="/backend/logs"
      label={t('filters')}
      columns={5}
      buttons="cell"
      fields={[
        {
          kind: 'select',
          name: 'user',
          label: t('user'),
          value: filter.user,
          any: t('any'),
          options: optionsOf(users, (u) => u),
        },
        {
          kind: 'select',
          name: 'module',
          label: t('module'),
          value: filter.module,
          any: t('anyModule'),
          options: optionsOf(MENU_MODULES, (m) => tMenu(m)),
        },
        { kind: 'date', name: 'from', label: t('from'), value: filter.from },
        { kind: 'date', name: 'to', label: t('to'), value: filter.to },
      ]}
      apply={t('apply')}
      reset={{ href: '/backend/logs', label: t('reset') }}
    />
  );
}

const DIFF_TONE = {
  added: 'bg-emerald-50',
  removed: 'bg-red-50',
  changed: 'bg-amber-50',
  same: '',
} as const;

/** Staff writes, each expandable to a readable before/after diff. */
export function AuditTable({ list, filtered }: { list: AuditLogList; filtered: boolean }) {
  const t = useTranslations('Logs.audit');
  const tAction = useTranslations('Logs.action');
  const tMenu = useTranslations('Menu');
  const locale = useLocale() as Locale;
  const columns = [
    { key: 'at', header: t('at') },
    { key: 'who', header: t('who') },
    { key: 'what', header: t('what') },
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      state={{ status: 'ready', empty: list.entries.length === 0 }}
      loadingLabel={t('caption')}
      empty={{ title: filtered ? t('noMatch') : t('empty') }}
    >
      {list.entries.map((e) => {
        const lines = auditDiff(e.before, e.after);
        const action = (ACTIONS as readonly string[]).includes(e.action)
          ? tAction(e.action as (typeof ACTIONS)[number])
          : e.action;
        const module = (MENU_MODULES as readonly string[]).includes(e.module)
          ? tMenu(e.module as (typeof MENU_MODULES)[number])
          : e.module;
        return (
          <tr key={e.id} className="align-top">
            <td className="px-4 py-3 whitespace-nowrap text-stone-600">{formatDateTime(e.at, locale)}</td>
            <td className="px-4 py-3 text-stone-800" dir="ltr">
              <span className="block text-start">{e.userEmail}</span>
            </td>
            <td className="px-4 py-3">
              <details className="group">
                <summary className="cursor-pointer list-none">
                  <span className="font-medium text-stone-900">{action}</span>{' '}
                  <span className="text-stone-700">{e.entityType}</span>{' '}
                  {e.entityId ? (
                    <span className="font-mono text-xs text-stone-500" dir="ltr">
                      {e.entityId}
                    </span>
                  ) : null}
                  <span className="ms-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs text-stone-600">
                    {module}
                  </span>
                  <span className="ms-2 text-xs text-amber-800 underline group-open:hidden">
                    {t('details')}
                  </span>
                </summary>
                {lines.length === 0 ? (
                  <p className="mt-2 text-xs text-stone-500">{t('noChanges')}</p>
                ) : (
                  <table className="mt-2 w-full table-fixed border border-stone-200 text-xs">
                    <thead className="bg-stone-50">
                      <tr>
                        <th scope="col" className="w-1/4 px-2 py-1 text-start font-medium">
                          {t('field')}
                        </th>
                        <th scope="col" className="px-2 py-1 text-start font-medium">
                          {t('before')}
                        </th>
                        <th scope="col" className="px-2 py-1 text-start font-medium">
                          {t('after')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {lines.map((l) => (
                        <tr key={l.path} className={DIFF_TONE[l.kind]} data-change={l.kind}>
                          <th
                            scope="row"
                            className="px-2 py-1 text-start font-mono font-normal break-all"
                            dir="ltr"
                          >
                            {l.path}
                          </th>
                          <td className="px-2 py-1 font-mono break-all text-stone-600" dir="auto">
                            {l.before === null ? (
                              '—'
                            ) : l.kind === 'changed' || l.kind === 'removed' ? (
                              <del>{l.before}</del>
                            ) : (
                              l.before
                            )}
                          </td>
                          <td className="px-2 py-1 font-mono break-all text-stone-900" dir="auto">
                            {l.after === null ? (
                              '—'
                            ) : l.kind === 'changed' || l.kind === 'added' ? (
                              <ins className="no-underline">{l.after}</ins>
                            ) : (
                              l.after
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                {e.requestId ? (
                  <p className="mt-1 text-[11px] text-stone-400">
                    {t('request')}{' '}
                    <bdi dir="ltr" className="font-mono">
                      {e.requestId}
                    </bdi>
                  </p>
                ) : null}
              </details>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

export function AuditPager({ page, pages, query }: { page: number; pages: number; query: string }) {
  const t = useTranslations('Logs.audit');
  if (pages <= 1) return null;
  const href = (n: number) => pageHref('/backend/logs', query, n);
  const button = 'rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm';
  return (
    <nav className="mt-4 flex justify-between" aria-label={t('caption')}>
      {page > 1 ? (
        <Link href={href(page - 1)} className={button}>
          {t('previous')}
        </Link>
      ) : (
        <span />
      )}
      {page < pages ? (
        <Link href={href(page + 1)} className={button}>
          {t('next')}
        </Link>
      ) : null}
    </nav>
  );
}
