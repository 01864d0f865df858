'use client';

import { type FormEvent, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from '../../i18n/client';
import { REVIEW_FORM_LIMITS } from './review-limits';
import { StarIcon } from './star-icon';

type Field = 'authorName' | 'email' | 'rating' | 'title' | 'body';
type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: string };

const FIELDS: Field[] = ['authorName', 'email', 'rating', 'title', 'body'];

/**
 * The review form. The browser checks what it can (required, lengths); the gateway checks the
 * rest with the shared rules and answers in the shopper's language, field by field. A review is
 * published only after staff approve it, which the thank-you message says.
 */
export function ReviewForm({ productId }: { productId: string }) {
  const t = useTranslations('Reviews');
  const locale = useLocale();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [rating, setRating] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const data = new FormData(event.currentTarget);
    if (rating < 1) {
      setErrors({ rating: t('chooseRating') });
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    const text = (name: Field) => String(data.get(name) ?? '').trim();
    try {
      const res = await fetch(`/api/products/${encodeURIComponent(productId)}/reviews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-locale': locale },
        body: JSON.stringify({
          authorName: text('authorName'),
          email: text('email') || undefined,
          rating,
          title: text('title') || undefined,
          body: text('body'),
          locale,
        }),
      });
      const body = (await res.json().catch(() => null)) as {
        message?: string;
        error?: string;
        issues?: { path: string; message: string }[];
      } | null;
      if (res.ok) {
        form.current?.reset();
        setRating(0);
        setStatus({ kind: 'sent', message: body?.message || t('thanks') });
        return;
      }
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const issue of body?.issues ?? []) {
        const field = FIELDS.find((f) => issue.path.endsWith(`/${f}`));
        if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
      }
      setErrors(fieldErrors);
      setStatus({ kind: 'failed', message: body?.error || t('failed') });
    } catch {
      setStatus({ kind: 'failed', message: t('networkError') });
    }
  }

  const input =
    'w-full rounded-lg border border-coffee-200 bg-coffee-50 px-3 py-2 text-base text-coffee-950 focus:border-coffee-600 focus:outline-none aria-[invalid=true]:border-red-700';
  const describe = (f: Field) => (errors[f] ? `${id}-${f}-error` : undefined);
  const error = (f: Field) =>
    errors[f] ? (
      <p id={`${id}-${f}-error`} className="text-sm text-red-700">
        {errors[f]}
      </p>
    ) : null;

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate={false}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 self-start rounded-xl border border-coffee-100 bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-coffee-900">
        {t('write')}
      </h2>
      <p className="text-sm text-coffee-700">{t('moderated')}</p>
      <fieldset aria-describedby={describe('rating')}>
        <legend className="mb-1 text-sm font-medium text-coffee-900">{t('rating')}</legend>
        {/* Radios, so the rating is one keyboard stop with arrow keys, as a screen reader expects. */}
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="peer sr-only"
                aria-label={t('stars', { count: n })}
              />
              <span className="block rounded p-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-coffee-700">
                <StarIcon filled={n <= rating} className="h-8 w-8" />
              </span>
            </label>
          ))}
        </div>
        {error('rating')}
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-medium text-coffee-900">
        {t('name')}
        <input
          name="authorName"
          required
          maxLength={REVIEW_FORM_LIMITS.authorName}
          autoComplete="name"
          aria-invalid={!!errors.authorName}
          aria-describedby={describe('authorName')}
          className={input}
        />
        {error('authorName')}
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-coffee-900">
        {t('email')}
        <input
          name="email"
          type="email"
          maxLength={REVIEW_FORM_LIMITS.email}
          autoComplete="email"
          dir="ltr"
          aria-invalid={!!errors.email}
          aria-describedby={describe('email') ?? `${id}-email-hint`}
          className={`${input} text-start`}
        />
        <span id={`${id}-email-hint`} className="text-xs font-normal text-coffee-600">
          {t('emailHint')}
        </span>
        {error('email')}
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-coffee-900">
        {t('reviewTitle')}
        <input
          name="title"
          maxLength={REVIEW_FORM_LIMITS.title}
          aria-invalid={!!errors.title}
          aria-describedby={describe('title')}
          className={input}
        />
        {error('title')}
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-coffee-900">
        {t('body')}
        <textarea
          name="body"
          required
          rows={4}
          maxLength={REVIEW_FORM_LIMITS.body}
          aria-invalid={!!errors.body}
          aria-describedby={describe('body')}
          className={input}
        />
        {error('body')}
      </label>
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
