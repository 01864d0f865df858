import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DECLINES, SUCCEEDING, TEST_PAYMENT_METHODS } from './cards';
import { ChargeLedger, type Dispute, paymentIntentOf, type Refund } from './charges';
import { invalid, type StripeErrorBody, StripeHttpError } from './errors';
import { type FormObject, list, obj, parseForm, str } from './form';
import { now, randomId } from './ids';
import { signPayload } from './signature';

/**
 * A stateful Stripe double: PaymentIntents (create, update, retrieve, confirm), PaymentMethods
 * (create), refunds and disputes of their charges (charges.ts) and signed webhook events, following Stripe's REST contract (form-encoded bodies,
 * Stripe's JSON objects and error shapes, `Authorization: Bearer sk_…`). stripe-mock stays the
 * contract check; this double exists because stripe-mock is stateless and cannot say that
 * *this* intent succeeded for *this* amount. Documented in docs/payments.md.
 */

export const API_VERSION = '2026-10-28.endive';
/** Stripe's smallest AED charge is 2.00 AED (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). */
const MIN_AMOUNT = { aed: 200 } as Record<string, number>;
const MAX_AMOUNT = 99_999_999;

type Status = 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  capture_method: 'automatic' | 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: null;
  description: string | null;
  last_payment_error: StripeErrorBody | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  shipping: null;
  status: Status;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  /** What refunds gave back so far; `refunded` once it is the whole amount (charges.ts). */
  amount_refunded: number;
  refunded: boolean;
  /** A dispute (chargeback) was opened on it (charges.ts). */
  disputed: boolean;
  currency: string;
  paid: boolean;
  status: 'succeeded' | 'failed';
  payment_intent: string;
  payment_method: string;
  billing_details: Record<string, unknown>;
  outcome: { type: string; network_status: string; seller_message: string };
  payment_method_details: {
    type: 'card';
    card: { brand: string; last4: string; wallet: { type: string } | null };
  };
  created: number;
  livemode: false;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  /** The object at that moment: the intent (payment_intent.*), the charge (charge.refunded) or the dispute (charge.dispute.*). */
  data: { object: PaymentIntent | Charge | Dispute; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; wallet: { type: string } | null };
  billing_details: Record<string, unknown>;
  number: string;
}

export interface Delivery {
  eventId: string;
  status: number | 'network-error';
  at: number;
}

export interface DeliverOptions {
  /** How many times to send it (Stripe may deliver an event more than once). */
  times?: number;
  /** Send the copies at once rather than one after another. */
  concurrent?: boolean;
  /** Wait this long first (a late delivery). */
  delayMs?: number;
  /** Sign with this Unix time instead of now (a stale delivery). */
  timestamp?: number;
  /** Sign with this secret instead of the endpoint's (a forgery). */
  secret?: string;
  /** Change the body after signing it. */
  tamper?: (payload: string) => string;
  /** Deliver somewhere else than the configured endpoint. */
  url?: string;
}

export interface StripeDoubleOptions {
  /** The endpoint events are sent to; none = events are only recorded. */
  webhookUrl?: string;
  /** The endpoint's signing secret (`whsec_…`). */
  webhookSecret?: string;
  /** Send each event to the webhook as it happens (default true when a webhookUrl is set). */
  autoDeliver?: boolean;
  /** Delays before re-sending an automatic delivery that failed (Stripe retries for days). */
  retryDelaysMs?: number[];
  /** The only secret key accepted; default any `sk_test_…`. */
  secretKey?: string;
  /** The only publishable key accepted; default any `pk_test_…`. */
  publishableKey?: string;
  /** Called for each delivery's outcome (tests and the CLI's log). */
  onDelivery?: (d: Delivery) => void;
}

type Auth = { kind: 'secret' } | { kind: 'publishable' };

export class StripeDouble {
  readonly intents = new Map<string, PaymentIntent>();
  readonly charges = new Map<string, Charge>();
  /** Refunds and disputes of those charges (charges.ts). */
  readonly ledger = new ChargeLedger(this);
  readonly events: StripeEvent[] = [];
  readonly deliveries: Delivery[] = [];
  private readonly paymentMethods = new Map<string, PaymentMethod>();
  private readonly idempotent = new Map<string, { body: string; status: number; json: string; at: number }>();
  private readonly pending = new Set<Promise<unknown>>();
  private server: Server | null = null;
  options: StripeDoubleOptions;

  constructor(options: StripeDoubleOptions = {}) {
    this.options = { webhookSecret: 'whsec_test_double', ...options };
  }

  /** Starts listening; resolves with the base URL (`http://127.0.0.1:<port>`). */
  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((err) => {
        this.send(res, 500, { error: { type: 'api_error', message: String(err) } });
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
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
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
    const url = opts.url ?? this.options.webhookUrl;
    if (!url) throw new Error('no webhook URL configured');
    const times = opts.times ?? 1;
    const run = async () => {
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      const once = () => this.post(url, event, opts);
      if (opts.concurrent) return Promise.all(Array.from({ length: times }, once));
      const out: Delivery[] = [];
      for (let i = 0; i < times; i++) out.push(await once());
      return out;
    };
    return this.track(run());
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => {});
    return p;
  }

  private async post(url: string, event: StripeEvent, opts: DeliverOptions): Promise<Delivery> {
    const payload = JSON.stringify(event, null, 2);
    const signature = signPayload(payload, opts.secret ?? this.options.webhookSecret!, opts.timestamp);
    const body = opts.tamper ? opts.tamper(payload) : payload;
    let status: Delivery['status'];
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signature,
        },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = 'network-error';
    }
    const d: Delivery = { eventId: event.id, status, at: Date.now() };
    this.deliveries.push(d);
    this.options.onDelivery?.(d);
    return d;
  }

  /**
   * Records an event with a copy of the object as it is now (and, like Stripe's `charge.refunded`,
   * the fields it had before) and delivers it when deliveries are automatic. `request` is null for
   * what no API call caused (a cardholder's dispute).
   */
  emitEvent(
    type: string,
    object: StripeEvent['data']['object'],
    request: { id: string; idempotencyKey: string | null } | null,
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
    if (auto && this.options.webhookUrl) {
      // Like Stripe: deliver after the API call answered, retry a failed delivery later.
      void this.track(this.deliverWithRetries(event));
    }
    return event;
  }

  private async deliverWithRetries(event: StripeEvent) {
    const delays = this.options.retryDelaysMs ?? [500, 2000, 5000];
    await new Promise((r) => setTimeout(r, 5));
    for (let attempt = 0; ; attempt++) {
      const d = await this.post(this.options.webhookUrl!, event, {});
      if (typeof d.status === 'number' && d.status >= 200 && d.status < 300) return;
      const delay = delays[attempt];
      if (delay === undefined || !this.server) return;
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  // ---- HTTP ----------------------------------------------------------------------------------

  private send(res: ServerResponse, status: number, body: unknown, requestId = `req_${randomId(14)}`) {
    if (res.headersSent) return;
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': API_VERSION,
      ...this.cors(),
    });
    res.end(JSON.stringify(body, null, 2));
  }

  /** Stripe.js calls the API from the storefront's origin; Stripe answers CORS for any origin. */
  private cors() {
    return {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      'access-control-allow-headers':
        'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
      'access-control-max-age': '300',
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://double');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const requestId = `req_${randomId(14)}`;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, this.cors());
      res.end();
      return;
    }
    try {
      if (url.pathname.startsWith('/_double/')) return this.control(req.method ?? 'GET', url, raw, res);
      const isJson = (req.headers['content-type'] ?? '').includes('application/json');
      const params: FormObject =
        req.method === 'GET'
          ? parseForm(url.search.slice(1))
          : isJson
            ? (JSON.parse(raw || '{}') as FormObject)
            : parseForm(raw);
      const auth = this.authenticate(req, params);
      const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      if (key) {
        const seen = this.idempotent.get(`${url.pathname} ${key}`);
        if (seen) {
          if (seen.body !== raw) {
            throw new StripeHttpError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            });
          }
          res.writeHead(seen.status, {
            'content-type': 'application/json',
            'idempotent-replayed': 'true',
            'request-id': requestId,
            ...this.cors(),
          });
          res.end(seen.json);
          return;
        }
      }
      const { status, body } = this.route(req.method ?? 'GET', url.pathname, params, auth, {
        id: requestId,
        idempotencyKey: key ?? null,
      });
      if (key) {
        this.idempotent.set(`${url.pathname} ${key}`, {
          body: raw,
          status,
          json: JSON.stringify(body, null, 2),
          at: Date.now(),
        });
      }
      this.send(res, status, body, requestId);
    } catch (err) {
      if (err instanceof StripeHttpError) return this.send(res, err.status, { error: err.body }, requestId);
      if (err instanceof SyntaxError)
        return this.send(res, 400, { error: { type: 'invalid_request_error', message: 'Invalid JSON' } });
      throw err;
    }
  }

  private authenticate(req: IncomingMessage, params: FormObject): Auth {
    const header = req.headers.authorization ?? '';
    const bearer = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    // Stripe.js sends its publishable key as the `key` form field rather than a header.
    const key = bearer || str(params.key) || '';
    const { secretKey, publishableKey } = this.options;
    if (key.startsWith('sk_') && (secretKey ? key === secretKey : key.startsWith('sk_test_'))) {
      return { kind: 'secret' };
    }
    if (key.startsWith('pk_') && (publishableKey ? key === publishableKey : key.startsWith('pk_test_'))) {
      return { kind: 'publishable' };
    }
    if (!key) {
      throw invalid(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        undefined,
        undefined,
        401,
      );
    }
    throw invalid(`Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}`, undefined, undefined, 401);
  }

  private route(
    method: string,
    path: string,
    params: FormObject,
    auth: Auth,
    request: { id: string; idempotencyKey: string | null },
  ): { status: number; body: unknown } {
    const secretOnly = () => {
      if (auth.kind !== 'secret') {
        throw invalid(
          'This API call cannot be made with a publishable API key. Please use a secret API key.',
          undefined,
          'secret_key_required',
          401,
        );
      }
    };
    if (method === 'POST' && path === '/v1/payment_intents') {
      secretOnly();
      return { status: 200, body: this.expand(this.create(params, request), params) };
    }
    if (method === 'POST' && path === '/v1/payment_methods') {
      return { status: 200, body: this.publicMethod(this.createPaymentMethod(params)) };
    }
    const m = path.match(/^\/v1\/payment_intents\/([A-Za-z0-9_]+)(\/confirm)?$/);
    if (m) {
      const intent = this.intents.get(m[1]!);
      if (!intent) {
        throw invalid(`No such payment_intent: '${m[1]}'`, 'intent', 'resource_missing', 404);
      }
      if (auth.kind === 'publishable' && str(params.client_secret) !== intent.client_secret) {
        throw invalid(
          'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
          'client_secret',
          'payment_intent_invalid_parameter',
        );
      }
      if (method === 'GET' && !m[2]) return { status: 200, body: this.expand(intent, params) };
      if (method === 'POST' && m[2]) return this.confirm(intent, params, request);
      if (method === 'POST') {
        secretOnly();
        return { status: 200, body: this.expand(this.update(intent, params), params) };
      }
    }
    const ledger = this.ledger.route(method, path, params, secretOnly, request);
    if (ledger) return ledger;
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, undefined, undefined, 404);
  }

  private amountOf(params: FormObject, currency: string): number {
    const raw = str(params.amount);
    if (raw === undefined || !/^\d+$/.test(raw)) throw invalid(`Invalid integer: ${raw ?? ''}`, 'amount');
    const amount = Number(raw);
    const min = MIN_AMOUNT[currency] ?? 50;
    if (amount < min) {
      throw invalid(
        `Amount must be at least ${(min / 100).toFixed(2)} ${currency}`,
        'amount',
        'amount_too_small',
      );
    }
    if (amount > MAX_AMOUNT)
      throw invalid('Amount must be no more than 999,999.99', 'amount', 'amount_too_large');
    return amount;
  }

  private metadataOf(params: FormObject, current: Record<string, string> = {}): Record<string, string> {
    const next = { ...current };
    for (const [k, v] of Object.entries(obj(params.metadata))) {
      // Stripe: an empty value removes the key.
      if (typeof v === 'string' && v === '') delete next[k];
      else if (typeof v === 'string') next[k] = v;
    }
    return next;
  }

  private create(params: FormObject, _request: { id: string }): PaymentIntent {
    const currency = str(params.currency)?.toLowerCase();
    if (!currency) throw invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    const amount = this.amountOf(params, currency);
    const id = `pi_${randomId()}`;
    const apm = obj(params.automatic_payment_methods);
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: str(apm.enabled) ? { enabled: str(apm.enabled) === 'true' } : null,
      canceled_at: null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${randomId(25)}`,
      confirmation_method: 'automatic',
      created: now(),
      currency,
      customer: null,
      description: str(params.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: this.metadataOf(params),
      next_action: null,
      payment_method: null,
      payment_method_types: list(params.payment_method_types).length
        ? list(params.payment_method_types)
        : ['card'],
      receipt_email: str(params.receipt_email) ?? null,
      shipping: null,
      status: 'requires_payment_method',
    };
    this.intents.set(id, intent);
    return intent;
  }

  private update(intent: PaymentIntent, params: FormObject): PaymentIntent {
    if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot update this PaymentIntent because it has a status of ${intent.status}. Updates are only allowed when the PaymentIntent has a status of \`requires_payment_method\`, \`requires_confirmation\`, or \`requires_action\`.`,
        payment_intent: intent,
      });
    }
    if (params.currency !== undefined) intent.currency = str(params.currency)!.toLowerCase();
    if (params.amount !== undefined) intent.amount = this.amountOf(params, intent.currency);
    if (params.description !== undefined) intent.description = str(params.description) || null;
    if (params.receipt_email !== undefined) intent.receipt_email = str(params.receipt_email) || null;
    if (params.metadata !== undefined) intent.metadata = this.metadataOf(params, intent.metadata);
    return intent;
  }

  private createPaymentMethod(params: FormObject): PaymentMethod {
    const card = obj(params.card);
    const number = (str(card.number) ?? '').replace(/\s+/g, '');
    if (!/^\d{12,19}$/.test(number)) {
      throw new StripeHttpError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      });
    }
    const wallet = str(card.wallet);
    const pm: PaymentMethod = {
      id: `pm_${randomId()}`,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: SUCCEEDING[number] ?? 'visa',
        last4: number.slice(-4),
        wallet: wallet ? { type: wallet } : null,
      },
      billing_details: obj(params.billing_details),
      number,
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  private publicMethod(pm: PaymentMethod) {
    const { number: _n, ...shown } = pm;
    return shown;
  }

  private paymentMethodOf(params: FormObject): PaymentMethod {
    const given = str(params.payment_method);
    if (given) {
      const known = this.paymentMethods.get(given);
      if (known) return known;
      const number = TEST_PAYMENT_METHODS[given];
      if (!number) throw invalid(`No such PaymentMethod: '${given}'`, 'payment_method', 'resource_missing');
      const wallet = str(obj(obj(params.payment_method_data).card).wallet);
      return {
        id: given,
        object: 'payment_method',
        type: 'card',
        card: {
          brand: SUCCEEDING[number] ?? 'visa',
          last4: number.slice(-4),
          wallet: wallet ? { type: wallet } : null,
        },
        billing_details: obj(obj(params.payment_method_data).billing_details),
        number,
      };
    }
    const data = obj(params.payment_method_data);
    if (str(data.type) && str(data.type) !== 'card') {
      throw invalid(`The payment method type "${str(data.type)}" is invalid.`, 'payment_method_data[type]');
    }
    if (Object.keys(obj(data.card)).length === 0) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    }
    return this.createPaymentMethod(data);
  }

  private confirm(
    intent: PaymentIntent,
    params: FormObject,
    request: { id: string; idempotencyKey: string | null },
  ): { status: number; body: unknown } {
    if (intent.status === 'succeeded') {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        payment_intent: intent,
      });
    }
    if (intent.status === 'canceled') {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it has a status of canceled.',
        payment_intent: intent,
      });
    }
    const pm = this.paymentMethodOf(params);
    intent.payment_method = pm.id;
    const decline =
      DECLINES[pm.number] ??
      (SUCCEEDING[pm.number]
        ? undefined
        : {
            code: 'card_declined',
            decline_code: 'test_mode_live_card',
            message:
              'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
          });
    const charge: Charge = {
      id: `ch_${randomId()}`,
      object: 'charge',
      amount: intent.amount,
      amount_captured: decline ? 0 : intent.amount,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      currency: intent.currency,
      paid: !decline,
      status: decline ? 'failed' : 'succeeded',
      payment_intent: intent.id,
      payment_method: pm.id,
      billing_details: pm.billing_details,
      outcome: decline
        ? {
            type: 'issuer_declined',
            network_status: 'declined_by_network',
            seller_message: 'The bank did not return any further details with this decline.',
          }
        : { type: 'authorized', network_status: 'approved_by_network', seller_message: 'Payment complete.' },
      payment_method_details: { type: 'card', card: pm.card },
      created: now(),
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    if (decline) {
      const error: StripeErrorBody = {
        type: 'card_error',
        code: decline.code,
        ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
        message: decline.message,
        doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
        payment_method: { id: pm.id, type: 'card' },
      };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      intent.payment_method = null;
      this.emitEvent('payment_intent.payment_failed', intent, request);
      throw new StripeHttpError(402, { ...error, payment_intent: structuredClone(intent) });
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    this.emitEvent('payment_intent.succeeded', intent, request);
    this.ledger.afterSuccess(charge, pm.number, request);
    return { status: 200, body: this.expand(intent, params) };
  }

  /** `expand[]=latest_charge` (the wallet used lives on the charge's payment_method_details). */
  private expand(intent: PaymentIntent, params: FormObject): unknown {
    const expand = list(params.expand);
    if (!expand.includes('latest_charge') || !intent.latest_charge) return intent;
    return { ...intent, latest_charge: this.charges.get(intent.latest_charge) ?? intent.latest_charge };
  }

  /** Test and development controls (not Stripe's API): see docs/payments.md. */
  private async control(method: string, url: URL, raw: string, res: ServerResponse) {
    const path = url.pathname;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    if (method === 'GET' && path === '/_double/health') return this.send(res, 200, { ok: true });
    if (method === 'POST' && path === '/_double/config') {
      if (typeof body.webhookUrl === 'string') this.options.webhookUrl = body.webhookUrl;
      if (typeof body.autoDeliver === 'boolean') this.options.autoDeliver = body.autoDeliver;
      return this.send(res, 200, {
        webhookUrl: this.options.webhookUrl ?? null,
        autoDeliver: this.options.autoDeliver ?? null,
      });
    }
    if (method === 'GET' && path === '/_double/events') {
      const pi = url.searchParams.get('payment_intent');
      return this.send(res, 200, { data: pi ? this.eventsFor(pi) : this.events });
    }
    const deliver = path.match(/^\/_double\/events\/(evt_[A-Za-z0-9]+)\/deliver$/);
    if (method === 'POST' && deliver) {
      const staleSeconds = typeof body.staleSeconds === 'number' ? body.staleSeconds : 0;
      const deliveries = await this.deliver(deliver[1]!, {
        times: typeof body.times === 'number' ? body.times : 1,
        concurrent: body.concurrent === true,
        delayMs: typeof body.delayMs === 'number' ? body.delayMs : 0,
        ...(staleSeconds ? { timestamp: now() - staleSeconds } : {}),
      });
      return this.send(res, 200, { deliveries });
    }
    const intent = path.match(/^\/_double\/payment_intents\/(pi_[A-Za-z0-9]+)$/);
    if (method === 'GET' && intent) {
      const found = this.intents.get(intent[1]!);
      return found
        ? this.send(res, 200, found)
        : this.send(res, 404, {
            error: { type: 'invalid_request_error', message: 'No such payment_intent' },
          });
    }
    const ledger = this.ledger.control(method, path, body);
    if (ledger) return this.send(res, ledger.status, ledger.body);
    return this.send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unknown control ${method} ${path}` },
    });
  }
}

/** Starts a double on a port (0 = any free one). */
export async function startStripeDouble(options: StripeDoubleOptions = {}, port = 0) {
  const double = new StripeDouble(options);
  await double.listen(port);
  return double;
}
