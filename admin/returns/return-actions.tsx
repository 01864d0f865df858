'use client';

import { formatAed } from '@qahwa/schema';
import {
  type AdminReturnDetail,
  COD_REFUND_METHODS,
  type CodRefundMethod,
  RETURN_MESSAGES,
  refundMethodLabel,
  returnStatusLabel,
} from '@qahwa/schema/returns';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { useToast } from '@/ui/toast';

type Action = 'approve' | 'reject' | 'receive' | 'refund';

const primary =
  'rounded-md bg-amber-800 px-3 py-2 text-sm font-medium text-white hover:bg-amber-900 disabled:opacity-50';
const danger =
  'rounded-md border border-red-300 bg-white px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50';
const field = 'mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-sm';

/**
 * Staff's moves on a return (docs/admin.md "Returns"), as the server allows them now (`actions`):
 * approve or reject with a message to the shopper, receive with each line's "can be sold again",
 * refund (a cash-on-delivery order's by bank transfer or store credit, with its reference). Each
 * asks first; the gateway does each once however often it is pressed, and the page reloads with
 * the return as it is now. Staff without the orders module's edit right see the state, not the buttons.
 */
export function ReturnActions({ detail: r, canEdit }: { detail: AdminReturnDetail; canEdit: boolean }) {
  const t = useTranslations('ReturnActions');
  const locale = useLocale() as 'en' | 'ar';
  const router = useRouter();
  const toast = useToast();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  // Nothing goes back on sale unless staff say so: stock must never count goods no one looked at.
  const [resale, setResale] = useState<Record<string, boolean>>({});
  const [method, setMethod] = useState<CodRefundMethod | ''>('');
  const [reference, setReference] = useState('');
  const [codErrors, setCodErrors] = useState<{ method?: string; reference?: string }>({});
  const amount = formatAed(r.refundFils, locale);
  const cod = r.order.paymentProvider === 'COD';
  const { actions } = r;
  const any = actions.approve || actions.reject || actions.receive || actions.refund;

  if (!any)
    return (
      <p className="text-sm text-stone-600">{t('none', { status: returnStatusLabel(r.status, locale) })}</p>
    );
  if (!canEdit) return <p className="text-sm text-stone-600">{t('viewOnly')}</p>;

  async function act(action: Action, confirmText: string, body: unknown, done: string) {
    if (!window.confirm(confirmText)) return;
    setBusy(true);
    setError(null);
    try {
      const after = await api<AdminReturnDetail>(
        'POST',
        `/admin/returns/${encodeURIComponent(r.number)}/${action}`,
        body,
      );
      if (action === 'refund' && after.status !== 'refunded') {
        // A provider's refund is made by the return's workflow: it shows here in a moment.
        toast.info(RETURN_MESSAGES['returns.refundPending'][locale]);
        setTimeout(() => router.refresh(), 2000);
      } else {
        toast.success(done);
      }
      setMessage('');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
      router.refresh();
    }
  }

  const approve = () =>
    act(
      'approve',
      t('approveConfirm', { number: r.number }),
      message.trim() ? { message: message.trim() } : {},
      t('approved', { number: r.number }),
    );
  const reject = () => {
    if (!message.trim()) {
      setMessageError(t('required'));
      document.getElementById(`${id}-message`)?.focus();
      return;
    }
    return act(
      'reject',
      t('rejectConfirm', { number: r.number }),
      { message: message.trim() },
      t('rejected', { number: r.number }),
    );
  };
  const receive = () =>
    act(
      'receive',
      t('receiveConfirm', { number: r.number }),
      {
        lines: r.lines.map((l) => ({
          orderItemId: l.orderItemId,
          resaleable: resale[l.orderItemId] === true,
        })),
      },
      t('received', { number: r.number }),
    );
  const refund = () => {
    if (cod) {
      const errors = {
        ...(method ? {} : { method: t('required') }),
        ...(reference.trim() ? {} : { reference: t('required') }),
      };
      setCodErrors(errors);
      if (errors.method || errors.reference) return;
    }
    return act(
      'refund',
      t('refundConfirm', { amount, number: r.number }),
      cod ? { method, reference: reference.trim() } : {},
      t('refunded', { number: r.number, amount }),
    );
  };

  return (
    <div className="space-y-3">
      {actions.approve || actions.reject ? (
        <div className="space-y-2">
          <label htmlFor={`${id}-message`} className="block text-sm font-medium text-stone-700">
            {t('message')}
          </label>
          <textarea
            id={`${id}-message`}
            value={message}
            maxLength={1000}
            rows={3}
            aria-describedby={`${id}-message-hint${messageError ? ` ${id}-message-error` : ''}`}
            aria-invalid={messageError ? true : undefined}
            onChange={(e) => {
              setMessage(e.target.value);
              setMessageError(null);
            }}
            className={field}
          />
          <p id={`${id}-message-hint`} className="text-xs text-stone-500">
            {t('messageHint')}
          </p>
          {messageError ? (
            <p id={`${id}-message-error`} className="text-sm text-red-700">
              {messageError}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {actions.approve ? (
              <button type="button" disabled={busy} onClick={() => void approve()} className={primary}>
                {busy ? t('working') : t('approve')}
              </button>
            ) : null}
            {actions.reject ? (
              <button type="button" disabled={busy} onClick={() => void reject()} className={danger}>
                {busy ? t('working') : t('reject')}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}

      {actions.receive ? (
        <fieldset className="space-y-2">
          <legend className="text-sm text-stone-700">{t('receiveIntro')}</legend>
          {r.lines.map((l) => (
            <label key={l.orderItemId} className="flex items-start gap-2 text-sm text-stone-900">
              <input
                type="checkbox"
                checked={resale[l.orderItemId] === true}
                onChange={(e) => setResale((s) => ({ ...s, [l.orderItemId]: e.target.checked }))}
                className="mt-0.5 size-4 accent-amber-800"
              />
              <span>
                {t('resaleable', {
                  name: locale === 'ar' && l.nameAr ? l.nameAr : l.name,
                  quantity: l.quantity,
                })}
              </span>
            </label>
          ))}
          <button type="button" disabled={busy} onClick={() => void receive()} className={primary}>
            {busy ? t('working') : t('receive')}
          </button>
        </fieldset>
      ) : null}

      {actions.refund ? (
        <div className="space-y-2">
          <p className="text-sm text-stone-700">
            {cod
              ? t('refundCod')
              : r.order.paymentProvider === 'TABBY'
                ? t('refundPayLater')
                : t('refundCard')}
          </p>
          {cod ? (
            <>
              <fieldset aria-describedby={codErrors.method ? `${id}-method-error` : undefined}>
                <legend className="text-sm font-medium text-stone-700">{t('codMethod')}</legend>
                <div className="mt-1 flex flex-wrap gap-4">
                  {COD_REFUND_METHODS.map((m) => (
                    <label key={m} className="flex items-center gap-2 text-sm text-stone-900">
                      <input
                        type="radio"
                        name={`${id}-method`}
                        value={m}
                        checked={method === m}
                        onChange={() => {
                          setMethod(m);
                          setCodErrors((e) => ({ ...e, method: undefined }));
                        }}
                        className="size-4 accent-amber-800"
                      />
                      {refundMethodLabel(m, locale)}
                    </label>
                  ))}
                </div>
                {codErrors.method ? (
                  <p id={`${id}-method-error`} className="mt-1 text-sm text-red-700">
                    {codErrors.method}
                  </p>
                ) : null}
              </fieldset>
              <div>
                <label htmlFor={`${id}-reference`} className="block text-sm font-medium text-stone-700">
                  {t('codReference')}
                </label>
                <input
                  id={`${id}-reference`}
                  value={reference}
                  maxLength={200}
                  dir="ltr"
                  aria-invalid={codErrors.reference ? true : undefined}
                  aria-describedby={codErrors.reference ? `${id}-reference-error` : undefined}
                  onChange={(e) => {
                    setReference(e.target.value);
                    setCodErrors((er) => ({ ...er, reference: undefined }));
                  }}
                  className={`${field} rtl:text-end`}
                />
                {codErrors.reference ? (
                  <p id={`${id}-reference-error`} className="mt-1 text-sm text-red-700">
                    {codErrors.reference}
                  </p>
                ) : null}
              </div>
            </>
          ) : null}
          <button type="button" disabled={busy} onClick={() => void refund()} className={primary}>
            {busy ? t('working') : t('refund', { amount })}
          </button>
        </div>
      ) : null}

      <p role="alert" aria-live="assertive" className="text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}
