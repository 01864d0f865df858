/**
 * The fault run's shoppers' client (scripts/cluster-faults.sh): a `fetch` for the bench's loads
 * (`pacedOrders`, `pacedCardOrders`) that retries a request to the balancer which failed — no
 * answer (the socket closed under a killed gateway), a 5xx, or no answer within the attempt's
 * time — by sending the SAME request again: its `Idempotency-Key` (a cash-on-delivery order) or
 * its paid intent (a card order) makes the retry join the first attempt's checkout instead of
 * placing a second order (docs/checkout.md "Idempotency-Key"). Requests elsewhere (the Stripe
 * double) are sent once, as they are. It counts what the run prints: retries, 5xx answers, the
 * moment of each accepted order.
 */

export interface ClientStats {
  /** Requests sent again after a failed attempt. */
  retries: number;
  /** 5xx answers from the balancer, every attempt counted. */
  serverErrors: number;
  /** Attempts that got no answer (connection closed or refused, or the attempt's time ran out). */
  noAnswer: number;
  /** Requests still failed after the last attempt. */
  gaveUp: number;
  /** performance.now() of every 200 to POST /api/orders: when the store accepted an order. */
  acceptedAt: number[];
  /** performance.now() and what each failed attempt got (a status, or the error's code). */
  failures: Array<{ at: number; path: string; what: string }>;
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Wait before the first retry; doubled before each next one, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** One attempt's limit: past it the attempt is abandoned and retried. */
  attemptTimeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 6,
  firstDelayMs: 250,
  maxDelayMs: 4_000,
  attemptTimeoutMs: 30_000,
};

/** The wait before retry number `n` (1-based): 250, 500, 1000 … ms, capped. */
export function retryDelay(policy: RetryPolicy, n: number): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (n - 1));
}

export function retryingFetch(balancer: string, policy: RetryPolicy = DEFAULT_RETRY) {
  const stats: ClientStats = {
    retries: 0,
    serverErrors: 0,
    noAnswer: 0,
    gaveUp: 0,
    acceptedAt: [],
    failures: [],
  };

  const send: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(balancer)) return fetch(input, init);
    const path = new URL(url).pathname;
    const isOrder = path === '/api/orders' && init?.method === 'POST';
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= policy.attempts;
      try {
        const res = await fetch(input, { ...init, signal: AbortSignal.timeout(policy.attemptTimeoutMs) });
        if (res.status < 500) {
          if (isOrder && res.status === 200) stats.acceptedAt.push(performance.now());
          return res;
        }
        stats.serverErrors++;
        stats.failures.push({ at: performance.now(), path, what: String(res.status) });
        if (last) {
          stats.gaveUp++;
          return res;
        }
        // The body is dropped so its connection goes back to the pool.
        await res.arrayBuffer().catch(() => undefined);
      } catch (err) {
        stats.noAnswer++;
        const e = err as Error & { cause?: { code?: string } };
        stats.failures.push({ at: performance.now(), path, what: e.cause?.code ?? e.name });
        if (last) {
          stats.gaveUp++;
          throw err;
        }
      }
      stats.retries++;
      await new Promise((r) => setTimeout(r, retryDelay(policy, attempt)));
    }
  };
  return { fetch: send, stats };
}
