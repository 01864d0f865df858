import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NewLinkForm } from '@/tracking/new-link-form';
import { OrderView } from '@/tracking/order-view';
import { TrackForm } from '@/tracking/track-form';
import { trackedOrder } from '@/tracking/tracking-api';

export const dynamic = 'force-dynamic';

/** A personal link from an e-mail or the lookup: never indexed, never cached. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('OrderTracking');
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * The order's page behind its signed link (docs/order-tracking.md). A link that no longer works
 * says so in the gateway's words and offers the lookup and a new link right there.
 */
export default async function TrackedOrderRoute({ params }: { params: Promise<{ token: string }> }) {
  const { token: raw } = await params;
  const token = decodeURIComponent(raw);
  const [t, answer] = await Promise.all([getTranslations('OrderTracking'), trackedOrder(token)]);
  if (answer.kind === 'found') {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <OrderView order={answer.order} token={token} />
        <p className="mt-8">
          <a href="/orders/track" className="font-semibold text-coffee-800 underline hover:text-coffee-900">
            {t('trackAnother')}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-[minmax(0,1fr)_20rem]">
      <div>
        <h1 id="track-title" className="text-2xl font-bold text-coffee-900 sm:text-3xl">
          {answer.kind === 'expired' ? t('expiredTitle') : t('title')}
        </h1>
        <p
          role="alert"
          className="mt-3 mb-6 rounded-lg bg-amber-50 p-4 text-amber-900"
          data-testid="track-problem"
        >
          {answer.kind === 'expired' ? (answer.message ?? t('expiredTitle')) : t('unavailable')}
        </p>
        <section className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
          <TrackForm />
        </section>
      </div>
      <aside className="rounded-xl bg-coffee-50 p-4 sm:p-6">
        <h2 id="new-link-title" className="font-semibold text-coffee-900">
          {t('newLinkTitle')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-coffee-700">{t('newLinkIntro')}</p>
        <NewLinkForm />
      </aside>
    </div>
  );
}
