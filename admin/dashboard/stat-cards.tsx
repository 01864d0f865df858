import { type DashboardSummary, formatAed, toFils } from '@qahwa/schema';
import { useLocale, useTranslations } from 'next-intl';
import { Fragment } from 'react';
import { formatCount } from '@/i18n/format';

/**
 * Today's orders, the period's revenue, total products, active promotions and the period's cart
 * abandonment (carts left ÷ carts left and orders, docs/dashboard.md "Cart abandonment").
 */
export function StatCards({ summary }: { summary: DashboardSummary }) {
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  const periodOrders = summary.salesTrend.reduce((sum, d) => sum + d.orders, 0);
  const periodRevenueFils = summary.salesTrend.reduce((sum, d) => sum + toFils(d.revenue), 0);
  const abandonment = summary.cartAbandonment;
  const rate = new Intl.NumberFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB', {
    maximumFractionDigits: 1,
  });
  const cards = [
    {
      key: 'todayOrders',
      label: t('todayOrders'),
      value: formatCount(summary.today.orders, locale),
      hint: t('todayRevenue', { revenue: formatAed(toFils(summary.today.revenue), locale) }),
    },
    {
      key: 'periodRevenue',
      label: t('periodRevenue'),
      value: formatAed(periodRevenueFils, locale),
      hint: t('periodOrders', { count: periodOrders, orders: formatCount(periodOrders, locale) }),
    },
    {
      key: 'totalProducts',
      label: t('totalProducts'),
      value: formatCount(summary.totalProducts, locale),
      hint: t('totalProductsHint'),
    },
    {
      key: 'activePromotions',
      label: t('activePromotions'),
      value: formatCount(summary.activePromotions, locale),
      hint: t('activePromotionsHint'),
    },
    {
      key: 'cartAbandonment',
      label: t('cartAbandonment'),
      value: abandonment.rate === null ? '—' : `${rate.format(abandonment.rate)}%`,
      hint:
        abandonment.rate === null
          ? t('cartAbandonmentNone')
          : t('cartAbandonmentHint', {
              abandoned: formatCount(abandonment.abandoned, locale),
              carts: formatCount(abandonment.abandoned + abandonment.orders, locale),
              count: abandonment.abandoned + abandonment.orders,
            }),
    },
  ];
  return (
    <section aria-label={t('cardsLabel')}>
      {/* Five cards: two a row on a phone (the fifth across both), four then the fifth at 1280 px and up. */}
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-5">
        {cards.map((card) => (
          <div
            key={card.key}
            data-card={card.key}
            className="@container min-w-0 rounded-lg border border-stone-200 bg-white p-4 shadow-sm last:col-span-2 sm:p-5 xl:last:col-span-1"
          >
            <dt className="text-sm text-stone-600">{card.label}</dt>
            {/*
              The figure's size follows its card's width (cqi), and a long one (millions of
              dirhams, the Arabic currency after the number) wraps between the currency and the
              number, never inside either, instead of running out of the card.
            */}
            <dd className="mt-1 text-[clamp(0.875rem,11cqi,1.875rem)] leading-tight font-semibold text-coffee-900 tabular-nums">
              {card.value.split(' ').map((part, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the figure's words, fixed in order
                <Fragment key={i}>
                  {/* The space between words is the parent's: the only place the figure may wrap. */}
                  {i > 0 ? ' ' : null}
                  <span className="whitespace-nowrap">{part}</span>
                </Fragment>
              ))}
            </dd>
            <dd className="mt-1 text-xs text-stone-500">{card.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
