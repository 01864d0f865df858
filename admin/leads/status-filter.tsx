import { LEAD_STATUSES, type LeadStatus } from '@qahwa/schema';
import Link from 'next/link';
import { useTranslations } from 'next-intl';

/** The status filter as links (the URL keeps it: a filtered list can be shared or reloaded). */
export function LeadStatusFilter({
  current,
  counts,
}: {
  current: LeadStatus | null;
  counts: Record<string, number>;
}) {
  const t = useTranslations('Leads');
  const tStatus = useTranslations('LeadStatus');
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  const options: { status: LeadStatus | null; label: string; count: number }[] = [
    { status: null, label: t('all'), count: all },
    ...LEAD_STATUSES.map((s) => ({ status: s, label: tStatus(s), count: counts[s] ?? 0 })),
  ];
  return (
    <nav aria-label={t('filter')} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => {
          const active = o.status === current;
          return (
            <li key={o.status ?? 'all'}>
              <Link
                href={o.status ? `/backend/leads?status=${o.status}` : '/backend/leads'}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm ${
                  active
                    ? 'border-coffee-700 bg-coffee-700 text-white'
                    : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50'
                }`}
              >
                {o.label}
                <span className="tabular-nums opacity-80">{o.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
