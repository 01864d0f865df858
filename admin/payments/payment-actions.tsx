'use client';

import { formatAed, type Locale } from '@qahwa/schema';
import type {
  AdminPaymentActions,
  AdminPaymentCompleted,
  AdminPaymentRefunded,
} from '@qahwa/schema/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { useToast } from '@/ui/toast';

type Outcome = { kind: 'done'; text: string; orderId?: string | null } | { kind: 'error'; text: string };

/**
 * The two actions on a flagged card payment that made no order (docs/payments.md "Staff
 * actions"): **Refund** what is left to the card, or **Complete the order** (or, when staff
 * settled it another way, mark it resolved with a note). Each asks for confirmation first; the
 * server does each once however often it is clicked, and says what it did. The outcome stays on
 * screen after the page reloads with the payment as it is now.
 */
export function PaymentActions({
  paymentId,
  leftFils,
  actions,
}: {
  paymentId: string;
  /** What a refund gives back: the amount not refunded yet. */
  leftFils: number;
  actions: AdminPaymentActions;
}) {
  const t = useTranslations('Payments.actions');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const toast = useToast();
  const noteId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [resolving, setResolving] = useState(false);
  const [note, setNote] = useState('');
  const amount = formatAed(leftFils, locale);
  const path = `/admin/payments/${encodeURIComponent(paymentId)}`;

  // Once an action is done, only its outcome stays: nothing else is offered for this payment.
  const offered = (actions.refund || actions.complete) && outcome?.kind !== 'done';
  if (!offered && !outcome) return null;

  async function act(confirmText: string, run: () => Promise<Outcome & { kind: 'done' }>) {
    if (!window.confirm(confirmText)) return;
    setBusy(true);
    setOutcome(null);
    try {
      const done = await run();
      setOutcome(done);
      toast.success(done.text);
      setResolving(false);
    } catch (e) {
      const text = e instanceof ApiError ? e.message : String(e);
      setOutcome({ kind: 'error', text: `${text} ${t('failed')}` });
    } finally {
      setBusy(false);
      router.refresh();
      // The payments read model follows through the outbox within about a second: look again.
      setTimeout(() => router.refresh(), 1500);
    }
  }

  const refund = () =>
    act(t('refundConfirm', { amount }), async () => {
      const r = await api<AdminPaymentRefunded>('POST', `${path}/refund`, {});
      return { kind: 'done', text: r.already ? t('alreadyRefunded') : t('refunded', { amount }) };
    });
  const complete = () =>
    act(t('completeConfirm'), async () => {
      const r = await api<AdminPaymentCompleted>('POST', `${path}/complete`, { resolution: 'order' });
      const text = r.already
        ? t('alreadyCompleted', { orderId: r.orderId ?? '' })
        : t('completed', { orderId: r.orderId ?? '' });
      return { kind: 'done', text, orderId: r.orderId };
    });
  const resolve = () =>
    act(t('resolveConfirm'), async () => {
      await api<AdminPaymentCompleted>('POST', `${path}/complete`, {
        resolution: 'resolved_by_staff',
        note: note.trim(),
      });
      return { kind: 'done', text: t('resolved') };
    });

  const primary =
    'rounded-md bg-amber-800 px-3 py-2 text-sm font-medium text-white hover:bg-amber-900 disabled:opacity-50';
  const danger =
    'rounded-md border border-red-300 bg-white px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50';
  return (
    <section
      aria-labelledby="payment-actions"
      className="mb-4 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="payment-actions" className="mb-1 text-base font-semibold text-stone-900">
        {t('title')}
      </h2>
      {offered ? (
        <>
          <p className="mb-3 text-sm text-stone-600">{t('intro')}</p>
          <div className="flex flex-wrap gap-2">
            {actions.complete ? (
              <button type="button" disabled={busy} onClick={() => void complete()} className={primary}>
                {busy ? t('working') : t('complete')}
              </button>
            ) : null}
            {actions.refund ? (
              <button type="button" disabled={busy} onClick={() => void refund()} className={danger}>
                {busy ? t('working') : t('refund', { amount })}
              </button>
            ) : null}
            <button
              type="button"
              disabled={busy}
              aria-expanded={resolving}
              aria-controls={`${noteId}-form`}
              onClick={() => setResolving((v) => !v)}
              className="px-1 py-2 text-sm text-stone-700 underline disabled:opacity-50"
            >
              {t('resolveToggle')}
            </button>
          </div>
          {resolving ? (
            <form
              id={`${noteId}-form`}
              className="mt-3 space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                void resolve();
              }}
            >
              <label htmlFor={noteId} className="block text-sm font-medium text-stone-700">
                {t('resolveNote')}
              </label>
              <textarea
                id={noteId}
                value={note}
                required
                minLength={3}
                maxLength={500}
                rows={2}
                onChange={(e) => setNote(e.target.value)}
                className="w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
              />
              <button type="submit" disabled={busy || note.trim().length < 3} className={primary}>
                {t('resolve')}
              </button>
            </form>
          ) : null}
        </>
      ) : null}
      <div role="status" aria-live="polite" className="mt-3 text-sm">
        {outcome?.kind === 'done' ? (
          <p className="text-emerald-800">
            {outcome.text}{' '}
            {outcome.orderId ? (
              <Link href={`/backend/orders/${outcome.orderId}`} className="underline">
                {t('openOrder', { orderId: outcome.orderId })}
              </Link>
            ) : null}
          </p>
        ) : null}
        {outcome?.kind === 'error' ? <p className="text-red-700">{outcome.text}</p> : null}
      </div>
    </section>
  );
}
