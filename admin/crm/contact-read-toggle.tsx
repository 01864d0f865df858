'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { useToast } from '@/ui/toast';

/** Marks one message read or unread (contacts 'edit'); the list re-renders from the server after. */
export function ContactReadToggle({ id, isRead, name }: { id: string; isRead: boolean; name: string }) {
  const t = useTranslations('CrmContacts');
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      await api('PATCH', `/admin/contacts/${id}`, { isRead: !isRead }, t('saveFailed'));
      toast.success(isRead ? t('markedUnread') : t('markedRead'));
      router.refresh();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('saveFailed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-label={isRead ? t('markUnreadFor', { name }) : t('markReadFor', { name })}
      className="rounded-md border border-stone-300 bg-white px-2.5 py-1 text-xs font-medium whitespace-nowrap text-stone-800 hover:bg-stone-50 disabled:opacity-50"
    >
      {isRead ? t('markUnread') : t('markRead')}
    </button>
  );
}
