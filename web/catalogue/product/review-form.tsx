import { useTranslations } from 'next-intl';
import { ReviewFormIsland } from './review-form-island';
import { REVIEW_FORM_LIMITS, type ReviewField, reviewErrorId } from './review-limits';
import { StarIcon } from './star-icon';

const INPUT =
  'w-full rounded-lg border border-coffee-200 bg-coffee-50 px-3 py-2 text-base text-coffee-950 focus:border-coffee-600 focus:outline-none aria-[invalid=true]:border-red-700';
/**
 * A star is filled when its radio or a later one is checked: CSS, so the stars need no script.
 * (DOM order is the rating's order in both directions; the flex row mirrors itself in RTL.)
 */
const STAR_LABEL =
  'cursor-pointer [&:has(input:checked)_svg]:text-amber-600 [&:has(~label_input:checked)_svg]:text-amber-600';

/** An error's slot: empty and hidden until the island writes the gateway's (or the rating's) message. */
function ErrorSlot({ field }: { field: ReviewField }) {
  return <p id={reviewErrorId(field)} hidden className="text-sm text-red-700" />;
}

/**
 * The review form, drawn by the server. The browser checks what it can (required, lengths); the
 * gateway checks the rest with the shared rules and answers in the shopper's language, field by
 * field (the island writes those answers in). A review is published only after staff approve it,
 * which the thank-you message says. The stars are radios, so the rating is one keyboard stop with
 * arrow keys, as a screen reader expects.
 */
export function ReviewForm({ productId }: { productId: string }) {
  const t = useTranslations('Reviews');
  return (
    <ReviewFormIsland
      productId={productId}
      labelledBy="review-form-title"
      className="flex flex-col gap-3 self-start rounded-xl border border-coffee-100 bg-white p-4 shadow-sm"
    >
      <h2 id="review-form-title" className="text-lg font-semibold text-coffee-900">
        {t('write')}
      </h2>
      <p className="text-sm text-coffee-700">{t('moderated')}</p>
      <fieldset aria-describedby={reviewErrorId('rating')}>
        <legend className="mb-1 text-sm font-medium text-coffee-900">{t('rating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={STAR_LABEL}>
              <input
                type="radio"
                name="rating"
                value={n}
                className="peer sr-only"
                aria-label={t('stars', { count: n })}
              />
              <span className="block rounded p-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-coffee-700">
                <StarIcon filled={false} className="h-8 w-8" />
              </span>
            </label>
          ))}
        </div>
        <ErrorSlot field="rating" />
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-medium text-coffee-900">
        {t('name')}
        <input
          name="authorName"
          required
          maxLength={REVIEW_FORM_LIMITS.authorName}
          autoComplete="name"
          aria-describedby={reviewErrorId('authorName')}
          className={INPUT}
        />
        <ErrorSlot field="authorName" />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-coffee-900">
        {t('email')}
        <input
          name="email"
          type="email"
          maxLength={REVIEW_FORM_LIMITS.email}
          autoComplete="email"
          dir="ltr"
          aria-describedby={`review-email-hint ${reviewErrorId('email')}`}
          className={`${INPUT} text-start`}
        />
        <span id="review-email-hint" className="text-xs font-normal text-coffee-600">
          {t('emailHint')}
        </span>
        <ErrorSlot field="email" />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-coffee-900">
        {t('reviewTitle')}
        <input
          name="title"
          maxLength={REVIEW_FORM_LIMITS.title}
          aria-describedby={reviewErrorId('title')}
          className={INPUT}
        />
        <ErrorSlot field="title" />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-coffee-900">
        {t('body')}
        <textarea
          name="body"
          required
          rows={4}
          maxLength={REVIEW_FORM_LIMITS.body}
          aria-describedby={reviewErrorId('body')}
          className={INPUT}
        />
        <ErrorSlot field="body" />
      </label>
    </ReviewFormIsland>
  );
}
