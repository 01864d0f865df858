import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTabbyClient,
  isTabbyError,
  type TabbyError,
  type TabbySessionRequest,
} from '../src/payments/tabby';

/**
 * The client against a tiny in-test server that answers what each test scripts: the wire format
 * the client sends (snake_case, "100.00" amounts, Bearer key, merchant code) and how it reads
 * Tabby's answers and failures. The client against the real fake is fakes/tabby's contract test.
 */

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
let answer: (req: Seen, res: ServerResponse) => void;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const payment = (over: Record<string, unknown> = {}) => ({
  id: 'pay_1',
  created_at: '2026-11-22T10:00:00Z',
  expires_at: '2026-11-22T10:30:00Z',
  status: 'CREATED',
  is_test: true,
  amount: '1234.50',
  currency: 'AED',
  order: { reference_id: 'chk_1' },
  captures: [],
  refunds: [],
  ...over,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const s: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : null,
      };
      seen.push(s);
      answer(s, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
});

const client = () => createTabbyClient({ apiBase: `${base}/`, secretKey: 'sk_test_abc', merchantCode: 'GR' });

const request: TabbySessionRequest = {
  amountFils: 123450,
  currency: 'AED',
  description: 'qahwa order',
  buyer: { name: 'Amal Saeed', email: 'amal@example.com', phone: '+971501234567' },
  shippingAddress: { city: 'Dubai', address: 'Al Wasl Rd 12', zip: '00000' },
  order: {
    referenceId: 'chk_1',
    shippingFils: 2500,
    discountFils: 1005,
    items: [
      {
        referenceId: 'var_1',
        title: 'Ethiopia Yirgacheffe',
        quantity: 2,
        unitPriceFils: 5995,
        category: 'beans',
      },
    ],
  },
  lang: 'ar',
  merchantUrls: { success: 'https://s/ok', cancel: 'https://s/cancel', failure: 'https://s/fail' },
};

describe('Tabby client', () => {
  it('creates a session with Tabby field names, 2-decimal amounts, the Bearer key and the merchant code', async () => {
    answer = (_req, res) =>
      json(res, 200, {
        id: 'sess_1',
        status: 'created',
        payment: payment(),
        configuration: {
          available_products: { installments: [{ web_url: 'https://tabby/checkout/sess_1' }] },
          products: { installments: { type: 'installments', is_available: true, rejection_reason: null } },
        },
      });
    const session = await client().createSession(request);
    expect(session).toEqual({
      id: 'sess_1',
      status: 'created',
      paymentId: 'pay_1',
      paymentStatus: 'CREATED',
      webUrl: 'https://tabby/checkout/sess_1',
      isAvailable: true,
      rejectionReason: null,
    });
    const [req] = seen;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/v2/checkout');
    expect(req?.headers.authorization).toBe('Bearer sk_test_abc');
    expect(req?.body).toMatchObject({
      lang: 'ar',
      merchant_code: 'GR',
      merchant_urls: { success: 'https://s/ok', cancel: 'https://s/cancel', failure: 'https://s/fail' },
      payment: {
        amount: '1234.50',
        currency: 'AED',
        buyer: { name: 'Amal Saeed', email: 'amal@example.com', phone: '+971501234567' },
        shipping_address: { city: 'Dubai', address: 'Al Wasl Rd 12', zip: '00000' },
        order: {
          reference_id: 'chk_1',
          tax_amount: '0.00',
          shipping_amount: '25.00',
          discount_amount: '10.05',
          items: [
            {
              reference_id: 'var_1',
              title: 'Ethiopia Yirgacheffe',
              quantity: 2,
              unit_price: '59.95',
              category: 'beans',
            },
          ],
        },
        order_history: [],
      },
    });
  });

  it('reads a pre-scoring rejection: not available, no hosted page, the reason', async () => {
    answer = (_req, res) =>
      json(res, 200, {
        id: 'sess_2',
        status: 'rejected',
        payment: payment({ id: 'pay_2' }),
        configuration: {
          available_products: {},
          products: { installments: { is_available: false, rejection_reason: 'order_amount_too_high' } },
        },
      });
    const session = await client().createSession(request);
    expect(session).toMatchObject({
      status: 'rejected',
      isAvailable: false,
      webUrl: null,
      rejectionReason: 'order_amount_too_high',
    });
  });

  it('reads a payment in fils, with lower-case statuses taken as upper case', async () => {
    answer = (_req, res) =>
      json(
        res,
        200,
        payment({
          status: 'closed',
          captures: [{ id: 'cap_1', amount: '1234.50', reference_id: 'chk_1:capture', created_at: 'x' }],
          refunds: [{ id: 'ref_1', amount: '0.05', reference_id: 'r1' }],
        }),
      );
    const p = await client().getPayment('pay/1');
    expect(seen[0]?.url).toBe('/api/v2/payments/pay%2F1');
    expect(p).toEqual({
      id: 'pay_1',
      status: 'CLOSED',
      amount: '1234.50',
      amountFils: 123450,
      currency: 'AED',
      orderReferenceId: 'chk_1',
      captures: [{ id: 'cap_1', amount: '1234.50', amountFils: 123450, referenceId: 'chk_1:capture' }],
      refunds: [{ id: 'ref_1', amount: '0.05', amountFils: 5, referenceId: 'r1' }],
      isTest: true,
      createdAt: '2026-11-22T10:00:00Z',
    });
  });

  it('sends captures, refunds, close and the webhook registration where TABBY.md puts them', async () => {
    answer = (req, res) =>
      req.url === '/api/v1/webhooks'
        ? json(res, 200, { id: 'wh_1', url: 'https://gw/api/webhooks/tabby', is_test: true })
        : json(res, 200, payment({ status: 'CLOSED' }));
    const c = client();
    await c.capture('pay_1', { amountFils: 123450, referenceId: 'chk_1:capture', shippingFils: 2500 });
    await c.refund('pay_1', { amountFils: 1000, referenceId: 'chk_1:refund:1', reason: 'damaged' });
    await c.close('pay_1');
    await c.registerWebhook({
      url: 'https://gw/api/webhooks/tabby',
      header: { title: 'X-Qahwa', value: 's3cret' },
    });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/v2/payments/pay_1/captures',
      'POST /api/v2/payments/pay_1/refunds',
      'POST /api/v2/payments/pay_1/close',
      'POST /api/v1/webhooks',
    ]);
    expect(seen[0]?.body).toEqual({
      amount: '1234.50',
      reference_id: 'chk_1:capture',
      tax_amount: '0.00',
      shipping_amount: '25.00',
      discount_amount: '0.00',
      items: [],
    });
    expect(seen[1]?.body).toEqual({
      amount: '10.00',
      reference_id: 'chk_1:refund:1',
      reason: 'damaged',
      items: [],
    });
    expect(seen[2]?.body).toBeNull();
    expect(seen[3]?.headers['x-merchant-code']).toBe('GR');
    expect(seen[3]?.body).toEqual({
      url: 'https://gw/api/webhooks/tabby',
      header: { title: 'X-Qahwa', value: 's3cret' },
    });
  });

  it.each([
    [400, false],
    [401, false],
    [404, false],
    [409, false],
    [429, true],
    [500, true],
    [503, true],
  ])('HTTP %i is a TabbyError, retryable: %s, with the body kept', async (status, retryable) => {
    const body = { status: 'error', errorType: 'bad_data', error: `said ${status}` };
    answer = (_req, res) => json(res, status, body);
    const err = await client()
      .getPayment('pay_1')
      .catch((e: unknown) => e);
    expect(isTabbyError(err)).toBe(true);
    expect(err).toMatchObject({ name: 'TabbyError', code: 'TABBY_HTTP', status, retryable, body });
  });

  it('no answer at all (closed port) and a slow answer are retryable', async () => {
    const down = createTabbyClient({
      apiBase: 'http://127.0.0.1:1',
      secretKey: 'sk_test_abc',
      merchantCode: 'GR',
    });
    const net = (await down.getPayment('pay_1').catch((e: unknown) => e)) as TabbyError;
    expect(net).toMatchObject({ code: 'TABBY_NETWORK', status: 0, retryable: true });

    answer = (_req, res) => setTimeout(() => json(res, 200, payment()), 500);
    const slow = createTabbyClient({
      apiBase: base,
      secretKey: 'sk_test_abc',
      merchantCode: 'GR',
      timeoutMs: 100,
    });
    const timeout = (await slow.getPayment('pay_1').catch((e: unknown) => e)) as TabbyError;
    expect(timeout).toMatchObject({ code: 'TABBY_TIMEOUT', status: 0, retryable: true });
  });

  it('an answer it cannot read (unknown payment status) fails loudly instead of guessing', async () => {
    answer = (_req, res) => json(res, 200, payment({ status: 'MAYBE' }));
    const err = (await client()
      .getPayment('pay_1')
      .catch((e: unknown) => e)) as TabbyError;
    expect(err).toMatchObject({ code: 'TABBY_BAD_RESPONSE', retryable: true });
    expect(err.message).toContain('status');
  });
});
