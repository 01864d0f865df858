import 'server-only';
import { StaffProfile, StaffUser, StaffUserList } from '@qahwa/schema/contracts';
import { gatewayGet } from '@/lib/gateway';

/** The users screen's filter as the URL carries it (`?q=…&status=…&role=…`). */
export interface UserFilter {
  q?: string;
  status?: 'active' | 'inactive' | 'invited';
  role?: 'ADMIN' | 'STAFF';
}

const STATUSES = ['active', 'inactive', 'invited'] as const;
const ROLES = ['ADMIN', 'STAFF'] as const;

/** Unknown values are dropped, not sent: a typed URL never turns into a 400 page. */
export function userFilterFrom(params: Record<string, string | string[] | undefined>): UserFilter {
  const one = (k: string) => (typeof params[k] === 'string' ? (params[k] as string) : undefined);
  const q = one('q')?.trim().slice(0, 120);
  const status = STATUSES.find((s) => s === one('status'));
  const role = ROLES.find((r) => r === one('role'));
  return { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(role ? { role } : {}) };
}

export function listUsers(filter: UserFilter) {
  const query = new URLSearchParams({ ...filter, limit: '200' }).toString();
  return gatewayGet(`/api/admin/users?${query}`, StaffUserList);
}

export function getUser(id: string) {
  return gatewayGet(`/api/admin/users/${encodeURIComponent(id)}`, StaffUser);
}

export function getProfile() {
  return gatewayGet('/api/profile', StaffProfile);
}
