'use client';

import type { Locale } from '@qahwa/schema';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatDateTime } from '@/i18n/format';
import { ApiError, api } from '@/lib/browser-api';
import { useToast } from '@/ui/toast';
import type { DeadLetterRow } from './dead-letter-rows';

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * The failed events with their re-drive: the gateway re-drives (consumer ones through the outbox,
 * under a new message id), the row says so, and the page's data is fetched again.
 */
export function DeadLetters({ rows, canEdit }: { rows: readonly DeadLetterRow[]; canEdit: boolean }) {
  const t = useTranslations('Logs.dead');
  const locale = useLocale() as Locale;
  const toast = useToast();
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState<Record<string, true>>({});

  async function redrive(row: DeadLetterRow) {
    setBusy(row.id);
    try {
      const path =
        row.kind === 'consumer'
          ? `/admin/dead-letters/consumers/${row.id}/redrive`
          : `/admin/dead-letters/${row.id}/redrive`;
      await api('POST', path, undefined, t('failed'));
      setDone((d) => ({ ...d, [row.id]: true }));
      toast.success(t('sentAgain'));
      router.refresh();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('failed'));
    } finally {
      setBusy(null);
    }
  }

  if (rows.length === 0) {
    return (
      <div className="rounded-lg border border-stone-200 bg-white p-8 text-center shadow-sm">
        <p className="font-medium text-stone-700">{t('empty')}</p>
        <p className="mt-1 text-sm text-stone-500">{t('emptyBody')}</p>
      </div>
    );
  }
  return (
    <ul className="space-y-3" aria-label={t('caption')}>
      {rows.map((row) => {
        const sent = Boolean(row.redrivenAt) || done[row.id];
        return (
          <li
            key={`${row.kind}-${row.id}`}
            className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-mono text-sm font-medium text-stone-900 break-all" dir="ltr">
                  {row.subject}
                </p>
                <p className="mt-1 text-xs text-stone-600">
                  <span className="rounded bg-stone-100 px-1.5 py-0.5 font-mono" dir="ltr">
                    {row.where}
                  </span>
                  <span className="ms-2">
                    {t('tries')}: {row.tries}
                  </span>
                  <span className="ms-2">
                    {t('deadAt')}: {formatDateTime(row.deadAt, locale)}
                  </span>
                </p>
              </div>
              {sent ? (
                <span className="rounded-full bg-emerald-50 px-2 py-1 text-xs font-medium text-emerald-800">
                  {row.redrivenAt && row.redrivenBy
                    ? t('redrivenBy', { who: row.redrivenBy, at: formatDateTime(row.redrivenAt, locale) })
                    : t('sentAgain')}
                </span>
              ) : canEdit ? (
                <button
                  type="button"
                  onClick={() => void redrive(row)}
                  disabled={busy !== null}
                  aria-label={t('redriveOne', { subject: row.subject })}
                  className="rounded-md bg-amber-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-900 disabled:opacity-60"
                >
                  {busy === row.id ? t('redriving') : t('redrive')}
                </button>
              ) : null}
            </div>
            {row.error ? (
              <p
                className="mt-2 rounded bg-red-50 px-2 py-1 font-mono text-xs text-red-800 break-all"
                dir="ltr"
              >
                {row.error}
              </p>
            ) : null}
            <details className="mt-2">
              <summary className="cursor-pointer text-xs text-stone-600">{t('body')}</summary>
              <pre className="mt-1 max-h-64 overflow-auto rounded bg-stone-50 p-2 text-xs" dir="ltr">
                {pretty(row.body)}
              </pre>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
