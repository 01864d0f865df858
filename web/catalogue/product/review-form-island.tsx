'use client';

import { type FormEvent, type ReactNode, useState } from 'react';
import { useLocale, useTranslations } from '@/i18n/client';
import { api } from '@/lib/browser-api';
import { REVIEW_FIELDS, type ReviewField, reviewErrorId } from './review-limits';

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: string };

/**
 * The review form's only client code: the submit, the button's state and the answer. The fields,
 * the star radios and the labels are drawn by the server (review-form.tsx) and passed in as
 * children, so their markup is not in the page's script (the 150 KB per route budget).
 * Field errors are written into the server's empty slots with the DOM rather than React state:
 * the island does not render the fields, and a slot React left empty is never re-rendered.
 */
export function ReviewFormIsland({
  productId,
  labelledBy,
  className,
  children,
}: {
  productId: string;
  labelledBy: string;
  className: string;
  children: ReactNode;
}) {
  const t = useTranslations('Reviews');
  const locale = useLocale();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  function show(form: HTMLFormElement, errors: Partial<Record<ReviewField, string>>) {
    for (const f of REVIEW_FIELDS) {
      const slot = form.querySelector<HTMLElement>(`#${reviewErrorId(f)}`);
      if (slot) {
        slot.textContent = errors[f] ?? '';
        slot.hidden = !errors[f];
      }
      const field = form.elements.namedItem(f);
      // The rating is a RadioNodeList (its fieldset points at its message); the others are fields.
      if (field instanceof HTMLElement) field.setAttribute('aria-invalid', String(!!errors[f]));
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const rating = Number(data.get('rating') ?? 0);
    if (!(rating >= 1)) {
      show(form, { rating: t('chooseRating') });
      return;
    }
    show(form, {});
    setStatus({ kind: 'sending' });
    const text = (name: ReviewField) => String(data.get(name) ?? '').trim();
    const answer = await api(`/api/products/${encodeURIComponent(productId)}/reviews`, {
      method: 'POST',
      headers: { 'x-locale': locale },
      body: {
        authorName: text('authorName'),
        email: text('email') || undefined,
        rating,
        title: text('title') || undefined,
        body: text('body'),
        locale,
      },
    });
    if (answer.ok) {
      form.reset();
      setStatus({
        kind: 'sent',
        message: (answer.body as { message?: string } | null)?.message || t('thanks'),
      });
      return;
    }
    if (answer.reason === 'network') {
      setStatus({ kind: 'failed', message: t('networkError') });
      return;
    }
    const fieldErrors: Partial<Record<ReviewField, string>> = {};
    for (const issue of answer.issues) {
      const field = REVIEW_FIELDS.find((f) => issue.path.endsWith(`/${f}`));
      if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    show(form, fieldErrors);
    setStatus({ kind: 'failed', message: answer.message || t('failed') });
  }

  return (
    <form onSubmit={submit} aria-labelledby={labelledBy} className={className}>
      {children}
      <button
        type="submit"
        disabled={status.kind === 'sending'}
        className="rounded-lg bg-coffee-800 px-4 py-2.5 font-semibold text-white hover:bg-coffee-900 disabled:opacity-60"
      >
        {status.kind === 'sending' ? t('sending') : t('submit')}
      </button>
      <div aria-live="polite" role="status">
        {status.kind === 'sent' ? (
          <p className="text-sm font-medium text-emerald-800">{status.message}</p>
        ) : null}
      </div>
      {status.kind === 'failed' ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {status.message}
        </p>
      ) : null}
    </form>
  );
}
