import type { ChargeLedger } from './charges';
import { now } from './ids';
import type { PaymentIntent, StripeEvent } from './objects';
import { type Outage, outageFromJson } from './outages';
import type { DeliverOptions, Delivery } from './webhooks';

/**
 * Test and development controls under `/_double/` (not Stripe's API; JSON bodies): see
 * docs/payments.md. Never in Stripe's namespace, so a client cannot come to depend on them.
 */

/** What the controls reach of the double. */
export interface ControlHost {
  options: { webhookUrl?: string; autoDeliver?: boolean };
  events: StripeEvent[];
  intents: Map<string, PaymentIntent>;
  ledger: Pick<ChargeLedger, 'control'>;
  eventsFor(paymentIntentId: string): StripeEvent[];
  deliver(eventId: string, opts: DeliverOptions): Promise<Delivery[]>;
  expireIdempotencyKeys(): number;
  outage(outage: Outage): () => void;
  endOutages(): void;
}

export async function control(
  host: ControlHost,
  method: string,
  url: URL,
  raw: string,
): Promise<{ status: number; body: unknown }> {
  const path = url.pathname;
  const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  if (method === 'GET' && path === '/_double/health') return { status: 200, body: { ok: true } };
  if (method === 'POST' && path === '/_double/config') {
    if (typeof body.webhookUrl === 'string') host.options.webhookUrl = body.webhookUrl;
    if (typeof body.autoDeliver === 'boolean') host.options.autoDeliver = body.autoDeliver;
    return {
      status: 200,
      body: { webhookUrl: host.options.webhookUrl ?? null, autoDeliver: host.options.autoDeliver ?? null },
    };
  }
  if (method === 'POST' && path === '/_double/idempotency/expire') {
    return { status: 200, body: { expired: host.expireIdempotencyKeys() } };
  }
  // Stripe down for the requests named (method, path as a regular expression, secret key) until
  // DELETE /_double/outage ends every outage.
  if (method === 'POST' && path === '/_double/outage') {
    host.outage(outageFromJson(body));
    return { status: 200, body: { ok: true } };
  }
  if (method === 'DELETE' && path === '/_double/outage') {
    host.endOutages();
    return { status: 200, body: { ok: true } };
  }
  if (method === 'GET' && path === '/_double/events') {
    const pi = url.searchParams.get('payment_intent');
    return { status: 200, body: { data: pi ? host.eventsFor(pi) : host.events } };
  }
  const deliver = path.match(/^\/_double\/events\/(evt_[A-Za-z0-9]+)\/deliver$/);
  if (method === 'POST' && deliver) {
    const staleSeconds = typeof body.staleSeconds === 'number' ? body.staleSeconds : 0;
    const deliveries = await host.deliver(deliver[1]!, {
      times: typeof body.times === 'number' ? body.times : 1,
      concurrent: body.concurrent === true,
      delayMs: typeof body.delayMs === 'number' ? body.delayMs : 0,
      ...(staleSeconds ? { timestamp: now() - staleSeconds } : {}),
    });
    return { status: 200, body: { deliveries } };
  }
  const intent = path.match(/^\/_double\/payment_intents\/(pi_[A-Za-z0-9]+)$/);
  if (method === 'GET' && intent) {
    const found = host.intents.get(intent[1]!);
    return found
      ? { status: 200, body: found }
      : {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
        };
  }
  const ledger = host.ledger.control(method, path, body);
  if (ledger) return ledger;
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `Unknown control ${method} ${path}` } },
  };
}
