import type { ServerResponse } from 'node:http';
import { redirectFor } from './hosted-page';
import { type HostedAction, type Payment, TabbyFakeError, type TabbyState } from './state';
import { type WebhookMode, type WebhookSender, type WebhookTarget, webhookBody } from './webhooks';

/**
 * The fake's test controls, in process (`fake.control`) and over HTTP under `/_fake/…` for tests
 * that run the fake as a separate process. Nothing here exists at Tabby.
 */

export interface TabbyFakeControl {
  /** Does what the hosted page's button does; answers the payment and where the shopper is sent. */
  act(paymentId: string, action: HostedAction): { payment: Payment; redirectUrl: string };
  approve(paymentId: string): { payment: Payment; redirectUrl: string };
  reject(paymentId: string): { payment: Payment; redirectUrl: string };
  cancel(paymentId: string): { payment: Payment; redirectUrl: string };
  expire(paymentId: string): { payment: Payment; redirectUrl: string };
  payment(paymentId: string): Payment;
  payments(): Payment[];
  captureCount(paymentId: string): number;
  /** For every payment, or for one (its mode wins over the global one). */
  setWebhookMode(mode: WebhookMode, paymentId?: string): void;
  deliveries: WebhookSender['deliveries'];
  /**
   * Sends one webhook now, outside the lifecycle: the payment's body with `status` replaced (a
   * lying "authorized" for a REJECTED payment) and/or another header (a forgery).
   */
  sendWebhook(
    paymentId: string,
    opts?: { status?: string; header?: { title: string; value: string } },
  ): Promise<number>;
  /** Resolves when every webhook under way (late ones included) has gone out. */
  idle(): Promise<void>;
  reset(): void;
  http(
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    res: ServerResponse,
  ): void | Promise<void>;
}

const MODES = ['normal', 'late', 'twice', 'out-of-order', 'never'] as const;

export function createFakeControl(
  state: TabbyState,
  webhooks: WebhookSender,
  target: () => WebhookTarget | null,
): TabbyFakeControl {
  function act(paymentId: string, action: HostedAction) {
    const payment = state.act(paymentId, action);
    return { payment, redirectUrl: redirectFor(state.session(payment.session_id), action) };
  }

  async function sendWebhook(
    paymentId: string,
    opts: { status?: string; header?: { title: string; value: string } } = {},
  ) {
    const t = target();
    if (!t) throw new TabbyFakeError(400, 'bad_data', 'No webhook URL is registered');
    const header = opts.header ?? t.header;
    const body = {
      ...webhookBody(state.payment(paymentId)),
      ...(opts.status ? { status: opts.status } : {}),
    };
    const res = await fetch(t.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [header.title]: header.value },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  }

  const control: TabbyFakeControl = {
    act,
    approve: (id) => act(id, 'approve'),
    reject: (id) => act(id, 'reject'),
    cancel: (id) => act(id, 'cancel'),
    expire: (id) => act(id, 'expire'),
    payment: (id) => state.payment(id),
    payments: () => state.list(),
    captureCount: (id) => state.payment(id).captures.length,
    setWebhookMode: (mode, paymentId) => webhooks.setMode(mode, paymentId),
    deliveries: (paymentId) => webhooks.deliveries(paymentId),
    sendWebhook,
    idle: () => webhooks.idle(),
    reset() {
      state.reset();
      webhooks.reset();
    },
    async http(method, path, query, body, res) {
      const json = (status: number, out: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(out));
      };
      const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      const hit = (verb: string, re: RegExp) => (method === verb ? path.match(re) : null);
      let m: RegExpMatchArray | null;
      m = hit('POST', /^\/_fake\/payments\/([^/]+)\/(approve|reject|cancel|expire)$/);
      if (m) {
        const out = act(decodeURIComponent(m[1] ?? ''), m[2] as HostedAction);
        return json(200, { payment: out.payment, redirect_url: out.redirectUrl });
      }
      m = hit('GET', /^\/_fake\/payments\/([^/]+)\/captures$/);
      if (m) {
        const p = state.payment(decodeURIComponent(m[1] ?? ''));
        return json(200, { count: p.captures.length, captures: p.captures });
      }
      m = hit('POST', /^\/_fake\/payments\/([^/]+)\/webhook$/);
      if (m) {
        const header = b.header as { title: string; value: string } | undefined;
        const status = await sendWebhook(decodeURIComponent(m[1] ?? ''), {
          ...(typeof b.status === 'string' ? { status: b.status } : {}),
          ...(header ? { header } : {}),
        });
        return json(200, { delivered: status });
      }
      if (path === '/_fake/payments' && method === 'GET') return json(200, state.list());
      if (path === '/_fake/webhooks/mode' && method === 'POST') {
        const kind = b.mode;
        if (!MODES.includes(kind as (typeof MODES)[number])) {
          throw new TabbyFakeError(400, 'bad_data', `mode must be one of ${MODES.join(', ')}`);
        }
        const mode = (
          kind === 'late' ? { kind, delayMs: Number(b.delay_ms ?? 5_000) } : { kind }
        ) as WebhookMode;
        webhooks.setMode(mode, typeof b.payment_id === 'string' ? b.payment_id : undefined);
        return json(200, { ok: true });
      }
      if (path === '/_fake/webhooks/deliveries' && method === 'GET') {
        return json(200, webhooks.deliveries(query.get('payment_id') ?? undefined));
      }
      if (path === '/_fake/reset' && method === 'POST') {
        control.reset();
        return json(200, { ok: true });
      }
      throw new TabbyFakeError(404, 'not_found', `No route ${method} ${path}`);
    },
  };
  return control;
}
