import 'server-only';
import {
  type DashboardPeriod,
  DashboardSummary,
  LeadDetail,
  LeadList,
  type LeadStatus,
  SessionResponse,
  type SessionUser,
} from '@qahwa/schema';
import { headers } from 'next/headers';
import { getLocale } from 'next-intl/server';
import { gatewayTimeoutMs, gatewayUrl } from './config';
import { errorCodeForStatus, GatewayError } from './gateway-error';

/** The part of a zod schema the adapter uses (the contracts live in @qahwa/schema). */
interface Contract<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

/**
 * GET a gateway path as the signed-in member of staff (server components call the gateway
 * directly; the browser goes through the /api proxy): the incoming cookie header is
 * forwarded as is (the session cookie is httpOnly and belongs to the gateway), and the
 * language so error texts come back in it. The body is checked against its contract.
 */
export async function gatewayGet<T>(path: string, schema: Contract<T>): Promise<T> {
  const [incoming, locale] = await Promise.all([headers(), getLocale()]);
  const cookie = incoming.get('cookie');
  let response: Response;
  try {
    response = await fetch(`${gatewayUrl}${path}`, {
      headers: {
        accept: 'application/json',
        'accept-language': locale,
        'x-locale': locale,
        ...(cookie ? { cookie } : {}),
      },
      cache: 'no-store',
      signal: AbortSignal.timeout(gatewayTimeoutMs),
    });
  } catch (cause) {
    throw new GatewayError('UNAVAILABLE', `GET ${path}: gateway unreachable`, null, { cause });
  }
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new GatewayError(
      errorCodeForStatus(response.status),
      `GET ${path}: ${response.status} ${body}`,
      response.status,
    );
  }
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new GatewayError(
      'BAD_RESPONSE',
      `GET ${path}: unexpected body: ${parsed.error.message}`,
      response.status,
    );
  }
  return parsed.data;
}

/** The signed-in member of staff, or null. Only an unreachable gateway throws. */
export async function getSessionUser(): Promise<SessionUser | null> {
  const incoming = await headers();
  if (!incoming.get('cookie')) return null;
  try {
    return (await gatewayGet('/api/auth/session', SessionResponse)).user;
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'UNAUTHORIZED') return null;
    throw error;
  }
}

/** The dashboard's ten figures (docs/dashboard.md) for one period of the picker. */
export function getDashboard(period: DashboardPeriod): Promise<DashboardSummary> {
  return gatewayGet(`/api/admin/dashboard?period=${period}`, DashboardSummary);
}

/** The leads list of `/backend/leads` (docs/leads.md), newest activity first, by status when given. */
export function getLeads(q: { status: LeadStatus | null; limit: number; offset: number }): Promise<LeadList> {
  const query = new URLSearchParams({ limit: String(q.limit), offset: String(q.offset) });
  if (q.status) query.set('status', q.status);
  return gatewayGet(`/api/admin/leads?${query}`, LeadList);
}

/** One lead of `/backend/leads/{id}` (docs/leads.md): contact, its road, cart, e-mails, order. */
export function getLead(id: string): Promise<LeadDetail> {
  return gatewayGet(`/api/admin/leads/${encodeURIComponent(id)}`, LeadDetail);
}
