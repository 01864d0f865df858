'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { useToast } from '@/ui/toast';

/** Takes one address off the newsletter after a confirm (subscribers 'edit'; docs/crm.md). */
export function RemoveSubscriberButton({ id, email }: { id: string; email: string }) {
  const t = useTranslations('CrmSubscribers');
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function remove() {
    if (!window.confirm(t('confirmRemove', { email }))) return;
    setBusy(true);
    try {
      await api('DELETE', `/admin/subscribers/${id}`, undefined, t('removeFailed'));
      toast.success(t('removed', { email }));
      router.refresh();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('removeFailed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={remove}
      disabled={busy}
      aria-label={t('removeNamed', { email })}
      className="rounded-md border border-red-300 bg-white px-2.5 py-1 text-xs font-medium whitespace-nowrap text-red-800 hover:bg-red-50 disabled:opacity-50"
    >
      {t('remove')}
    </button>
  );
}
