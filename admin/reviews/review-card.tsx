'use client';

import type { AdminReview } from '@qahwa/schema/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { formatDateTime } from '@/i18n/format';
import { ApiError, api } from '@/lib/browser-api';
import { useToast } from '@/ui/toast';

const TONE: Record<AdminReview['status'], string> = {
  PENDING: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  APPROVED: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  REJECTED: 'bg-red-50 text-red-800 ring-red-600/20',
};

/**
 * One review in the queue with its actions. Every write sends the version this card was drawn
 * with: when another moderator got there first the server refuses it and says who, the message
 * stays on the card, and the queue reloads as it is now. Without edit permission the buttons are
 * disabled (the server refuses anyway: the UI mirrors, the server decides).
 */
export function ReviewCard({ review, canEdit }: { review: AdminReview; canEdit: boolean }) {
  const t = useTranslations('ReviewQueue');
  const tStatus = useTranslations('ReviewStatus');
  const locale = useLocale() === 'ar' ? 'ar' : 'en';
  const router = useRouter();
  const toast = useToast();
  const replyId = useId();
  const [reply, setReply] = useState(review.reply ?? '');
  const [busy, setBusy] = useState<null | 'approve' | 'reject' | 'reply'>(null);
  const [error, setError] = useState<string | null>(null);
  const productName = locale === 'ar' ? review.productNameAr : review.productName;
  const reviewDir = review.locale === 'ar' ? 'rtl' : 'ltr';

  async function act(action: 'approve' | 'reject' | 'reply') {
    setBusy(action);
    setError(null);
    try {
      const body = action === 'reply' ? { reply, version: review.version } : { version: review.version };
      const saved = await api<AdminReview>(
        'POST',
        `/admin/reviews/${review.id}/${action}`,
        body,
        t('failed'),
      );
      toast.success(
        action === 'reply'
          ? saved.reply
            ? t('replySaved')
            : t('replyRemoved')
          : t(action === 'approve' ? 'approvedToast' : 'rejectedToast'),
      );
    } catch (e) {
      const message = e instanceof ApiError ? e.message : t('failed');
      setError(message);
      toast.error(message);
    } finally {
      setBusy(null);
      router.refresh();
    }
  }

  const button = 'rounded-md px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <article aria-labelledby={`review-${review.id}`}>
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={`review-${review.id}`} className="font-semibold text-stone-900">
            <Link href={`/backend/reviews?productId=${review.productId}`} className="hover:underline">
              {productName}
            </Link>
          </h2>
          <span
            className="text-amber-600"
            role="img"
            aria-label={t('ratingLabel', { rating: review.rating })}
          >
            {'★'.repeat(review.rating)}
            <span className="text-stone-300">{'★'.repeat(5 - review.rating)}</span>
          </span>
          <span
            className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE[review.status]}`}
          >
            {tStatus(review.status)}
          </span>
          <time dateTime={review.createdAt} className="ms-auto text-xs text-stone-500">
            {formatDateTime(review.createdAt, locale)}
          </time>
        </header>
        <p className="mt-1 text-sm text-stone-600">
          <bdi>{review.authorName}</bdi>
          {review.email ? (
            <>
              {' · '}
              <span dir="ltr">{review.email}</span>
            </>
          ) : null}
          {' · '}
          {t('writtenIn', { language: t(review.locale === 'ar' ? 'arabic' : 'english') })}
        </p>
        {/* The shopper's words keep their own language and direction, whatever the screen's. */}
        <div lang={review.locale} dir={reviewDir} className="mt-2 text-start">
          {review.title ? <p className="font-medium text-stone-900">{review.title}</p> : null}
          <p className="whitespace-pre-line text-stone-800">{review.body}</p>
        </div>

        <div className="mt-3 flex flex-wrap gap-2">
          {review.status !== 'APPROVED' ? (
            <button
              type="button"
              disabled={!canEdit || busy !== null}
              onClick={() => void act('approve')}
              className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}
            >
              {busy === 'approve' ? t('working') : t('approve')}
            </button>
          ) : null}
          {review.status !== 'REJECTED' ? (
            <button
              type="button"
              disabled={!canEdit || busy !== null}
              onClick={() => void act('reject')}
              className={`${button} border border-red-300 bg-white text-red-700 hover:bg-red-50`}
            >
              {busy === 'reject' ? t('working') : t('reject')}
            </button>
          ) : null}
        </div>

        <form
          className="mt-3"
          onSubmit={(e) => {
            e.preventDefault();
            void act('reply');
          }}
        >
          <label htmlFor={replyId} className="block text-sm font-medium text-stone-700">
            {t('replyLabel', { language: t(review.locale === 'ar' ? 'arabic' : 'english') })}
          </label>
          <textarea
            id={replyId}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            maxLength={2000}
            rows={2}
            lang={review.locale}
            dir={reviewDir}
            disabled={!canEdit}
            className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-sm disabled:bg-stone-50"
          />
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <button
              type="submit"
              disabled={!canEdit || busy !== null || reply.trim() === (review.reply ?? '')}
              className={`${button} bg-amber-800 text-white hover:bg-amber-900`}
            >
              {busy === 'reply'
                ? t('working')
                : review.reply && reply.trim() === ''
                  ? t('removeReply')
                  : t('saveReply')}
            </button>
            {review.status !== 'APPROVED' && reply.trim() ? (
              <span className="text-xs text-stone-500">{t('replyShownAfterApproval')}</span>
            ) : null}
          </div>
        </form>
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      </article>
    </li>
  );
}
