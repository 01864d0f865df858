import { DASHBOARD_PERIODS, type DashboardPeriod } from '@qahwa/schema';
import Link from 'next/link';
import { useTranslations } from 'next-intl';

/**
 * Links, not a form: each sets `?period=` and works without JavaScript; the chosen one carries
 * aria-current. The period applies to the trend, growth and product figures; today's orders and
 * the status counts are "now" whatever it is.
 */
export function PeriodPicker({ current }: { current: DashboardPeriod }) {
  const t = useTranslations('Dashboard');
  return (
    <nav aria-label={t('periodLabel')}>
      <ul className="inline-flex max-w-full flex-wrap rounded-lg border border-stone-200 bg-white p-0.5 shadow-sm">
        {DASHBOARD_PERIODS.map((period) => {
          const active = period === current;
          return (
            <li key={period}>
              <Link
                href={`/backend?period=${period}`}
                aria-current={active ? 'page' : undefined}
                className={`block rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap sm:px-3 ${
                  active
                    ? 'bg-coffee-800 text-white'
                    : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900'
                }`}
              >
                {t(`periods.${period}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
