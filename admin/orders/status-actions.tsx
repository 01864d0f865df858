'use client';

import type { OrderStatus } from '@qahwa/schema';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { useToast } from '@/ui/toast';

/**
 * The moves the server allows now (the detail's `allowedTransitions`, the shared rule), as
 * buttons. The order's version goes with the move: when someone else moved it first, the server
 * says so, the message stays on screen and the page reloads with the order as it is now.
 */
export function StatusActions({
  orderId,
  version,
  status,
  allowed,
  canEdit,
}: {
  orderId: string;
  version: number;
  status: OrderStatus;
  allowed: readonly OrderStatus[];
  canEdit: boolean;
}) {
  const t = useTranslations('OrderDetail');
  const tStatus = useTranslations('OrderStatus');
  const router = useRouter();
  const toast = useToast();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (allowed.length === 0) {
    return <p className="text-sm text-stone-600">{t('noActions', { status: tStatus(status) })}</p>;
  }

  async function move(to: OrderStatus) {
    if (to === 'cancelled' && !window.confirm(t('confirmCancel', { id: orderId }))) return;
    setBusy(true);
    setError(null);
    try {
      await api('POST', `/admin/orders/${encodeURIComponent(orderId)}/status`, {
        to,
        version,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      toast.success(t('movedToast', { status: tStatus(to) }));
      setNote('');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
      router.refresh();
    }
  }

  return (
    <div className="space-y-3">
      {canEdit ? (
        <>
          <div>
            <label htmlFor={noteId} className="block text-sm font-medium text-stone-700">
              {t('note')}
            </label>
            <input
              id={noteId}
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
              className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {allowed.map((to) => (
              <button
                key={to}
                type="button"
                disabled={busy}
                onClick={() => void move(to)}
                className={
                  to === 'cancelled'
                    ? 'rounded-md border border-red-300 bg-white px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50'
                    : 'rounded-md bg-amber-800 px-3 py-2 text-sm font-medium text-white hover:bg-amber-900 disabled:opacity-50'
                }
              >
                {busy ? t('moving') : to === 'cancelled' ? t('cancel') : t('moveTo', { status: tStatus(to) })}
              </button>
            ))}
          </div>
        </>
      ) : null}
      <p role="alert" aria-live="assertive" className="text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}
