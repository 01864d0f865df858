import type { z } from 'zod';
import { TabbyError } from './errors';
import type { TabbyClient, TabbyClientOptions } from './types';
import {
  captureBody,
  PaymentWire,
  paymentOf,
  refundBody,
  SessionWire,
  sessionBody,
  sessionOf,
  WebhookWire,
} from './wire';

/**
 * The one Tabby client (docs/tabby.md, /work/shared/TABBY.md): the gateway creates sessions with
 * it, the pay-later workflow's activities read, capture and close payments with it. It speaks
 * Tabby's wire format (snake_case, amounts as "100.00") and hands out integer fils, so no caller
 * ever formats or parses a Tabby amount itself.
 *
 * It never retries on its own: a session create is not idempotent on Tabby's side (a retry could
 * open a second session), and the workflow's activities are retried by Temporal, which knows
 * whether a retry is safe. `TabbyError.retryable` tells the caller which failures are worth it.
 */

export function createTabbyClient(o: TabbyClientOptions): TabbyClient {
  const base = o.apiBase.replace(/\/+$/, '');
  const doFetch = o.fetch ?? fetch;
  const timeoutMs = o.timeoutMs ?? 10_000;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const what = `${method} ${path}`;
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${o.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new TabbyError(
        `Tabby ${what}: ${timedOut ? `no answer in ${timeoutMs} ms` : `network failure (${String(err)})`}`,
        timedOut ? 'TABBY_TIMEOUT' : 'TABBY_NETWORK',
        0,
        null,
        true,
      );
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // Kept as text: a proxy's HTML error page is still worth logging.
    }
    if (!res.ok) {
      const retryable = res.status >= 500 || res.status === 429 || res.status === 408;
      throw new TabbyError(`Tabby ${what}: HTTP ${res.status}`, 'TABBY_HTTP', res.status, parsed, retryable);
    }
    const out = schema.safeParse(parsed);
    if (!out.success) {
      // A 2xx we cannot read is Tabby's fault or a proxy's; a later attempt may read fine.
      throw new TabbyError(
        `Tabby ${what}: unexpected answer (${out.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`,
        'TABBY_BAD_RESPONSE',
        res.status,
        parsed,
        true,
      );
    }
    return out.data;
  }

  const paymentPath = (id: string) => `/api/v2/payments/${encodeURIComponent(id)}`;

  return {
    async createSession(req) {
      return sessionOf(await call('POST', '/api/v2/checkout', SessionWire, sessionBody(req, o.merchantCode)));
    },
    async getPayment(paymentId) {
      return paymentOf(await call('GET', paymentPath(paymentId), PaymentWire));
    },
    async capture(paymentId, req) {
      return paymentOf(
        await call('POST', `${paymentPath(paymentId)}/captures`, PaymentWire, captureBody(req)),
      );
    },
    async close(paymentId) {
      return paymentOf(await call('POST', `${paymentPath(paymentId)}/close`, PaymentWire));
    },
    async refund(paymentId, req) {
      return paymentOf(await call('POST', `${paymentPath(paymentId)}/refunds`, PaymentWire, refundBody(req)));
    },
    async registerWebhook(reg) {
      return call('POST', '/api/v1/webhooks', WebhookWire, reg, { 'x-merchant-code': o.merchantCode });
    },
  };
}
