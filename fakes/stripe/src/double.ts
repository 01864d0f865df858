import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routeApi } from './api';
import { ChargeLedger, paymentIntentOf, type Refund } from './charges';
import { control } from './control';
import { Customers } from './customers';
import { IdempotencyKeys } from './idempotency';
import { now, randomId } from './ids';
import {
  API_VERSION,
  type ApiRequest,
  type Charge,
  type Dispute,
  type PaymentIntent,
  type StripeEvent,
} from './objects';
import { type Outage, Outages } from './outages';
import { PaymentIntents } from './payment-intents';
import { PaymentMethods } from './payment-methods';
import { createRequestHandler, send } from './server';
import { type DeliverOptions, type Delivery, WebhookSender, type WebhookSettings } from './webhooks';

/**
 * A stateful Stripe double: PaymentIntents (create, update, retrieve, confirm: payment-intents.ts),
 * PaymentMethods (create: payment-methods.ts), Customers and saved cards charged off-session
 * (customers.ts, off-session.ts), refunds and disputes of their charges (charges.ts)
 * and signed webhook events (webhooks.ts), following Stripe's REST contract (form-encoded bodies,
 * Stripe's JSON objects and error shapes, `Authorization: Bearer sk_…`: api.ts, server.ts), with
 * test controls (control.ts). stripe-mock stays the contract check; this double exists because
 * stripe-mock is stateless and cannot say that *this* intent succeeded for *this* amount.
 * Documented in docs/payments.md.
 */

export { API_VERSION, type Charge, type PaymentIntent, type StripeEvent } from './objects';
export type { Outage } from './outages';
export type { DeliverOptions, Delivery } from './webhooks';

export interface StripeDoubleOptions extends WebhookSettings {
  /** The only secret key accepted; default any `sk_test_…`. */
  secretKey?: string;
  /** The only publishable key accepted; default any `pk_test_…`. */
  publishableKey?: string;
}

export class StripeDouble {
  readonly intents = new Map<string, PaymentIntent>();
  readonly charges = new Map<string, Charge>();
  /** Refunds and disputes of those charges (charges.ts). */
  readonly ledger = new ChargeLedger(this);
  readonly events: StripeEvent[] = [];
  /** The Idempotency-Keys' first answers, kept 24 hours as Stripe keeps them (idempotency.ts). */
  readonly idempotency = new IdempotencyKeys();
  /** Stripe down for some callers, set by a test (outages.ts). */
  readonly outages = new Outages();
  private readonly webhooks = new WebhookSender(
    () => this.options,
    () => this.server !== null,
  );
  readonly deliveries: Delivery[] = this.webhooks.deliveries;
  private readonly paymentMethods = new PaymentMethods();
  /** Customers and their saved cards (customers.ts, off-session.ts). */
  readonly customers = new Customers(this.paymentMethods);
  private readonly paymentIntents = new PaymentIntents(this, this.paymentMethods, this.customers);
  private server: Server | null = null;
  options: StripeDoubleOptions;

  constructor(options: StripeDoubleOptions = {}) {
    this.options = { webhookSecret: 'whsec_test_double', ...options };
  }

  /** Starts listening; resolves with the base URL (`http://127.0.0.1:<port>`). */
  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    const api = {
      intents: this.intents,
      paymentIntents: this.paymentIntents,
      paymentMethods: this.paymentMethods,
      ledger: this.ledger,
      customers: this.customers,
    };
    const handle = createRequestHandler({
      keys: () => this.options,
      api: (method, path, params, auth, request) => routeApi(api, method, path, params, auth, request),
      control: (method, url, raw) => control(this, method, url, raw),
      idempotency: this.idempotency,
      outages: this.outages,
    });
    const server = createServer((req, res) => {
      handle(req, res).catch((err) => {
        send(res, 500, { error: { type: 'api_error', message: String(err) } });
      });
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return this.url;
  }

  get url(): string {
    const a = this.server?.address() as AddressInfo | null;
    if (!a) throw new Error('the Stripe double is not listening');
    return `http://${a.address}:${a.port}`;
  }

  /**
   * The `stripe` package's options that point it at this double (`new Stripe(key, double.clientConfig())`),
   * with no retries of its own so a test sees each answer.
   */
  clientConfig() {
    const url = new URL(this.url);
    return { host: url.hostname, port: Number(url.port), protocol: 'http' as const, maxNetworkRetries: 0 };
  }

  /** Stops listening after the deliveries under way have ended. */
  async close(): Promise<void> {
    await this.idle();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once no delivery (automatic or asked for) is under way. */
  async idle(): Promise<void> {
    await this.webhooks.idle();
  }

  /** The events about one PaymentIntent (its own, its charge's, its disputes'), oldest first. */
  eventsFor(paymentIntentId: string, type?: string): StripeEvent[] {
    return this.events.filter(
      (e) => paymentIntentOf(e.data.object) === paymentIntentId && (!type || e.type === type),
    );
  }

  /** The refunds of a PaymentIntent, oldest first. */
  refundsFor(paymentIntentId: string): Refund[] {
    return [...this.ledger.refunds.values()].filter((r) => r.payment_intent === paymentIntentId);
  }

  /**
   * Stripe's 24 hours pass for every Idempotency-Key used so far: a retry with one of them is a
   * new request (a second refund, if the charge has money left). Answers how many were pruned.
   */
  expireIdempotencyKeys(): number {
    return this.idempotency.expire();
  }

  /**
   * Stripe down for the requests the outage names (method, path, the caller's secret key): each is
   * answered 503 `api_error` (or `status`) and not carried out. Returns the function that ends it.
   */
  outage(outage: Outage): () => void {
    return this.outages.add(outage);
  }

  /** Ends every outage. */
  endOutages(): void {
    this.outages.clear();
  }

  /** Opens a dispute on the intent's charge, as a cardholder's bank would (`charge.dispute.created`). */
  dispute(paymentIntentId: string, reason?: Dispute['reason']): Dispute {
    const chargeId = this.intents.get(paymentIntentId)?.latest_charge;
    const charge = chargeId ? this.charges.get(chargeId) : undefined;
    if (!charge) throw new Error(`no charge for ${paymentIntentId}`);
    return this.ledger.dispute(charge, reason ?? 'fraudulent');
  }

  /**
   * Sends an event to the webhook endpoint, signed like Stripe (or, by the options, forged,
   * stale, changed after signing), as many times as asked; resolves with each answer's status.
   */
  async deliver(eventOrId: StripeEvent | string, opts: DeliverOptions = {}): Promise<Delivery[]> {
    const event = typeof eventOrId === 'string' ? this.events.find((e) => e.id === eventOrId) : eventOrId;
    if (!event) throw new Error(`no event ${String(eventOrId)}`);
    return this.webhooks.deliver(event, opts);
  }

  /**
   * Records an event with a copy of the object as it is now (and, like Stripe's `charge.refunded`,
   * the fields it had before) and delivers it when deliveries are automatic. `request` is null for
   * what no API call caused (a cardholder's dispute).
   */
  emitEvent(
    type: string,
    object: StripeEvent['data']['object'],
    request: ApiRequest | null,
    previous?: Record<string, unknown>,
  ): StripeEvent {
    const event: StripeEvent = {
      id: `evt_${randomId()}`,
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: this.options.webhookUrl ? 1 : 0,
      request: { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null },
      type,
    };
    this.events.push(event);
    const auto = this.options.autoDeliver ?? Boolean(this.options.webhookUrl);
    if (auto && this.options.webhookUrl) this.webhooks.deliverLater(event);
    return event;
  }
}

/** Starts a double on a port (0 = any free one). */
export async function startStripeDouble(options: StripeDoubleOptions = {}, port = 0) {
  const double = new StripeDouble(options);
  await double.listen(port);
  return double;
}
