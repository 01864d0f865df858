import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { currentSession } from '@/lib/current-user';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import { firstParam, type QueryParams, queryOf } from '@/lib/url-filter';
import { AuditFilters, AuditPager, AuditTable } from '@/logs/audit-log';
import { consumerRow, outboxRow } from '@/logs/dead-letter-rows';
import { DeadLetters } from '@/logs/dead-letters';
import {
  AUDIT_PAGE_SIZE,
  auditFilterFromQuery,
  getAuditLog,
  getConsumerDeadLetters,
  getOutboxDeadLetters,
} from '@/logs/log-data';
import { pageWindow, parsePage } from '@/orders/pagination';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Logs'))('title') };
}

export default async function LogsPage({ searchParams }: { searchParams: Promise<QueryParams> }) {
  const [t, params, user] = await Promise.all([getTranslations('Logs'), searchParams, currentSession()]);
  const tab = firstParam(params, 'tab') === 'dead' ? 'dead' : 'audit';
  const stateParam = firstParam(params, 'state');
  const state = stateParam === 'redriven' || stateParam === 'all' ? stateParam : 'open';
  const filter = auditFilterFromQuery(params);
  const page = parsePage(params.page);

  const result = await loadOrDeny(async () => {
    // The gateway's calls at once, not one after the other: each is a round trip and a query, and
    // in a row the page waited for all three in turn. The badge on the dead-letters tab needs its
    // count on both tabs.
    const consumersCall = getConsumerDeadLetters(tab === 'dead' ? state : 'open');
    if (tab === 'dead') {
      const [consumers, outbox] = await Promise.all([
        consumersCall,
        state === 'redriven' ? { deadLetters: [], total: 0 } : getOutboxDeadLetters(),
      ]);
      return { tab, consumers, outbox } as const;
    }
    const window = pageWindow(page, Number.MAX_SAFE_INTEGER, AUDIT_PAGE_SIZE);
    const [consumers, audit, outbox] = await Promise.all([
      consumersCall,
      getAuditLog(filter, { limit: window.limit, offset: window.offset }),
      getOutboxDeadLetters(),
    ]);
    return { tab, consumers, audit, outboxCount: outbox.total } as const;
  });
  if (!result.ok) return <Denied title={t('title')} reason={result.reason} />;
  const data = result.data;
  const waiting = data.consumers.openCount + (data.tab === 'dead' ? data.outbox.total : data.outboxCount);
  const tabClass = (active: boolean) =>
    `inline-flex items-center gap-2 border-b-2 px-4 py-2 text-sm font-medium ${
      active ? 'border-amber-700 text-amber-900' : 'border-transparent text-stone-600 hover:text-stone-900'
    }`;
  const stateClass = (active: boolean) =>
    `rounded-full px-3 py-1 text-xs font-medium ${active ? 'bg-stone-800 text-white' : 'bg-stone-100 text-stone-700'}`;
  return (
    <>
      <PageHeader title={t('title')} />
      <nav aria-label={t('tabs.label')} className="mb-4 flex gap-2 border-b border-stone-200">
        <Link
          href="/backend/logs"
          className={tabClass(data.tab === 'audit')}
          aria-current={data.tab === 'audit' ? 'page' : undefined}
        >
          {t('tabs.audit')}
        </Link>
        <Link
          href="/backend/logs?tab=dead"
          className={tabClass(data.tab === 'dead')}
          aria-current={data.tab === 'dead' ? 'page' : undefined}
        >
          {t('tabs.deadLetters')}
          {waiting > 0 ? (
            <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
              <span aria-hidden="true">{waiting}</span>
              <span className="sr-only">{t('deadLettersBadge', { count: waiting })}</span>
            </span>
          ) : null}
        </Link>
      </nav>
      {data.tab === 'audit' ? (
        <>
          <AuditFilters filter={filter} users={data.audit.users} />
          <p className="mb-2 text-sm text-stone-600">
            {data.audit.total > 0
              ? t('audit.summary', {
                  from: pageWindow(page, data.audit.total, AUDIT_PAGE_SIZE).from,
                  to: pageWindow(page, data.audit.total, AUDIT_PAGE_SIZE).to,
                  total: data.audit.total,
                })
              : null}
          </p>
          <AuditTable list={data.audit} filtered={Object.keys(filter).length > 0} />
          <AuditPager
            page={page}
            pages={pageWindow(page, data.audit.total, AUDIT_PAGE_SIZE).pages}
            query={queryOf({ ...filter })}
          />
        </>
      ) : (
        <>
          <p className="mb-4 max-w-3xl text-sm text-stone-600">{t('dead.intro')}</p>
          <nav className="mb-4 flex items-center gap-2" aria-label={t('dead.state')}>
            {(['open', 'redriven', 'all'] as const).map((s) => (
              <Link
                key={s}
                href={`/backend/logs?tab=dead${s === 'open' ? '' : `&state=${s}`}`}
                className={stateClass(state === s)}
                aria-current={state === s ? 'true' : undefined}
              >
                {t(`dead.${s}`)}
              </Link>
            ))}
          </nav>
          <h2 className="mb-1 text-base font-semibold text-stone-900">{t('dead.consumers')}</h2>
          <p className="mb-2 text-xs text-stone-500">{t('dead.consumersHelp')}</p>
          <DeadLetters
            rows={data.consumers.deadLetters.map(consumerRow)}
            canEdit={user ? can(user, 'logs', 'edit') : false}
          />
          {state !== 'redriven' ? (
            <>
              <h2 className="mt-6 mb-1 text-base font-semibold text-stone-900">{t('dead.outbox')}</h2>
              <p className="mb-2 text-xs text-stone-500">{t('dead.outboxHelp')}</p>
              <DeadLetters
                rows={data.outbox.deadLetters.map(outboxRow)}
                canEdit={user ? can(user, 'logs', 'edit') : false}
              />
            </>
          ) : null}
        </>
      )}
    </>
  );
}
