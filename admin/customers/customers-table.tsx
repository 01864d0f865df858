import { formatAed } from '@qahwa/schema';
import type { AdminCustomerSummary } from '@qahwa/schema/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { EmptyState } from '@/ui/empty-state';

/** The customers list: who, how to reach them, how much they bought and when they last ordered. */
export function CustomersTable({
  customers,
  empty,
}: {
  customers: readonly AdminCustomerSummary[];
  empty: string;
}) {
  const t = useTranslations('Customers');
  const locale = useLocale() === 'ar' ? 'ar' : 'en';
  if (customers.length === 0) return <EmptyState title={empty} />;
  const th =
    'px-2 py-3 sm:px-4 text-xs font-semibold uppercase tracking-wide whitespace-nowrap text-stone-500';
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-stone-200 text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="bg-stone-50">
          <tr>
            <th scope="col" className={`${th} text-start`}>
              {t('customer')}
            </th>
            <th scope="col" className={`${th} hidden text-start md:table-cell`}>
              {t('phone')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('orders')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('totalSpent')}
            </th>
            <th scope="col" className={`${th} hidden text-start md:table-cell`}>
              {t('lastOrder')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {customers.map((c) => (
            <tr key={c.id} className="hover:bg-amber-50/40">
              <th scope="row" className="px-2 py-3 text-start font-normal sm:px-4">
                <Link href={`/backend/customers/${c.id}`} className="font-medium text-amber-800 underline">
                  {c.fullName}
                </Link>
                <div className="text-xs text-stone-500">
                  <span dir="ltr">{c.email}</span>
                </div>
              </th>
              <td className="hidden px-2 py-3 whitespace-nowrap text-stone-700 sm:px-4 md:table-cell">
                <span dir="ltr">{c.phone}</span>
              </td>
              <td className="px-2 py-3 text-end text-stone-700 tabular-nums sm:px-4">{c.orderCount}</td>
              <td className="px-2 py-3 text-end font-medium whitespace-nowrap text-stone-900 tabular-nums sm:px-4">
                {formatAed(c.totalSpentFils, locale)}
              </td>
              <td className="hidden px-2 py-3 whitespace-nowrap text-stone-700 sm:px-4 md:table-cell">
                {c.lastOrderAt ? (
                  <time dateTime={c.lastOrderAt}>{formatDateTime(c.lastOrderAt, locale)}</time>
                ) : (
                  t('never')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
