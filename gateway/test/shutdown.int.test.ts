import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createDb, type DbHandle } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { StripeDouble } from '@qahwa/fake-stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from './harness';
import { checkoutClaim } from './payments/harness';

/*
 * A deploy stops the gateway (SIGTERM) while a shopper who has paid by card waits for their order
 * (docs/operations.md "Shutting down"): the real server process, its own checkout worker, the
 * Stripe double behind a proxy that makes Stripe slow. The order must still answer 200, new
 * requests are refused in the one error body, and the process exits cleanly.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const WEBHOOK_SECRET = 'whsec_test_shutdown';
const run = randomUUID().slice(0, 8);

let handle: DbHandle;
let double: StripeDouble;
let slowStripe: Server;
let gateway: ChildProcess;
let gatewayUrl: string;
let exited: Promise<number | null>;
const log = `${tmpdir()}/qahwa-shutdown-${run}.log`;

/** Once armed, Stripe reads a payment intent slowly: the first read past the client's 10 s timeout, its retry in 1 s. */
const slow = { armed: false, reads: 0 };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  handle = createDb(TEST_DATABASE_URL);
  await resetDatabase(handle.db);
  double = new StripeDouble({ webhookSecret: WEBHOOK_SECRET, retryDelaysMs: [200, 1000, 3000] });
  const doubleUrl = new URL(await double.listen());
  slowStripe = createServer((req, res) => {
    const read = req.method === 'GET' && /^\/v1\/payment_intents\/pi_/.test(req.url ?? '');
    const delayMs = slow.armed && read ? (slow.reads++ === 0 ? 11_000 : 1_000) : 0;
    setTimeout(() => {
      const upstream = httpRequest(
        {
          host: doubleUrl.hostname,
          port: doubleUrl.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    }, delayMs);
  }).listen(0, '127.0.0.1');
  await new Promise((r) => slowStripe.once('listening', r));
  const port = await freePort();
  gatewayUrl = `http://127.0.0.1:${port}`;
  double.options.webhookUrl = `${gatewayUrl}/api/webhooks/stripe`;
  gateway = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: TEST_DATABASE_URL,
      GATEWAY_PORT: String(port),
      CHECKOUT_TASK_QUEUE: `shutdown-checkout-${run}`,
      EVENTS_SUBJECT_PREFIX: `shutdown-${run}.`,
      STOREFRONT_REVALIDATE_URLS: '',
      STRIPE_API_BASE: `http://127.0.0.1:${(slowStripe.address() as AddressInfo).port}`,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RATE_LIMIT_ORDERS: '1000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(log);
  gateway.stdout?.pipe(out);
  gateway.stderr?.pipe(out);
  exited = new Promise((resolve) => gateway.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (gateway.exitCode !== null) throw new Error(`the gateway exited with ${gateway.exitCode}; see ${log}`);
    const ready = await fetch(`${gatewayUrl}/health/ready`).catch(() => null);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`the gateway did not start; see ${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 150_000);

afterAll(async () => {
  if (gateway && gateway.exitCode === null) gateway.kill('SIGKILL');
  await new Promise<void>((r) => slowStripe?.close(() => r()));
  await double?.close();
  await handle?.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${gatewayUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-locale': 'en' },
    body: JSON.stringify(body),
  });

describe('shutting down with a card order in flight', () => {
  /** A card checkout paid in the browser: its intent, confirmed at the double itself (not the slow proxy). */
  async function paidCheckout() {
    const claim = await checkoutClaim(handle.db);
    const intent = await post('/api/create-payment-intent', claim);
    expect(intent.status).toBe(200);
    const { paymentIntentId, clientSecret, totalAmount } = (await intent.json()) as {
      paymentIntentId: string;
      clientSecret: string;
      totalAmount: number;
    };
    const confirmed = await fetch(`${double.url}/v1/payment_intents/${paymentIntentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_storefront',
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '4242424242424242',
      }),
    });
    expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded');
    return { ...claim, totalAmount, paymentIntentId, paymentProvider: 'STRIPE' };
  }

  it('lets the paid order answer 200, refuses new requests meanwhile, then exits cleanly', async () => {
    // A first order warms the checkout worker (its workflow sandbox loads on the first task).
    expect((await post('/api/orders', await paidCheckout())).status).toBe(200);
    // This payment's webhook is held back: its read of the intent would race the order's for the
    // slow first read (a few milliseconds decide it), and the order must be the one in flight.
    double.options.autoDeliver = false;
    const body = await paidCheckout();
    slow.armed = true;
    const began = Date.now();
    const order = post('/api/orders', body);
    // The checkout is reading the intent from Stripe: the order is in flight. A deploy stops us.
    while (slow.reads === 0) await new Promise((r) => setTimeout(r, 50));
    gateway.kill('SIGTERM');

    // Meanwhile a new request is refused at once, in the one error body, to be tried elsewhere.
    let refused: Response | null = null;
    for (let i = 0; i < 40 && refused?.status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 100));
      refused = await fetch(`${gatewayUrl}/api/products?limit=1`, { headers: { 'x-locale': 'en' } });
    }
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get('retry-after')).toBe('5');
    expect(await refused?.json()).toMatchObject({ success: false, code: 'SHUTTING_DOWN' });

    const answered = await order;
    // Stripe took over 11 s: past the 10 s a shutdown used to give everything before exiting.
    expect(Date.now() - began).toBeGreaterThan(11_000);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ success: true, totalAmount: body.totalAmount });
    expect(await exited).toBe(0);
  }, 90_000);
});
