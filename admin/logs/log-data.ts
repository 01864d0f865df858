import 'server-only';
import { DeadLetterList } from '@qahwa/schema';
import { AuditLogList, AuditLogQuery, ConsumerDeadLetterList } from '@qahwa/schema/contracts/logs';
import { gatewayGet } from '../lib/gateway';
import { queryOf } from '../payments/payment-data';

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = Pick<AuditLogQuery, 'user' | 'module' | 'from' | 'to'>;

/** The audit filter from the page's query; values the gateway would refuse are dropped. */
export function auditFilterFromQuery(params: Record<string, string | string[] | undefined>): AuditFilter {
  const filter: Record<string, string> = {};
  for (const key of ['user', 'module', 'from', 'to'] as const) {
    const raw = params[key];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!value) continue;
    const parsed = AuditLogQuery.shape[key].safeParse(value);
    if (parsed.success && typeof parsed.data === 'string' && parsed.data) filter[key] = parsed.data;
  }
  return filter as AuditFilter;
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
