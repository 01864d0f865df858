import { formatAed, type LeadStatus, type LeadSummary, type Locale } from '@qahwa/schema';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { Badge } from '@/ui/badge';
import { DataTable } from '@/ui/data-table';
import { EmptyState } from '@/ui/empty-state';

// Colour follows the lead's road: left behind (amber), at the payment step (blue), bought (green).
const TONE: Record<LeadStatus, string> = {
  NEW: 'bg-stone-100 text-stone-700 ring-stone-500/20',
  ABANDONED: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  QUALIFIED: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  CONVERTED: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  const t = useTranslations('LeadStatus');
  return <Badge tone={TONE[status]}>{t(status)}</Badge>;
}

/** `/backend/leads` (docs/leads.md): who, how far, what was in the cart, what we did. */
export function LeadsTable({ leads, caption }: { leads: readonly LeadSummary[]; caption: string }) {
  const t = useTranslations('Leads');
  const tTrigger = useTranslations('LeadTrigger');
  const locale = useLocale() as Locale;
  if (leads.length === 0) return <EmptyState title={t('empty')} />;
  const columns = [
    { key: 'customer', header: t('customer'), className: 'text-start' },
    { key: 'status', header: t('status'), className: 'text-start' },
    { key: 'cartValue', header: t('cartValue'), className: 'text-end' },
    { key: 'items', header: t('items'), className: 'hidden text-start lg:table-cell' },
    { key: 'trigger', header: t('trigger'), className: 'hidden text-start md:table-cell' },
    { key: 'lastActivity', header: t('lastActivity'), className: 'hidden text-start md:table-cell' },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      headers="caps"
      state={{ status: 'ready', empty: false }}
      loadingLabel={caption}
      empty={{ title: t('empty') }}
    >
      {leads.map((lead) => (
        <tr key={lead.id} className="align-top hover:bg-amber-50/40">
          <th scope="row" className="px-2 py-3 sm:px-4 text-start font-normal">
            <Link
              href={`/backend/leads/${lead.id}`}
              className="font-medium text-amber-800 underline-offset-2 hover:underline"
              aria-label={t('openNamed', { name: lead.fullName ?? lead.email })}
            >
              {lead.fullName ?? t('open')}
            </Link>
            <div className="text-xs text-stone-500">
              <a className="underline-offset-2 hover:underline" href={`mailto:${lead.email}`} dir="ltr">
                {lead.email}
              </a>
            </div>
          </th>
          <td className="px-2 py-3 sm:px-4">
            <LeadStatusBadge status={lead.status} />
            {lead.recoverySentAt ? (
              <div className="mt-1 text-xs text-stone-500">
                {t('recoverySent', { when: formatDateTime(lead.recoverySentAt, locale) })}
              </div>
            ) : null}
          </td>
          <td className="px-2 py-3 sm:px-4 text-end whitespace-nowrap font-medium text-stone-900 tabular-nums">
            {lead.cartValueFils === null ? '—' : formatAed(lead.cartValueFils, locale)}
            <div className="text-xs font-normal text-stone-500">
              {t('itemCount', { count: lead.itemCount })}
            </div>
          </td>
          <td className="hidden px-2 py-3 sm:px-4 text-stone-700 lg:table-cell">
            <ul className="space-y-0.5">
              {lead.items.slice(0, 4).map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a lead's lines have no id of their own, and never reorder here
                <li key={i}>
                  {item.quantity} × {item.name}
                  {item.variation ? <span className="text-stone-500"> · {item.variation}</span> : null}
                </li>
              ))}
              {lead.items.length > 4 ? (
                <li className="text-stone-500">{t('moreItems', { count: lead.items.length - 4 })}</li>
              ) : null}
            </ul>
          </td>
          <td className="hidden px-2 py-3 sm:px-4 whitespace-nowrap text-stone-700 md:table-cell">
            {lead.abandonmentTrigger ? tTrigger(lead.abandonmentTrigger) : '—'}
          </td>
          <td className="hidden px-2 py-3 sm:px-4 whitespace-nowrap text-stone-700 md:table-cell">
            <time dateTime={lead.lastActivityAt}>{formatDateTime(lead.lastActivityAt, locale)}</time>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
