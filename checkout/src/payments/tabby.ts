import { type Fils, filsToDecimalString, toFils } from '@qahwa/schema';
import { z } from 'zod';

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

export interface TabbyClientOptions {
  /** Tabby's API host (production) or the fake's (`http://127.0.0.1:4010`); no trailing path. */
  apiBase: string;
  /** `sk_test_…` / `sk_…`: sent as `Authorization: Bearer`. */
  secretKey: string;
  /** SPEC 7: 'GR' unless configured; sent in the session body and the webhook registration. */
  merchantCode: string;
  /** Per request; a slower answer is a retryable failure. Default 10 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type TabbyLang = 'en' | 'ar';
export type TabbySessionStatus = 'created' | 'rejected' | 'expired' | 'approved';
export type TabbyPaymentStatus = 'CREATED' | 'AUTHORIZED' | 'CLOSED' | 'REJECTED' | 'EXPIRED';
export type TabbyRejectionReason = 'not_available' | 'order_amount_too_high' | 'order_amount_too_low';

export interface TabbyItem {
  referenceId: string;
  title: string;
  quantity: number;
  unitPriceFils: Fils;
  category: string;
}

export interface TabbyHistoricalOrder {
  purchasedAt: string;
  amountFils: Fils;
  status: 'new' | 'processing' | 'complete' | 'refunded' | 'canceled' | 'unknown';
  paymentMethod?: 'card' | 'cod';
}

export interface TabbySessionRequest {
  amountFils: Fils;
  currency: 'AED';
  description: string;
  buyer: { name: string; email: string; phone: string };
  shippingAddress: { city: string; address: string; zip: string };
  order: {
    /** Our checkout id: Tabby shows it to staff and echoes it in webhooks and payments. */
    referenceId: string;
    taxFils?: Fils;
    shippingFils: Fils;
    discountFils: Fils;
    items: TabbyItem[];
  };
  buyerHistory?: { registeredSince: string; loyaltyLevel: number };
  orderHistory?: TabbyHistoricalOrder[];
  meta?: { orderId?: string | null; customer?: string | null };
  lang: TabbyLang;
  merchantUrls: { success: string; cancel: string; failure: string };
}

export interface TabbySession {
  id: string;
  status: TabbySessionStatus;
  paymentId: string;
  paymentStatus: TabbyPaymentStatus;
  /** The hosted page to send the shopper to; null when pre-scoring rejected the session. */
  webUrl: string | null;
  isAvailable: boolean;
  rejectionReason: TabbyRejectionReason | null;
}

export interface TabbyMovement {
  id: string;
  /** As Tabby wrote it ("100.00") … */
  amount: string;
  /** … and in fils, for sums and comparisons. */
  amountFils: Fils;
  referenceId: string | null;
}

export interface TabbyPayment {
  id: string;
  status: TabbyPaymentStatus;
  amount: string;
  amountFils: Fils;
  currency: string;
  orderReferenceId: string | null;
  captures: TabbyMovement[];
  refunds: TabbyMovement[];
  isTest: boolean;
  createdAt: string;
}

export interface TabbyCaptureRequest {
  amountFils: Fils;
  /** The idempotency key: the same reference replays the same capture (TABBY.md). */
  referenceId: string;
  taxFils?: Fils;
  shippingFils?: Fils;
  discountFils?: Fils;
  items?: TabbyItem[];
}

export interface TabbyRefundRequest {
  amountFils: Fils;
  referenceId: string;
  reason?: string;
  items?: TabbyItem[];
}

export interface TabbyWebhookRegistration {
  url: string;
  header: { title: string; value: string };
}

export interface TabbyClient {
  createSession(req: TabbySessionRequest): Promise<TabbySession>;
  getPayment(paymentId: string): Promise<TabbyPayment>;
  capture(paymentId: string, req: TabbyCaptureRequest): Promise<TabbyPayment>;
  close(paymentId: string): Promise<TabbyPayment>;
  refund(paymentId: string, req: TabbyRefundRequest): Promise<TabbyPayment>;
  /** `POST /api/v1/webhooks`: one URL and one static header per merchant (set up once, by hand or script). */
  registerWebhook(reg: TabbyWebhookRegistration): Promise<{ id: string; url: string }>;
}

export type TabbyErrorCode = 'TABBY_HTTP' | 'TABBY_NETWORK' | 'TABBY_TIMEOUT' | 'TABBY_BAD_RESPONSE';

/**
 * A failed Tabby call. `status` is the HTTP status (0 when no answer came); `retryable` is true for
 * 5xx, 429, timeouts and network failures, false for the answers that will not change on a retry
 * (400 not authorised, 401 bad key, 404 unknown payment, 409 already captured).
 */
export class TabbyError extends Error {
  override readonly name = 'TabbyError';
  constructor(
    message: string,
    readonly code: TabbyErrorCode,
    readonly status: number,
    readonly body: unknown,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export function isTabbyError(err: unknown): err is TabbyError {
  return err instanceof Error && err.name === 'TabbyError' && 'retryable' in err;
}

const PaymentStatus = z.enum(['CREATED', 'AUTHORIZED', 'CLOSED', 'REJECTED', 'EXPIRED']);

// Lenient on what Tabby adds, strict on what we act on: an unknown payment status must fail loudly.
const MovementWire = z.object({
  id: z.string(),
  amount: z.string(),
  reference_id: z.string().nullish(),
});

const PaymentWire = z.object({
  id: z.string(),
  status: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(PaymentStatus),
  amount: z.string(),
  currency: z.string(),
  is_test: z.boolean().optional(),
  created_at: z.string(),
  order: z.object({ reference_id: z.string().nullish() }).nullish(),
  captures: z.array(MovementWire).nullish(),
  refunds: z.array(MovementWire).nullish(),
});

const SessionWire = z.object({
  id: z.string(),
  status: z.enum(['created', 'rejected', 'expired', 'approved']),
  payment: z.object({
    id: z.string(),
    status: z
      .string()
      .transform((s) => s.toUpperCase())
      .pipe(PaymentStatus),
  }),
  configuration: z
    .object({
      available_products: z
        .object({ installments: z.array(z.object({ web_url: z.string() })).nullish() })
        .nullish(),
      products: z
        .object({
          installments: z
            .object({
              is_available: z.boolean(),
              rejection_reason: z
                .enum(['not_available', 'order_amount_too_high', 'order_amount_too_low'])
                .nullish(),
            })
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

const WebhookWire = z.object({ id: z.string(), url: z.string() });

const money = (fils: Fils | undefined) => filsToDecimalString(fils ?? 0);

function itemsWire(items: TabbyItem[] | undefined) {
  return (items ?? []).map((i) => ({
    reference_id: i.referenceId,
    title: i.title,
    quantity: i.quantity,
    unit_price: money(i.unitPriceFils),
    category: i.category,
  }));
}

function movementOf(m: z.infer<typeof MovementWire>): TabbyMovement {
  return { id: m.id, amount: m.amount, amountFils: toFils(m.amount), referenceId: m.reference_id ?? null };
}

function paymentOf(p: z.infer<typeof PaymentWire>): TabbyPayment {
  return {
    id: p.id,
    status: p.status,
    amount: p.amount,
    amountFils: toFils(p.amount),
    currency: p.currency,
    orderReferenceId: p.order?.reference_id ?? null,
    captures: (p.captures ?? []).map(movementOf),
    refunds: (p.refunds ?? []).map(movementOf),
    isTest: p.is_test ?? false,
    createdAt: p.created_at,
  };
}

function sessionOf(s: z.infer<typeof SessionWire>): TabbySession {
  const installments = s.configuration?.products?.installments;
  const webUrl = s.configuration?.available_products?.installments?.[0]?.web_url ?? null;
  const isAvailable = s.status !== 'rejected' && (installments?.is_available ?? webUrl !== null);
  return {
    id: s.id,
    status: s.status,
    paymentId: s.payment.id,
    paymentStatus: s.payment.status,
    webUrl: isAvailable ? webUrl : null,
    isAvailable,
    rejectionReason: installments?.rejection_reason ?? (isAvailable ? null : 'not_available'),
  };
}

/** The request body of `POST /api/v2/checkout`, exactly as TABBY.md names the fields. */
export function sessionBody(req: TabbySessionRequest, merchantCode: string) {
  return {
    payment: {
      amount: money(req.amountFils),
      currency: req.currency,
      description: req.description,
      buyer: req.buyer,
      shipping_address: req.shippingAddress,
      order: {
        reference_id: req.order.referenceId,
        tax_amount: money(req.order.taxFils),
        shipping_amount: money(req.order.shippingFils),
        discount_amount: money(req.order.discountFils),
        items: itemsWire(req.order.items),
      },
      buyer_history: {
        registered_since: req.buyerHistory?.registeredSince ?? new Date().toISOString(),
        loyalty_level: req.buyerHistory?.loyaltyLevel ?? 0,
      },
      order_history: (req.orderHistory ?? []).map((o) => ({
        purchased_at: o.purchasedAt,
        amount: money(o.amountFils),
        status: o.status,
        ...(o.paymentMethod ? { payment_method: o.paymentMethod } : {}),
      })),
      meta: { order_id: req.meta?.orderId ?? null, customer: req.meta?.customer ?? null },
    },
    lang: req.lang,
    merchant_code: merchantCode,
    merchant_urls: req.merchantUrls,
  };
}

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
      const body = {
        amount: money(req.amountFils),
        reference_id: req.referenceId,
        tax_amount: money(req.taxFils),
        shipping_amount: money(req.shippingFils),
        discount_amount: money(req.discountFils),
        items: itemsWire(req.items),
      };
      return paymentOf(await call('POST', `${paymentPath(paymentId)}/captures`, PaymentWire, body));
    },
    async close(paymentId) {
      return paymentOf(await call('POST', `${paymentPath(paymentId)}/close`, PaymentWire));
    },
    async refund(paymentId, req) {
      const body = {
        amount: money(req.amountFils),
        reference_id: req.referenceId,
        ...(req.reason ? { reason: req.reason } : {}),
        items: itemsWire(req.items),
      };
      return paymentOf(await call('POST', `${paymentPath(paymentId)}/refunds`, PaymentWire, body));
    },
    async registerWebhook(reg) {
      return call('POST', '/api/v1/webhooks', WebhookWire, reg, { 'x-merchant-code': o.merchantCode });
    },
  };
}
