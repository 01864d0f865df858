import type { ProductReviews } from '@qahwa/schema/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { ReviewForm } from './review-form';
import { StarIcon } from './star-icon';

/** Five stars, `value` of them filled; read out as "4.5 out of 5 stars". */
export function Stars({ value, label, size = 'sm' }: { value: number; label: string; size?: 'sm' | 'lg' }) {
  return (
    <span role="img" aria-label={label} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= Math.round(value)} className={size === 'lg' ? 'h-6 w-6' : 'h-4 w-4'} />
      ))}
    </span>
  );
}

/** Approved reviews with their average, and the form to write one (published after staff approve it). */
export function Reviews({
  productId,
  productName,
  storeName,
  data,
}: {
  productId: string;
  productName: string;
  /** The store's name as staff set it (Settings → Store), in the page's language: the replies are its. */
  storeName: string;
  /** Null when the reviews could not be read: the page still renders, with the form. */
  data: ProductReviews | null;
}) {
  const t = useTranslations('Reviews');
  const locale = useLocale();
  const date = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-AE', {
    dateStyle: 'medium',
  });
  return (
    <section aria-labelledby="reviews-title" className="mt-12 grid gap-8 md:grid-cols-[1fr_minmax(0,24rem)]">
      <div>
        <h2 id="reviews-title" className="text-xl font-semibold text-coffee-900">
          {t('title')}
        </h2>
        {data && data.count > 0 && data.average !== null ? (
          <p className="mt-2 flex flex-wrap items-center gap-2 text-coffee-800">
            <Stars value={data.average} size="lg" label={t('outOf5', { rating: data.average.toFixed(1) })} />
            <span className="font-semibold">{data.average.toFixed(1)}</span>
            <span className="text-sm text-coffee-700">{t('basedOn', { count: data.count })}</span>
          </p>
        ) : null}
        {!data ? (
          <p className="mt-3 text-coffee-700">{t('unavailable')}</p>
        ) : data.reviews.length === 0 ? (
          <p className="mt-3 text-coffee-700">{t('none', { name: productName })}</p>
        ) : (
          <ul className="mt-4 flex flex-col gap-4">
            {data.reviews.map((r) => (
              <li key={r.id} className="rounded-xl border border-coffee-100 bg-white p-4 shadow-sm">
                <article>
                  <header className="flex flex-wrap items-center justify-between gap-2">
                    <Stars value={r.rating} label={t('outOf5', { rating: String(r.rating) })} />
                    <time dateTime={r.createdAt} className="text-xs text-coffee-600">
                      {date.format(new Date(r.createdAt))}
                    </time>
                  </header>
                  {/* The shopper's own words keep their language and direction; the date and stars follow the page. */}
                  {r.title ? (
                    <h3 lang={r.locale} dir="auto" className="mt-2 font-semibold text-coffee-900">
                      {r.title}
                    </h3>
                  ) : null}
                  <p lang={r.locale} dir="auto" className="mt-1 whitespace-pre-line text-coffee-800">
                    {r.body}
                  </p>
                  <p className="mt-2 text-sm text-coffee-600">
                    — <bdi>{r.authorName}</bdi>
                  </p>
                  {r.reply ? (
                    <div className="mt-3 rounded-lg border-s-4 border-coffee-300 bg-coffee-50 p-3 text-sm text-coffee-800">
                      <p className="font-medium">{t('reply', { store: storeName })}</p>
                      {/* Staff reply in the review's language: the reply keeps the review's direction. */}
                      <p lang={r.locale} dir="auto" className="whitespace-pre-line">
                        {r.reply}
                      </p>
                    </div>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ReviewForm productId={productId} />
    </section>
  );
}
