import type { Product } from '@qahwa/schema';
import { openLoop, orderBody, shopper } from './order-intake';
import { collectServerTiming, percentile } from './report';

export interface CardIntakeResult {
  sent: number;
  ok: number;
  errors: number;
  errorSamples: string[];
  /** Answered per second over the window in which the orders' answers came (as `pacedOrders`). */
  rate: number;
  /** POST /api/orders after the payment (what COD's figure measures): sent to answered. */
  order: { p50: number; p95: number; p99: number };
  /** The shopper's whole card step: intent, confirmation at Stripe, order; from the planned moment. */
  flow: { p50: number; p95: number };
  /** Server-Timing metrics of POST /api/orders by name: where an order's time went. */
  phases: Map<string, number[]>;
  /** Each order's planned moment (ms from the run's start) and its POST /api/orders latency. */
  timeline: Array<{ atMs: number; ms: number }>;
  startedAt: number;
  /** The intents paid, for the checks after the run (one order each, one e-mail each). */
  intents: string[];
}

/**
 * Card (or wallet) orders, open loop like `pacedOrders`: each one makes its intent (POST
 * /api/create-payment-intent), confirms it at the Stripe double as Stripe.js would — the double
 * then posts `payment_intent.succeeded` to the gateway at once, so the webhook and the browser's
 * order arrive together as in production — and places the order (POST /api/orders with the
 * intent). A wallet payment confirms with the double's `card[wallet]` (Apple Pay).
 */
export async function pacedCardOrders(
  gateway: string,
  stripeDouble: string,
  product: Product,
  opts: {
    run: string;
    rate: number;
    seconds: number;
    firstIndex: number;
    wallet?: 'apple_pay' | 'google_pay';
    /** Sends each request (the fault run's client retries a failed one); the global fetch by default. */
    fetch?: typeof fetch;
  },
): Promise<CardIntakeResult> {
  const send = opts.fetch ?? fetch;
  const total = Math.round(opts.rate * opts.seconds);
  const orderLatencies: number[] = [];
  const flowLatencies: number[] = [];
  const phases = new Map<string, number[]>();
  const timeline: CardIntakeResult['timeline'] = [];
  const intents: string[] = [];
  const errorSamples: string[] = [];
  let ok = 0;
  let errors = 0;
  let firstAnswer = Number.POSITIVE_INFINITY;
  let lastAnswer = Number.NEGATIVE_INFINITY;
  const fail = (what: string) => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(what);
  };

  const one = async (i: number, planned: number, start: number) => {
    const who = shopper(`${opts.run}-card`, opts.firstIndex + i);
    const claim = JSON.parse(orderBody(product, who)) as Record<string, unknown>;
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': who.address };
    try {
      const intentRes = await send(`${gateway}/api/create-payment-intent`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          ...claim,
          paymentProvider: undefined,
          paymentMethod: opts.wallet ? 'wallet' : 'card',
          amount: 1,
          currency: 'aed',
        }),
      });
      const intent = (await intentRes.json()) as { clientSecret?: string; paymentIntentId?: string };
      if (intentRes.status !== 200 || !intent.clientSecret || !intent.paymentIntentId) {
        return fail(`intent HTTP ${intentRes.status}`);
      }
      const confirm = await send(`${stripeDouble}/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          key: 'pk_test_bench',
          client_secret: intent.clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': '4242424242424242',
          ...(opts.wallet ? { 'payment_method_data[card][wallet]': opts.wallet } : {}),
        }),
      });
      await confirm.arrayBuffer();
      if (confirm.status !== 200) return fail(`confirm HTTP ${confirm.status}`);
      intents.push(intent.paymentIntentId);
      const placed = performance.now();
      const res = await send(`${gateway}/api/orders`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          ...claim,
          paymentProvider: 'STRIPE',
          paymentIntentId: intent.paymentIntentId,
        }),
      });
      const text = await res.text();
      const now = performance.now();
      orderLatencies.push(now - placed);
      flowLatencies.push(now - planned);
      timeline.push({ atMs: planned - start, ms: now - placed });
      collectServerTiming(phases, res.headers.get('server-timing'));
      if (res.status === 200) {
        ok++;
        firstAnswer = Math.min(firstAnswer, now);
        lastAnswer = Math.max(lastAnswer, now);
      } else fail(`order HTTP ${res.status} ${text.slice(0, 200)}`);
    } catch (err) {
      fail(String((err as Error).cause ?? err));
    }
  };

  const startedAt = await openLoop(total, opts.rate, one);
  orderLatencies.sort((a, b) => a - b);
  flowLatencies.sort((a, b) => a - b);
  const window = ok > 0 ? (lastAnswer - firstAnswer) / 1000 + 1 / opts.rate : Number.POSITIVE_INFINITY;
  return {
    sent: total,
    ok,
    errors,
    errorSamples,
    rate: Math.round((ok / window) * 10) / 10,
    order: {
      p50: percentile(orderLatencies, 50),
      p95: percentile(orderLatencies, 95),
      p99: percentile(orderLatencies, 99),
    },
    flow: { p50: percentile(flowLatencies, 50), p95: percentile(flowLatencies, 95) },
    phases,
    timeline,
    startedAt,
    intents,
  };
}
