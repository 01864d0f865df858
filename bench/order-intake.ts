import { ORDER_TOTAL_HEADER, type Product } from '@qahwa/schema';
import { codOrder, orderLineOf } from '@qahwa/schema/testing';
import { collectServerTiming, percentile } from './report';

/**
 * Open-loop load on POST /api/orders: request i is sent at start + i/rate whatever happened to
 * the ones before (a closed loop would slow down with the server and hide its queueing), and
 * its latency is counted from that planned moment, so a client that fell behind cannot flatter
 * the figures either.
 */
export interface IntakeResult {
  sent: number;
  ok: number;
  /** 202 "still being processed": not an error, but not answered within the gateway's wait. */
  accepted: number;
  errors: number;
  errorSamples: string[];
  /**
   * Sustained rate: OK answers over the window in which answers came (first to last, plus one
   * interval). A server that keeps up answers in the rhythm it was sent, so this reads `rate`;
   * one that queues stretches the window and the figure falls. Kept to 0.1 order/s: the first and
   * last answers' own latencies move the window by a few milliseconds (3,000 answered on pace read
   * 49.99 or 50.02 by that alone), while a server that falls behind loses whole tenths.
   */
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  /** Server-Timing metrics by name: their durations, one per answer that carried them. */
  phases: Map<string, number[]>;
  /** Each request's planned moment (ms from the run's start) and its latency. */
  timeline: Array<{ atMs: number; ms: number }>;
  /** performance.now() of the run's start: where the timeline's 0 is. */
  startedAt: number;
  /** Idempotency key → order id, for the replay check. */
  orders: Map<string, { orderId: string; body: string; headers: Record<string, string> }>;
}

export interface Shopper {
  email: string;
  phone: string;
  /** One address per shopper, as a single-hop proxy on loopback would forward it. */
  address: string;
}

/**
 * Every order comes from a different shopper (address, e-mail AND phone), because the gateway
 * limits orders per client address, and per phone and e-mail, which one client would hit at once.
 */
export function shopper(run: string, i: number): Shopper {
  return {
    email: `bench+${run}-${i}@example.ae`,
    phone: `+97150${String(1_000_000 + i).slice(-7)}`,
    address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  };
}

/**
 * One bag of the product's first variation to Business Bay. `totalAmount` is the total the
 * shopper was shown: cash on delivery is placed only when it is the server's (`serverTotal`).
 */
export function orderBody(product: Product, who: Shopper, totalAmount = 0): string {
  return JSON.stringify(
    codOrder({
      customerInfo: { fullName: 'Bench Shopper', email: who.email, phone: who.phone },
      items: [orderLineOf(product, product.variations[0]!)],
      totalAmount,
    }),
  );
}

export function orderRequest(run: string, i: number, product: Product, totalAmount: number) {
  const who = shopper(run, i);
  return {
    key: `bench-${run}-${i}`,
    body: orderBody(product, who, totalAmount),
    headers: {
      'content-type': 'application/json',
      'idempotency-key': `bench-${run}-${i}`,
      'x-forwarded-for': who.address,
    },
  };
}

/**
 * What the store charges for the bench's order, as the checkout's summary shows it: asked once of
 * the gateway, whose answer to a claim of 0 is 409 PRICE_CHANGED with its total (nothing ordered).
 */
export async function serverTotal(gateway: string, product: Product, run: string): Promise<number> {
  const who = shopper(`${run}-total`, 0);
  const res = await fetch(`${gateway}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': who.address },
    body: orderBody(product, who, 0),
  });
  await res.arrayBuffer();
  const total = res.headers.get(ORDER_TOTAL_HEADER);
  if (res.status !== 409 || !total)
    throw new Error(`no server total for the bench's order (HTTP ${res.status})`);
  return Number(total);
}

/**
 * Calls `one` for requests 0 … total-1, request i at start + i/rate whatever happened to the ones
 * before, and resolves with `start` once every one has ended.
 */
export async function openLoop(
  total: number,
  rate: number,
  one: (i: number, planned: number, start: number) => Promise<void>,
): Promise<number> {
  const interval = 1000 / rate;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 50;
  for (let i = 0; i < total; i++) {
    const planned = start + i * interval;
    const wait = planned - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(one(i, planned, start));
  }
  await Promise.all(inFlight);
  return start;
}

export async function pacedOrders(
  gateway: string,
  product: Product,
  opts: {
    run: string;
    rate: number;
    seconds: number;
    firstIndex: number;
    totalAmount: number;
    /** Sends each request (the fault run's client retries a failed one); the global fetch by default. */
    fetch?: typeof fetch;
  },
): Promise<IntakeResult> {
  const send = opts.fetch ?? fetch;
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  const timeline: IntakeResult['timeline'] = [];
  const phases = new Map<string, number[]>();
  const orders: IntakeResult['orders'] = new Map();
  const errorSamples: string[] = [];
  let ok = 0;
  let accepted = 0;
  let errors = 0;
  let firstAnswer = Number.POSITIVE_INFINITY;
  let lastAnswer = Number.NEGATIVE_INFINITY;

  const one = async (i: number, planned: number, start: number) => {
    const req = orderRequest(opts.run, opts.firstIndex + i, product, opts.totalAmount);
    try {
      const res = await send(`${gateway}/api/orders`, {
        method: 'POST',
        headers: req.headers,
        body: req.body,
      });
      const text = await res.text();
      const now = performance.now();
      latencies.push(now - planned);
      timeline.push({ atMs: planned - start, ms: now - planned });
      if (res.status === 200) {
        firstAnswer = Math.min(firstAnswer, now);
        lastAnswer = Math.max(lastAnswer, now);
      }
      collectServerTiming(phases, res.headers.get('server-timing'));
      if (res.status === 200) {
        ok++;
        const orderId = (JSON.parse(text) as { orderId?: string }).orderId ?? '';
        orders.set(req.key, { orderId, body: req.body, headers: req.headers });
      } else if (res.status === 202) {
        accepted++;
        orders.set(req.key, { orderId: '', body: req.body, headers: req.headers });
      } else {
        errors++;
        if (errorSamples.length < 5) errorSamples.push(`HTTP ${res.status} ${text.slice(0, 200)}`);
      }
    } catch (err) {
      latencies.push(performance.now() - planned);
      timeline.push({ atMs: planned - start, ms: performance.now() - planned });
      errors++;
      if (errorSamples.length < 5) errorSamples.push(String((err as Error).cause ?? err));
    }
  };

  const start = await openLoop(total, opts.rate, one);

  latencies.sort((a, b) => a - b);
  // One interval is added so that N orders answered exactly on pace read as exactly `rate`.
  const window = ok > 0 ? (lastAnswer - firstAnswer) / 1000 + 1 / opts.rate : Number.POSITIVE_INFINITY;
  return {
    sent: total,
    ok,
    accepted,
    errors,
    errorSamples,
    rate: Math.round((ok / window) * 10) / 10,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    phases,
    timeline,
    startedAt: start,
    orders,
  };
}
