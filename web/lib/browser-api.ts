import { uuid } from '@/checkout/uuid';

/**
 * The storefront's calls from the browser, in one place: same origin, /api/* (proxy.ts forwards
 * them to the gateway), JSON both ways, a fresh request id per call so the gateway's
 * logs follow it. The shopper's language goes as the locale cookie, which the browser sends.
 *
 * Nothing here throws: a call ends as the gateway's answer, its refusal read from the one error
 * body every gateway error has (`{ error, code, issues? }`), or `network` when no answer came
 * (offline, or aborted — a caller that aborts checks its own signal). Each screen keeps its own
 * words for a refusal without text and for the network (SPEC 8), so those stay with the caller.
 * Zod-free: every page loads it (web/test/bundle-boundaries.test.ts).
 */

/** One field the gateway refused: a JSON pointer to it, and why, in the shopper's language. */
export interface ApiIssue {
  path: string;
  message: string;
}

/** The gateway's one error body as the storefront reads it. */
export interface ApiRefusal {
  /** The gateway's sentence (already in the shopper's language); null when it sent none. */
  message: string | null;
  /** The gateway's error code (COUPON_REFUSED, PRICE_CHANGED, PAY_LATER_…) when it sent one. */
  code?: string;
  issues: ApiIssue[];
}

export type ApiAnswer =
  | { ok: true; status: number; body: unknown; headers: Headers }
  | ({ ok: false; reason: 'server'; status: number; body: unknown; headers: Headers } & ApiRefusal)
  | { ok: false; reason: 'network' };

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH';
  /** Sent as JSON. */
  body?: unknown;
  /** More headers (an Idempotency-Key, an explicit x-locale). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The request outlives the page (a lead report while the shopper leaves for a provider). */
  keepalive?: boolean;
  cache?: RequestCache;
}

/** The one error mapping: what a gateway error body (or any unreadable answer) says. */
export function refusalOf(body: unknown): ApiRefusal {
  const b = body as { error?: unknown; code?: unknown; issues?: unknown } | null;
  const issues = Array.isArray(b?.issues)
    ? (b.issues as unknown[]).filter(
        (i): i is ApiIssue =>
          typeof (i as ApiIssue | null)?.path === 'string' &&
          typeof (i as ApiIssue | null)?.message === 'string',
      )
    : [];
  return {
    message: typeof b?.error === 'string' && b.error !== '' ? b.error : null,
    ...(typeof b?.code === 'string' ? { code: b.code } : {}),
    issues,
  };
}

export async function api(path: string, options: ApiOptions = {}): Promise<ApiAnswer> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: options.method ?? 'GET',
      headers: {
        accept: 'application/json',
        'x-request-id': uuid(),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.keepalive ? { keepalive: true } : {}),
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch {
    return { ok: false, reason: 'network' };
  }
  // A proxy's error page or an empty body reads as null: the caller's own words then.
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true, status: res.status, body, headers: res.headers };
  return { ok: false, reason: 'server', status: res.status, body, headers: res.headers, ...refusalOf(body) };
}
