import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NewLinkForm } from '@/tracking/new-link-form';
import { TrackForm } from '@/tracking/track-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('OrderTracking');
  return { title: t('title'), description: t('intro') };
}

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.slice(0, 30) ?? '';
}

/**
 * The guest's order lookup (docs/order-tracking.md): the order number and the phone or e-mail of
 * the checkout open the order's page; a lost link is mailed again to the order's own address.
 */
export default async function OrderTrackRoute({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, query] = await Promise.all([getTranslations('OrderTracking'), searchParams]);
  const number = one(query.order);
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-[minmax(0,1fr)_20rem]">
      <div>
        <h1 id="track-title" className="text-2xl font-bold text-coffee-900 sm:text-3xl">
          {t('title')}
        </h1>
        <p className="mt-1 mb-6 text-coffee-700">{t('intro')}</p>
        <section className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
          <TrackForm initialNumber={number} />
        </section>
      </div>
      <aside className="rounded-xl bg-coffee-50 p-4 sm:p-6">
        <h2 id="new-link-title" className="font-semibold text-coffee-900">
          {t('newLinkTitle')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-coffee-700">{t('newLinkIntro')}</p>
        <NewLinkForm initialNumber={number} />
      </aside>
    </div>
  );
}
