'use client';

/**
 * The back office's calls from the browser: same origin, /backend/api/* (proxy.ts forwards them to
 * the gateway inside the staff cookie's path), in the page's language so an error comes back in
 * it. A refusal becomes an ApiError with the gateway's own words (the one error body).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

function locale(): string {
  return document.documentElement.lang === 'ar' ? 'ar' : 'en';
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  fallback = 'Request failed',
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/backend/api${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'x-locale': locale(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', fallback);
  }
  const data = (await response.json().catch(() => null)) as
    | (T & { error?: string; code?: string; issues?: { path: string; message: string }[] })
    | null;
  if (!response.ok) {
    if (response.status === 401) {
      // The session ended: sign in again and come back here.
      window.location.assign(`/backend/login?next=${encodeURIComponent(window.location.pathname)}`);
    }
    throw new ApiError(response.status, data?.code ?? 'HTTP', data?.error ?? fallback, data?.issues ?? []);
  }
  return data as T;
}
