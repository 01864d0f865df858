import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_DEFAULTS, TABBY_DEV_DEFAULTS } from '@qahwa/schema/reference';
import { createFakeControl, type TabbyFakeControl } from './control';
import { hostedPage, redirectFor } from './hosted-page';
import { PROMO_SCRIPT } from './promo-script';
import { createTabbyState, type Payment, type Session, type SessionInput, TabbyFakeError } from './state';
import { createWebhookSender, type WebhookTarget } from './webhooks';

/**
 * The fake Tabby service (docs/tabby.md says which parts of TABBY.md it implements). Tabby's API
 * under `/api/v2` and `/api/v1/webhooks` (Bearer secret key), the hosted page under `/checkout`,
 * `tabby-promo.js`, and test controls under `/_fake` — never in Tabby's own namespace, so a
 * client written against the fake cannot come to depend on them.
 */

export interface TabbyFakeOptions {
  /** 0 = any free port. */
  port?: number;
  host?: string;
  /** The only secret key accepted (default: the development key of TABBY_DEV_DEFAULTS). */
  secretKey?: string;
  /** Where webhooks go until `POST /api/v1/webhooks` registers another URL. */
  webhookUrl?: string;
  /** The static header sent with every webhook (default: the development header). */
  webhookHeader?: { title: string; value: string };
  /** The origin put in `web_url` (default: the address the fake listens on). */
  publicUrl?: string;
  /** An unpaid payment expires after this long (Tabby: about 30 minutes). */
  paymentTtlMs?: number;
  /** The fake's clock (default Date.now); a time-skipping test can pass its own. */
  now?: () => number;
  webhookRetries?: number;
  webhookRetryDelayMs?: number;
  log?: (line: Record<string, unknown>) => void;
}

export interface TabbyFake {
  url: string;
  stop(): Promise<void>;
  control: TabbyFakeControl;
}

const SESSION_TTL_MS = 20 * 60_000;

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8') {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new TabbyFakeError(400, 'bad_data', 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new TabbyFakeError(400, 'bad_data', 'Request body is not JSON');
  }
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
function need(cond: boolean, field: string): asserts cond {
  if (!cond) throw new TabbyFakeError(400, 'bad_data', `${field} is required or invalid`);
}
const isUrl = (v: unknown) => typeof v === 'string' && URL.canParse(v);

/** The checkout request, checked as far as Tabby documents what it needs. */
function sessionInput(body: unknown): SessionInput {
  need(isObj(body), 'body');
  const p = body.payment;
  need(isObj(p), 'payment');
  need(typeof p.amount === 'string', 'payment.amount');
  need(typeof p.currency === 'string' && p.currency.length === 3, 'payment.currency');
  const buyer = p.buyer;
  need(isObj(buyer) && typeof buyer.email === 'string' && typeof buyer.phone === 'string', 'payment.buyer');
  need(body.lang === 'en' || body.lang === 'ar', 'lang');
  need(typeof body.merchant_code === 'string' && body.merchant_code.length > 0, 'merchant_code');
  const urls = body.merchant_urls;
  need(isObj(urls) && isUrl(urls.success) && isUrl(urls.cancel) && isUrl(urls.failure), 'merchant_urls');
  const order = isObj(p.order) ? p.order : {};
  return {
    amount: p.amount,
    currency: p.currency,
    description: typeof p.description === 'string' ? p.description : '',
    buyer: buyer as SessionInput['buyer'],
    shipping_address: isObj(p.shipping_address) ? p.shipping_address : {},
    order: { ...order, reference_id: typeof order.reference_id === 'string' ? order.reference_id : null },
    meta: isObj(p.meta) ? p.meta : {},
    lang: body.lang,
    merchantUrls: {
      success: String(urls.success),
      cancel: String(urls.cancel),
      failure: String(urls.failure),
    },
  };
}

/** A payment as Tabby's API shows it. */
export function paymentJson(p: Payment) {
  const { session_id: _session, ...rest } = p;
  return { ...rest, product: { type: 'installments', installments_count: 4 } };
}

function sessionJson(s: Session, p: Payment, origin: string) {
  const available = s.rejectionReason === null;
  return {
    id: s.id,
    status: s.status,
    created_at: new Date(s.createdAt).toISOString(),
    expires_at: new Date(s.createdAt + SESSION_TTL_MS).toISOString(),
    lang: s.lang,
    merchant_urls: s.merchantUrls,
    payment: paymentJson(p),
    configuration: {
      available_products: available
        ? { installments: [{ web_url: `${origin}/checkout/${s.id}`, qr_code: null }] }
        : {},
      products: {
        installments: { type: 'installments', is_available: available, rejection_reason: s.rejectionReason },
      },
    },
  };
}

export async function startTabbyFake(o: TabbyFakeOptions = {}): Promise<TabbyFake> {
  const secretKey = o.secretKey ?? TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY;
  const log = o.log ?? (() => {});
  let target: WebhookTarget | null = o.webhookUrl
    ? {
        url: o.webhookUrl,
        header: o.webhookHeader ?? {
          title: TABBY_DEV_DEFAULTS.TABBY_WEBHOOK_HEADER_TITLE,
          value: TABBY_DEV_DEFAULTS.TABBY_WEBHOOK_HEADER_VALUE,
        },
      }
    : null;
  const webhooks = createWebhookSender({
    target: () => target,
    retries: o.webhookRetries ?? 2,
    retryDelayMs: o.webhookRetryDelayMs ?? 1_000,
    log,
  });
  const state = createTabbyState({
    paymentTtlMs: o.paymentTtlMs ?? 30 * 60_000,
    onChange: webhooks.onChange,
    now: o.now ?? Date.now,
  });
  const control = createFakeControl(state, webhooks, () => target);
  let origin = o.publicUrl?.replace(/\/+$/, '') ?? '';

  function authorise(req: IncomingMessage) {
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      throw new TabbyFakeError(401, 'not_authorized', 'Invalid or missing secret key');
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const hit = (verb: string, re: RegExp) => (method === verb ? path.match(re) : null);
    let m: RegExpMatchArray | null;

    if (method === 'GET' && path === '/health') return send(res, 200, { ok: true });
    if (method === 'GET' && path === '/tabby-promo.js') {
      return send(res, 200, PROMO_SCRIPT, 'application/javascript; charset=utf-8');
    }

    if (path.startsWith('/api/')) authorise(req);
    if (method === 'POST' && path === '/api/v2/checkout') {
      const { session, payment } = state.createSession(sessionInput(await readJson(req)));
      log({
        msg: 'tabby session created',
        sessionId: session.id,
        paymentId: payment.id,
        status: session.status,
      });
      return send(res, 200, sessionJson(session, payment, origin));
    }
    m = hit('GET', /^\/api\/v2\/payments\/([^/]+)$/);
    if (m) {
      return send(res, 200, paymentJson(state.payment(decodeURIComponent(m[1] ?? ''))));
    }
    m = hit('POST', /^\/api\/v2\/payments\/([^/]+)\/(captures|refunds|close)$/);
    if (m) {
      const id = decodeURIComponent(m[1] ?? '');
      const body = await readJson(req);
      if (m[2] === 'close') return send(res, 200, paymentJson(state.close(id)));
      need(isObj(body) && typeof body.amount === 'string', 'amount');
      need(typeof body.reference_id === 'string' && body.reference_id.length > 0, 'reference_id');
      const items = Array.isArray(body.items) ? body.items : [];
      if (m[2] === 'captures') {
        return send(
          res,
          200,
          paymentJson(state.capture(id, { amount: body.amount, reference_id: body.reference_id, items })),
        );
      }
      const reason = typeof body.reason === 'string' ? body.reason : undefined;
      const refund = {
        amount: body.amount,
        reference_id: body.reference_id,
        items,
        ...(reason ? { reason } : {}),
      };
      return send(res, 200, paymentJson(state.refund(id, refund)));
    }
    if (path === '/api/v1/webhooks' && method === 'POST') {
      // Tabby documents the merchant code as a header on this call.
      need(typeof req.headers['x-merchant-code'] === 'string', 'X-Merchant-Code header');
      const body = await readJson(req);
      need(isObj(body) && isUrl(body.url), 'url');
      const h = body.header;
      need(isObj(h) && typeof h.title === 'string' && typeof h.value === 'string', 'header');
      target = { url: body.url as string, header: { title: h.title, value: h.value } };
      return send(res, 200, { id: 'wh_fake_1', url: target.url, is_test: true, header: target.header });
    }
    if (path === '/api/v1/webhooks' && method === 'GET') {
      return send(
        res,
        200,
        target ? [{ id: 'wh_fake_1', url: target.url, is_test: true, header: target.header }] : [],
      );
    }

    m = hit('GET', /^\/checkout\/([^/]+)$/);

    if (m) {
      const session = state.session(decodeURIComponent(m[1] ?? ''));
      return send(
        res,
        200,
        hostedPage(session, state.payment(session.paymentId)),
        'text/html; charset=utf-8',
      );
    }
    m = hit('POST', /^\/checkout\/([^/]+)\/(approve|reject|cancel|expire)$/);
    if (m) {
      const session = state.session(decodeURIComponent(m[1] ?? ''));
      const action = m[2] as 'approve' | 'reject' | 'cancel' | 'expire';
      // A second press (double click, back button) finds the session over: show the page that says
      // so rather than an API error.
      if (state.payment(session.paymentId).status !== 'CREATED') {
        res.writeHead(303, { location: `/checkout/${encodeURIComponent(session.id)}` });
        return res.end();
      }
      state.act(session.paymentId, action);
      res.writeHead(303, { location: redirectFor(session, action) });
      return res.end();
    }

    if (path.startsWith('/_fake/'))
      return control.http(method, path, url.searchParams, await readJson(req), res);
    throw new TabbyFakeError(404, 'not_found', `No route ${method} ${path}`);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (err instanceof TabbyFakeError) {
        return send(res, err.status, { status: 'error', errorType: err.errorType, error: err.message });
      }
      log({ msg: 'tabby fake error', err: String(err) });
      send(res, 500, { status: 'error', errorType: 'internal', error: 'Internal error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? SERVICE_DEFAULTS.tabbyFakePort, o.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  // Listening on every interface: this machine still reaches it on loopback.
  const reachable = !o.host || o.host === '0.0.0.0' || o.host === '::' ? '127.0.0.1' : o.host;
  const url = `http://${reachable}:${address.port}`;
  if (!origin) origin = url;
  return {
    url,
    control,
    async stop() {
      webhooks.stop();
      await webhooks.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
