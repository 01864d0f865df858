import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTabbyFake, type TabbyFake } from '@qahwa/fake-tabby';
import { TABBY_DEV_DEFAULTS } from '@qahwa/schema/reference';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTabbyClient,
  type TabbyClient,
  type TabbyError,
  type TabbySessionRequest,
} from '../src/payments/tabby';

/**
 * The contract test: the store's one Tabby client (checkout/src/payments/tabby/) against the
 * fake Tabby service (fakes/tabby), every endpoint and every refusal, and the webhooks the fake
 * sends to a receiver standing in for the gateway. If the fake drifts from TABBY.md or the client
 * from the fake, this fails before a workflow test does.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: { id: string; status: string; amount: string; order: { reference_id: string } } & Record<
    string,
    unknown
  >;
}

const HEADER = { title: 'X-Test-Tabby-Token', value: 'contract-test-secret-value' };
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let fake: TabbyFake;
let tabby: TabbyClient;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/tabby`;
  fake = await startTabbyFake({
    port: 0,
    webhookUrl: receiverUrl,
    webhookHeader: HEADER,
    webhookRetryDelayMs: 50,
  });
  tabby = createTabbyClient({
    apiBase: fake.url,
    secretKey: TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY,
    merchantCode: 'GR',
  });
});
afterAll(async () => {
  await fake.stop();
  await new Promise<void>((r) => receiver.close(() => r()));
});
afterEach(async () => {
  await fake.control.idle();
  fake.control.reset();
  received.length = 0;
});

const request = (over: Partial<TabbySessionRequest> = {}): TabbySessionRequest => ({
  amountFils: 45_000,
  currency: 'AED',
  description: 'qahwa order',
  buyer: { name: 'Amal Saeed', email: 'amal@example.com', phone: '+971501234567' },
  shippingAddress: { city: 'Dubai', address: 'Al Wasl Rd 12', zip: '00000' },
  order: {
    referenceId: 'chk_contract',
    shippingFils: 2_500,
    discountFils: 0,
    items: [
      { referenceId: 'var_1', title: 'Ethiopia', quantity: 1, unitPriceFils: 42_500, category: 'beans' },
    ],
  },
  lang: 'en',
  merchantUrls: {
    success: 'http://store.test/checkout/pay-later?result=success',
    cancel: 'http://store.test/checkout/pay-later?result=cancel',
    failure: 'http://store.test/checkout/pay-later?result=failure',
  },
  ...over,
});

/** What the shopper's browser does on the hosted page: submit the button's form, read the redirect. */
async function press(webUrl: string, action: 'approve' | 'reject' | 'cancel' | 'expire') {
  const res = await fetch(`${webUrl}/${action}`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

const fail = (p: Promise<unknown>) =>
  p.then(() => expect.unreachable('should fail')).catch((e: TabbyError) => e);

describe('the Tabby client against the fake', () => {
  it('creates a session: a hosted page, the payment CREATED, our reference kept', async () => {
    const s = await tabby.createSession(request());
    expect(s).toMatchObject({
      status: 'created',
      paymentStatus: 'CREATED',
      isAvailable: true,
      rejectionReason: null,
    });
    expect(s.webUrl).toBe(`${fake.url}/checkout/${s.id}`);
    const p = await tabby.getPayment(s.paymentId);
    expect(p).toMatchObject({ status: 'CREATED', amount: '450.00', amountFils: 45_000, currency: 'AED' });
    expect(p).toMatchObject({ orderReferenceId: 'chk_contract', captures: [], refunds: [], isTest: true });
  });

  it.each([
    ['an amount above 3000.00', { amountFils: 300_001 }, 'order_amount_too_high'],
    ['an amount below 10.00', { amountFils: 999 }, 'order_amount_too_low'],
    [
      'a buyer e-mail starting not.available',
      { buyer: { name: 'N', email: 'not.available@example.com', phone: '+971501234567' } },
      'not_available',
    ],
  ] as const)('pre-scoring rejects %s with its reason and no hosted page', async (_what, over, reason) => {
    const s = await tabby.createSession(request(over));
    expect(s).toMatchObject({
      status: 'rejected',
      isAvailable: false,
      webUrl: null,
      rejectionReason: reason,
    });
    expect((await tabby.getPayment(s.paymentId)).status).toBe('REJECTED');
  });

  it('the limits themselves (3000.00 and 10.00) pass pre-scoring', async () => {
    expect((await tabby.createSession(request({ amountFils: 300_000 }))).isAvailable).toBe(true);
    expect((await tabby.createSession(request({ amountFils: 1_000 }))).isAvailable).toBe(true);
  });

  it('approve on the hosted page: AUTHORIZED, back to success with payment_id, webhook with the static header', async () => {
    const s = await tabby.createSession(request());
    const page = await (await fetch(s.webUrl ?? '')).text();
    expect(page).toContain('<html lang="en" dir="ltr">');
    for (const label of ['Approve', 'Reject', 'Cancel', 'Let it expire'])
      expect(page).toContain(`>${label}</button>`);

    const back = await press(s.webUrl ?? '', 'approve');
    expect(`${back.origin}${back.pathname}`).toBe('http://store.test/checkout/pay-later');
    expect(back.searchParams.get('result')).toBe('success');
    expect(back.searchParams.get('payment_id')).toBe(s.paymentId);
    expect((await tabby.getPayment(s.paymentId)).status).toBe('AUTHORIZED');

    await fake.control.idle();
    expect(received).toHaveLength(1);
    expect(received[0]?.headers[HEADER.title.toLowerCase()]).toBe(HEADER.value);
    expect(received[0]?.body).toMatchObject({
      id: s.paymentId,
      status: 'authorized',
      amount: '450.00',
      currency: 'AED',
      order: { reference_id: 'chk_contract' },
      captures: [],
      refunds: [],
      is_test: true,
    });
    // Pressed again (a double click): back to the page, which says the session is over.
    const second = await fetch(`${s.webUrl}/reject`, { method: 'POST', redirect: 'manual' });
    expect(second.headers.get('location')).toBe(`/checkout/${s.id}`);
    expect((await tabby.getPayment(s.paymentId)).status).toBe('AUTHORIZED');
    // The session is over: the page says so in place of the buttons.
    const after = await (await fetch(s.webUrl ?? '')).text();
    expect(after).toContain('This payment session is over');
    expect(after).not.toContain('>Approve</button>');
  });

  it('the hosted page in Arabic is right to left, with Arabic labels', async () => {
    const s = await tabby.createSession(request({ lang: 'ar' }));
    const page = await (await fetch(s.webUrl ?? '')).text();
    expect(page).toContain('<html lang="ar" dir="rtl">');
    for (const label of ['موافقة', 'رفض', 'إلغاء', 'اتركها تنتهي'])
      expect(page).toContain(`>${label}</button>`);
  });

  it('reject → REJECTED, failure URL, a rejected webhook', async () => {
    const s = await tabby.createSession(request());
    const back = await press(s.webUrl ?? '', 'reject');
    expect(back.searchParams.get('result')).toBe('failure');
    expect((await tabby.getPayment(s.paymentId)).status).toBe('REJECTED');
    await fake.control.idle();
    expect(received.map((r) => r.body.status)).toEqual(['rejected']);
  });

  it('cancel → still CREATED, cancel URL, no webhook (nothing changed at Tabby)', async () => {
    const s = await tabby.createSession(request());
    const back = await press(s.webUrl ?? '', 'cancel');
    expect(back.searchParams.get('result')).toBe('cancel');
    expect(back.searchParams.get('payment_id')).toBe(s.paymentId);
    expect((await tabby.getPayment(s.paymentId)).status).toBe('CREATED');
    await fake.control.idle();
    expect(received).toEqual([]);
  });

  it('let it expire → EXPIRED, failure URL, an expired webhook; capture then is refused', async () => {
    const s = await tabby.createSession(request());
    const back = await press(s.webUrl ?? '', 'expire');
    expect(back.searchParams.get('result')).toBe('failure');
    expect((await tabby.getPayment(s.paymentId)).status).toBe('EXPIRED');
    await fake.control.idle();
    expect(received.map((r) => r.body.status)).toEqual(['expired']);
    const err = await fail(
      tabby.capture(s.paymentId, { amountFils: 45_000, referenceId: 'chk_contract:capture' }),
    );
    expect(err).toMatchObject({ status: 400, retryable: false });
  });

  it("an unpaid payment expires by itself after 30 minutes on the fake's clock (a webhook says so)", async () => {
    let clock = Date.parse('2026-11-22T10:00:00Z');
    const quick = await startTabbyFake({
      port: 0,
      webhookUrl: receiverUrl,
      webhookHeader: HEADER,
      now: () => clock,
    });
    try {
      const c = createTabbyClient({
        apiBase: quick.url,
        secretKey: TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY,
        merchantCode: 'GR',
      });
      const s = await c.createSession(request());
      clock += 29 * 60_000;
      expect((await c.getPayment(s.paymentId)).status).toBe('CREATED');
      clock += 60_000;
      expect((await c.getPayment(s.paymentId)).status).toBe('EXPIRED');
      await quick.control.idle();
      expect(received.map((r) => r.body.status)).toEqual(['expired']);
    } finally {
      await quick.stop();
    }
  });

  it('captures: 400 before authorisation; the full capture closes; the same reference replays; another is 409', async () => {
    const s = await tabby.createSession(request());
    const capture = { amountFils: 45_000, referenceId: 'chk_contract:capture', shippingFils: 2_500 };
    const early = await fail(tabby.capture(s.paymentId, capture));
    expect(early).toMatchObject({ name: 'TabbyError', status: 400, retryable: false });
    expect(early.body).toMatchObject({ status: 'error', errorType: 'bad_data' });

    fake.control.approve(s.paymentId);
    const first = await tabby.capture(s.paymentId, capture);
    expect(first.status).toBe('CLOSED');
    expect(first.captures).toEqual([
      { id: expect.any(String), amount: '450.00', amountFils: 45_000, referenceId: 'chk_contract:capture' },
    ]);
    const again = await tabby.capture(s.paymentId, capture);
    expect(again.captures).toEqual(first.captures);
    expect(fake.control.captureCount(s.paymentId)).toBe(1);

    const other = await fail(tabby.capture(s.paymentId, { ...capture, referenceId: 'something-else' }));
    expect(other).toMatchObject({ status: 409, retryable: false });
    expect(fake.control.captureCount(s.paymentId)).toBe(1);
    await fake.control.idle();
    expect(received.map((r) => r.body.status)).toEqual(['authorized', 'closed']);
  });

  it('a capture above the authorised amount is refused', async () => {
    const s = await tabby.createSession(request());
    fake.control.approve(s.paymentId);
    const err = await fail(tabby.capture(s.paymentId, { amountFils: 45_001, referenceId: 'too-much' }));
    expect(err).toMatchObject({ status: 400 });
    expect(fake.control.captureCount(s.paymentId)).toBe(0);
  });

  it('close: an authorised payment closes with nothing captured; closing again changes nothing', async () => {
    const s = await tabby.createSession(request());
    fake.control.approve(s.paymentId);
    const closed = await tabby.close(s.paymentId);
    expect(closed).toMatchObject({ status: 'CLOSED', captures: [] });
    expect((await tabby.close(s.paymentId)).status).toBe('CLOSED');
    // Closed without a capture: nothing to capture any more, and a different capture is refused.
    expect(await fail(tabby.capture(s.paymentId, { amountFils: 45_000, referenceId: 'late' }))).toMatchObject(
      {
        status: 400,
      },
    );
  });

  it('close of an unpaid (CREATED) payment ends it; of a REJECTED one is a 400', async () => {
    const a = await tabby.createSession(request());
    expect((await tabby.close(a.paymentId)).status).toBe('CLOSED');
    const b = await tabby.createSession(request({ amountFils: 999 }));
    expect(await fail(tabby.close(b.paymentId))).toMatchObject({ status: 400, retryable: false });
  });

  it('refunds only on CLOSED payments, up to what was captured; the same reference replays', async () => {
    const s = await tabby.createSession(request());
    fake.control.approve(s.paymentId);
    const early = await fail(tabby.refund(s.paymentId, { amountFils: 1_000, referenceId: 'r1' }));
    expect(early).toMatchObject({ status: 400, retryable: false });

    await tabby.capture(s.paymentId, { amountFils: 45_000, referenceId: 'cap' });
    const refunded = await tabby.refund(s.paymentId, {
      amountFils: 1_000,
      referenceId: 'r1',
      reason: 'damaged bag',
    });
    expect(refunded.refunds).toEqual([
      { id: expect.any(String), amount: '10.00', amountFils: 1_000, referenceId: 'r1' },
    ]);
    expect((await tabby.refund(s.paymentId, { amountFils: 1_000, referenceId: 'r1' })).refunds).toHaveLength(
      1,
    );
    const over = await fail(tabby.refund(s.paymentId, { amountFils: 44_001, referenceId: 'r2' }));
    expect(over).toMatchObject({ status: 400 });
  });

  it('401 without the right secret key; 404 for an unknown payment', async () => {
    const wrong = createTabbyClient({ apiBase: fake.url, secretKey: 'sk_test_wrong', merchantCode: 'GR' });
    expect(await fail(wrong.createSession(request()))).toMatchObject({
      status: 401,
      retryable: false,
      body: { status: 'error', errorType: 'not_authorized' },
    });
    const none = await fetch(`${fake.url}/api/v2/payments/x`);
    expect(none.status).toBe(401);
    expect(await fail(tabby.getPayment('no-such-payment'))).toMatchObject({ status: 404, retryable: false });
  });

  it('a session request without what Tabby needs is a 400 (bad_data)', async () => {
    const res = await fetch(`${fake.url}/api/v2/checkout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ payment: { amount: '10', currency: 'AED' }, lang: 'en' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 'error', errorType: 'bad_data' });
  });
});

describe('webhook delivery modes', () => {
  it('twice: the same webhook arrives two times', async () => {
    fake.control.setWebhookMode({ kind: 'twice' });
    const s = await tabby.createSession(request());
    fake.control.approve(s.paymentId);
    await fake.control.idle();
    expect(received.map((r) => [r.body.id, r.body.status])).toEqual([
      [s.paymentId, 'authorized'],
      [s.paymentId, 'authorized'],
    ]);
  });

  it('late: nothing at first, the webhook after the delay', async () => {
    fake.control.setWebhookMode({ kind: 'late', delayMs: 300 });
    const s = await tabby.createSession(request());
    fake.control.approve(s.paymentId);
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual([]);
    await fake.control.idle();
    expect(received.map((r) => r.body.status)).toEqual(['authorized']);
  });

  it('out-of-order: the real status, then a stale copy of the one before', async () => {
    fake.control.setWebhookMode({ kind: 'out-of-order' });
    const s = await tabby.createSession(request());
    fake.control.approve(s.paymentId);
    await fake.control.idle();
    await tabby.capture(s.paymentId, { amountFils: 45_000, referenceId: 'cap' });
    await fake.control.idle();
    expect(received.map((r) => r.body.status)).toEqual(['authorized', 'created', 'closed', 'authorized']);
    expect(fake.control.deliveries(s.paymentId).map((d) => d.stale)).toEqual([false, true, false, true]);
  });

  it('never: no webhook at all; per payment, over the global mode', async () => {
    const quiet = await tabby.createSession(request());
    const loud = await tabby.createSession(request());
    fake.control.setWebhookMode({ kind: 'never' }, quiet.paymentId);
    fake.control.approve(quiet.paymentId);
    fake.control.approve(loud.paymentId);
    await fake.control.idle();
    expect(received.map((r) => r.body.id)).toEqual([loud.paymentId]);
    expect(fake.control.deliveries(quiet.paymentId)).toEqual([]);
  });

  it('a merchant that does not answer 2xx gets the webhook again (Tabby retries)', async () => {
    let calls = 0;
    const flaky = createServer((_req, res) => {
      calls += 1;
      res.writeHead(calls === 1 ? 503 : 200).end();
    });
    await new Promise<void>((r) => flaky.listen(0, '127.0.0.1', r));
    await tabby.registerWebhook({
      url: `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/`,
      header: HEADER,
    });
    try {
      const s = await tabby.createSession(request());
      fake.control.approve(s.paymentId);
      await fake.control.idle();
      expect(fake.control.deliveries(s.paymentId).map((d) => d.httpStatus)).toEqual([503, 200]);
    } finally {
      await tabby.registerWebhook({ url: receiverUrl, header: HEADER });
      await new Promise<void>((r) => flaky.close(() => r()));
    }
  });

  it('webhook registration (X-Merchant-Code) moves deliveries to the new URL and header', async () => {
    const header = { title: 'X-Other', value: 'another-value-for-test' };
    await tabby.registerWebhook({ url: `${receiverUrl}?second`, header });
    try {
      const s = await tabby.createSession(request());
      fake.control.approve(s.paymentId);
      await fake.control.idle();
      expect(received[0]?.headers['x-other']).toBe(header.value);
      expect(received[0]?.headers[HEADER.title.toLowerCase()]).toBeUndefined();
      const missing = await fetch(`${fake.url}/api/v1/webhooks`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ url: receiverUrl, header: HEADER }),
      });
      expect(missing.status).toBe(400);
    } finally {
      await tabby.registerWebhook({ url: receiverUrl, header: HEADER });
    }
  });

  it('tests can send a lying or forged webhook on purpose', async () => {
    const s = await tabby.createSession(request({ amountFils: 999 }));
    expect(await fake.control.sendWebhook(s.paymentId, { status: 'authorized' })).toBe(200);
    await fake.control.sendWebhook(s.paymentId, { header: { title: HEADER.title, value: 'forged' } });
    expect(received.map((r) => [r.body.status, r.headers[HEADER.title.toLowerCase()]])).toEqual([
      ['authorized', HEADER.value],
      ['rejected', 'forged'],
    ]);
    // The truth stays with the payment.
    expect((await tabby.getPayment(s.paymentId)).status).toBe('REJECTED');
  });
});

describe('the fake over HTTP (/_fake, for tests that run it as a process)', () => {
  it('acts, sets modes, lists deliveries, counts captures and resets', async () => {
    const s = await tabby.createSession(request());
    const post = (path: string, body: unknown = {}) =>
      fetch(`${fake.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/_fake/webhooks/mode', { mode: 'twice', payment_id: s.paymentId })).status).toBe(200);
    expect((await post('/_fake/webhooks/mode', { mode: 'sometimes' })).status).toBe(400);
    const approved = (await (await post(`/_fake/payments/${s.paymentId}/approve`)).json()) as Record<
      string,
      unknown
    >;
    expect(approved).toMatchObject({ payment: { status: 'AUTHORIZED' } });
    expect(String(approved.redirect_url)).toContain(`payment_id=${s.paymentId}`);
    expect((await post(`/_fake/payments/${s.paymentId}/reject`)).status).toBe(400);
    await fake.control.idle();
    const deliveries = await (
      await fetch(`${fake.url}/_fake/webhooks/deliveries?payment_id=${s.paymentId}`)
    ).json();
    expect(deliveries).toHaveLength(2);
    await tabby.capture(s.paymentId, { amountFils: 45_000, referenceId: 'cap' });
    expect(await (await fetch(`${fake.url}/_fake/payments/${s.paymentId}/captures`)).json()).toMatchObject({
      count: 1,
    });
    expect((await post('/_fake/reset')).status).toBe(200);
    expect(await fail(tabby.getPayment(s.paymentId))).toMatchObject({ status: 404 });
  });

  it('serves tabby-promo.js defining window.TabbyPromo', async () => {
    const res = await fetch(`${fake.url}/tabby-promo.js`);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(await res.text()).toContain('window.TabbyPromo = TabbyPromo');
  });
});
