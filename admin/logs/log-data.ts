import 'server-only';
import { DeadLetterList } from '@qahwa/schema';
import { AuditLogList, AuditLogQuery, ConsumerDeadLetterList } from '@qahwa/schema/contracts';
import { gatewayGet } from '@/lib/gateway';
import { filterFromQuery, type QueryParams, queryOf } from '@/lib/url-filter';

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = Pick<AuditLogQuery, 'user' | 'module' | 'from' | 'to'>;

/** The audit filter from the page's query; values the gateway would refuse are dropped. */
export function auditFilterFromQuery(params: QueryParams): AuditFilter {
  return filterFromQuery(params, AuditLogQuery.shape, ['user', 'module', 'from', 'to']) as AuditFilter;
}

export function getAuditLog(filter: AuditFilter, page: { limit: number; offset: number }) {
  return gatewayGet(`/api/admin/audit-log?${queryOf({ ...filter, ...page })}`, AuditLogList);
}

export function getConsumerDeadLetters(state: 'open' | 'redriven' | 'all') {
  return gatewayGet(
    `/api/admin/dead-letters/consumers?${queryOf({ state, limit: 100 })}`,
    ConsumerDeadLetterList,
  );
}

export function getOutboxDeadLetters() {
  return gatewayGet('/api/admin/dead-letters?limit=100', DeadLetterList);
}
