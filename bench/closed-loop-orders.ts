import type { orderRequest } from './order-intake';
import { percentile } from './report';

/** Closed-loop order load for the `cluster` part (bench/parts/cluster.ts): one round, and rounds summed. */
export interface OrderLoad {
  ok: number;
  errors: number;
  seconds: number;
  perSecond: number;
  /** Latencies of the round, ascending. */
  ms: number[];
  errorSamples: string[];
}

/**
 * Closed-loop COD orders: `connections` shoppers, each placing its next order as soon as the last
 * was answered, for `seconds`. The throughput is the orders accepted (200, or 202 still being
 * processed) per second: what the store takes when pushed, as the read path's autocannon measures.
 */
export async function closedLoopOrders(
  url: string,
  seconds: number,
  connections: number,
  nextRequest: (lane: number) => ReturnType<typeof orderRequest>,
): Promise<OrderLoad> {
  const began = performance.now();
  const until = began + seconds * 1000;
  const out: OrderLoad = { ok: 0, errors: 0, seconds, perSecond: 0, ms: [], errorSamples: [] };
  const shopper = async (lane: number) => {
    while (performance.now() < until) {
      const req = nextRequest(lane);
      const sent = performance.now();
      try {
        const res = await fetch(`${url}/api/orders`, {
          method: 'POST',
          headers: req.headers,
          body: req.body,
        });
        const text = await res.text();
        out.ms.push(performance.now() - sent);
        if (res.status === 200 || res.status === 202) out.ok++;
        else {
          out.errors++;
          if (out.errorSamples.length < 3) out.errorSamples.push(`HTTP ${res.status} ${text.slice(0, 160)}`);
        }
      } catch (err) {
        out.errors++;
        if (out.errorSamples.length < 3) out.errorSamples.push(String((err as Error).cause ?? err));
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, lane) => shopper(lane)));
  out.seconds = (performance.now() - began) / 1000;
  out.perSecond = out.ok / out.seconds;
  out.ms.sort((a, b) => a - b);
  if (out.errorSamples.length) console.log(`  errors at ${url}: ${out.errorSamples.join(' | ')}`);
  return out;
}

export function sumRounds(rounds: OrderLoad[]) {
  const ok = rounds.reduce((n, r) => n + r.ok, 0);
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
  const ms = rounds.flatMap((r) => r.ms).sort((a, b) => a - b);
  return {
    perSecond: ok / seconds,
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    p50: percentile(ms, 50),
  };
}
