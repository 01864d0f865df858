'use client';

import { formatAed, type Locale, toFils } from '@qahwa/schema/money';
import type { Promotion } from '@qahwa/schema/promotions';
import { promotionStatus, remainingUses } from '@qahwa/schema/promotions';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/browser-api';
import { DataTable } from '@/ui/data-table';
import { useToast } from '@/ui/toast';
import { useListLoader } from '@/ui/use-list-loader';
import { promotionsApi } from './promotions-api';

const STATUS_STYLE = {
  active: 'bg-emerald-100 text-emerald-800',
  scheduled: 'bg-sky-100 text-sky-800',
  usedUp: 'bg-amber-100 text-amber-900',
  ended: 'bg-stone-200 text-stone-700',
  off: 'bg-stone-200 text-stone-700',
} as const;

/** The promotions list: uses so far and remaining, in force now or scheduled. */
export function PromotionsList({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations('Promotions');
  const locale = useLocale() as Locale;
  const toast = useToast();
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const {
    data: rows,
    state,
    load,
  } = useListLoader(
    useCallback(() => promotionsApi.list(), []),
    { initial: [] as Promotion[], loadFailed: t('loadFailed'), retryLabel: t('retry') },
  );

  // Deleted when never used, archived otherwise (docs/promotions.md): the notice says which and why.
  async function remove(p: Promotion, name: string) {
    if (!window.confirm(t('confirmRemove', { name }))) return;
    setBusy(p.id);
    try {
      const done = await promotionsApi.remove(p.id);
      const message =
        done.outcome === 'deleted'
          ? t('removedDeleted', { name })
          : t('removedArchived', { name, count: done.uses });
      setNotice(message);
      toast.success(message);
      await load();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('removeFailed'));
    } finally {
      setBusy(null);
    }
  }

  const now = new Date();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB', {
      dateStyle: 'medium',
      timeZone: 'Asia/Dubai',
    }).format(new Date(iso));
  const value = (p: Promotion) => {
    switch (p.type) {
      case 'PERCENTAGE':
        return `${p.value ?? 0}%`;
      case 'FIXED_AMOUNT':
        return formatAed(toFils(p.value ?? 0), locale);
      case 'BUY_X_GET_Y':
        return t('buyGet', { buy: p.buyQuantity ?? 1, get: p.getQuantity ?? 1 });
      case 'BUNDLE':
        return `${p.bundleDiscount ?? 0}%`;
      default:
        return '—';
    }
  };
  const columns = [
    { key: 'name', header: t('name') },
    { key: 'code', header: t('code') },
    { key: 'type', header: t('type') },
    { key: 'value', header: t('value') },
    { key: 'uses', header: t('uses') },
    { key: 'dates', header: t('dates') },
    { key: 'status', header: t('status') },
    { key: 'actions', header: <span className="sr-only">{t('actions')}</span> },
  ];
  return (
    <>
      <p
        role="status"
        data-testid="promotions-notice"
        className={
          notice
            ? 'mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900'
            : 'sr-only'
        }
      >
        {notice}
      </p>
      <DataTable
        caption={t('caption')}
        columns={columns}
        state={state}
        loadingLabel={t('loading')}
        empty={{ title: t('empty') }}
      >
        {rows.map((p) => {
          const status = promotionStatus(p, now);
          const left = remainingUses(p);
          const name = locale === 'ar' && p.nameAr ? p.nameAr : p.name;
          return (
            <tr key={p.id}>
              <th scope="row" className="px-4 py-2 text-start font-medium text-stone-900">
                {name}
              </th>
              <td className="px-4 py-2">
                {p.code ? (
                  <>
                    <span dir="ltr" className="font-mono">
                      {p.code}
                    </span>
                    <span className="block text-xs text-stone-600">
                      {p.isPublic ? t('listed') : t('private')}
                    </span>
                  </>
                ) : (
                  <span className="text-stone-600">{t('automatic')}</span>
                )}
              </td>
              <td className="px-4 py-2">{t(`types.${p.type}`)}</td>
              <td className="px-4 py-2">
                <span dir="ltr">{value(p)}</span>
              </td>
              <td className="px-4 py-2 whitespace-nowrap">
                {t('usedCount', { count: p.usedCount })}
                <span className="block text-xs text-stone-600">
                  {left === null ? t('unlimited') : t('remaining', { count: left })}
                </span>
              </td>
              <td className="px-4 py-2 whitespace-nowrap text-stone-700">
                {date(p.startDate)} – {date(p.endDate)}
              </td>
              <td className="px-4 py-2">
                <span
                  className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status]}`}
                >
                  {t(`statuses.${status}`)}
                </span>
              </td>
              <td className="px-4 py-2">
                {canEdit ? (
                  <div className="flex items-center gap-3 whitespace-nowrap">
                    <Link
                      href={`/backend/promotions/${p.id}`}
                      className="text-sm font-medium text-coffee-800 underline"
                      aria-label={t('editNamed', { name })}
                    >
                      {t('edit')}
                    </Link>
                    <button
                      type="button"
                      onClick={() => remove(p, name)}
                      disabled={busy === p.id}
                      aria-label={t('removeNamed', { name })}
                      className="text-sm font-medium text-red-800 underline disabled:opacity-50"
                    >
                      {t('remove')}
                    </button>
                  </div>
                ) : null}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </>
  );
}
