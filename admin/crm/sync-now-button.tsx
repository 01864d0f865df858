'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { useToast } from '@/ui/toast';

/** "Sync now" (brevo 'edit'): every contact not in Brevo is due at once; the workers send them. */
export function SyncNowButton() {
  const t = useTranslations('CrmBrevo');
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function syncNow() {
    setBusy(true);
    try {
      const { requeued } = await api<{ requeued: number }>(
        'POST',
        '/admin/brevo/sync',
        undefined,
        t('syncFailed'),
      );
      toast.success(t('syncQueued', { count: requeued }));
      router.refresh();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('syncFailed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={syncNow}
      disabled={busy}
      className="rounded-md bg-coffee-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-coffee-800 disabled:opacity-50"
    >
      {busy ? t('syncing') : t('syncNow')}
    </button>
  );
}
