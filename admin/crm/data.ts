import 'server-only';
import {
  AdminBrevoStatus,
  AdminContactList,
  AdminSubscriberList,
  type SubscriberStatus,
} from '@qahwa/schema';
import { gatewayGet } from '@/lib/gateway';
import { isGatewayError } from '@/lib/gateway-error';

/** The CRM screens' reads (docs/crm.md): the gateway checks the module's permission. */

export type ContactFilter = 'all' | 'unread' | 'read';

export function getContacts(q: {
  status: ContactFilter;
  limit: number;
  offset: number;
}): Promise<AdminContactList> {
  const query = new URLSearchParams({ status: q.status, limit: String(q.limit), offset: String(q.offset) });
  return gatewayGet(`/api/admin/contacts?${query}`, AdminContactList);
}

export function getSubscribers(q: {
  q: string;
  status?: SubscriberStatus | undefined;
  limit: number;
  offset: number;
}): Promise<AdminSubscriberList> {
  const query = new URLSearchParams({
    limit: String(q.limit),
    offset: String(q.offset),
    ...(q.q ? { q: q.q } : {}),
    ...(q.status ? { status: q.status } : {}),
  });
  return gatewayGet(`/api/admin/subscribers?${query}`, AdminSubscriberList);
}

export function getBrevoStatus(): Promise<AdminBrevoStatus> {
  return gatewayGet('/api/admin/brevo', AdminBrevoStatus);
}

export type Loaded<T> = { ok: true; data: T } | { ok: false; reason: 'UNAUTHORIZED' | 'FORBIDDEN' };

/** A refusal becomes a screen (sign in again, or "no access"); anything else goes to the error boundary. */
export async function loadOrRefuse<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await read() };
  } catch (error) {
    if (isGatewayError(error, 'UNAUTHORIZED') || isGatewayError(error, 'FORBIDDEN')) {
      return { ok: false, reason: error.code as 'UNAUTHORIZED' | 'FORBIDDEN' };
    }
    throw error;
  }
}

/** `?page=` as a 1-based page number; anything odd is page 1. */
export function pageOf(value: string | string[] | undefined): number {
  const n = typeof value === 'string' ? Number(value) : 1;
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
