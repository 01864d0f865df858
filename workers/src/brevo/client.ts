import type { MarketingPayload } from '@qahwa/db';

/**
 * A refusal or failure from Brevo. `retryable`: a 429, a 5xx or no answer at all (try again
 * later); anything else (401 bad key, 400 bad contact) will not get better by itself.
 */
export class BrevoError extends Error {
  override readonly name = 'BrevoError';
  constructor(
    message: string,
    readonly status: number | null,
    /** Brevo's `code` (unauthorized, duplicate_parameter, …), or `network` / `timeout`. */
    readonly code: string,
    readonly retryable: boolean,
    /** From `x-sib-ratelimit-reset` on a 429: when Brevo says to come back. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}
export const isBrevoError = (e: unknown): e is BrevoError => e instanceof BrevoError;

export interface BrevoClient {
  /** Creates the contact or updates it in place (`updateEnabled`): the same call twice is one contact. */
  upsertContact(payload: MarketingPayload): Promise<{ created: boolean }>;
}

/** Brevo's contacts API over fetch (developers.brevo.com "Create a contact"), `api-key` auth. */
export function createBrevoClient(o: { apiKey: string; apiBase: string; timeoutMs: number }): BrevoClient {
  const base = o.apiBase.replace(/\/+$/, '');
  return {
    async upsertContact(payload) {
      let res: Response;
      try {
        res = await fetch(`${base}/v3/contacts`, {
          method: 'POST',
          headers: { 'api-key': o.apiKey, accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({ ...payload, updateEnabled: true }),
          signal: AbortSignal.timeout(o.timeoutMs),
        });
      } catch (err) {
        const timeout = err instanceof Error && err.name === 'TimeoutError';
        throw new BrevoError(
          timeout
            ? `Brevo did not answer within ${o.timeoutMs} ms`
            : `Brevo unreachable: ${(err as Error).message}`,
          null,
          timeout ? 'timeout' : 'network',
          true,
        );
      }
      if (res.status === 201 || res.status === 204 || res.status === 200) {
        await res.arrayBuffer();
        return { created: res.status === 201 };
      }
      const text = await res.text();
      let code = `http_${res.status}`;
      let message = text.slice(0, 300);
      try {
        const body = JSON.parse(text) as { code?: unknown; message?: unknown };
        if (typeof body.code === 'string') code = body.code;
        if (typeof body.message === 'string') message = body.message;
      } catch {
        // Not JSON (a proxy's page): the status and the start of the text are the reason.
      }
      const reset = Number(res.headers.get('x-sib-ratelimit-reset'));
      const retryable = res.status === 429 || res.status >= 500;
      throw new BrevoError(
        `Brevo ${res.status} ${code}: ${message}`,
        res.status,
        code,
        retryable,
        res.status === 429 && Number.isFinite(reset) && reset >= 0 ? reset * 1000 : undefined,
      );
    },
  };
}
