import type { DashboardSummary } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '../i18n/format';

const CARDS = ['todayOrders', 'totalOrders', 'totalProducts', 'activePromotions'] as const;

export function StatCards({ summary }: { summary: DashboardSummary }) {
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  return (
    <section aria-label={t('cardsLabel')}>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {CARDS.map((key) => (
          <div key={key} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
            <dt className="text-sm text-stone-600">{t(key)}</dt>
            <dd className="mt-1 text-2xl font-semibold text-coffee-900 tabular-nums sm:text-3xl">
              {formatCount(summary[key], locale)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
