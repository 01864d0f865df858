import type { Payment } from './state';

/**
 * Webhook delivery as Tabby does it (TABBY.md): a JSON body with the payment's lower-case status,
 * sent to the registered URL with the one static header, retried a few times when the merchant
 * does not answer 2xx. Tests choose how badly it behaves, per payment or for all of them:
 * `late` (after delayMs), `twice` (the same body twice), `out-of-order` (the real one, then a
 * stale copy of the payment as it was before), `never`.
 */

export type WebhookMode =
  | { kind: 'normal' }
  | { kind: 'late'; delayMs: number }
  | { kind: 'twice' }
  | { kind: 'out-of-order' }
  | { kind: 'never' };

export interface WebhookTarget {
  url: string;
  header: { title: string; value: string };
}

export interface WebhookDelivery {
  paymentId: string;
  /** The status the body carried (lower case). */
  status: string;
  /** True for the out-of-order mode's stale copy. */
  stale: boolean;
  attempt: number;
  url: string;
  /** The merchant's answer; null when it did not answer (`error` says why). */
  httpStatus: number | null;
  error?: string;
  at: string;
}

/** The body Tabby posts: the payment, status in lower case. */
export function webhookBody(p: Payment) {
  return {
    id: p.id,
    created_at: p.created_at,
    expires_at: p.expires_at,
    status: p.status.toLowerCase(),
    is_test: p.is_test,
    amount: p.amount,
    currency: p.currency,
    description: p.description,
    buyer: p.buyer,
    order: p.order,
    captures: p.captures,
    refunds: p.refunds,
    meta: p.meta,
  };
}

export interface WebhookSenderOptions {
  target: () => WebhookTarget | null;
  /** Re-sends after a failed delivery (Tabby retries "a few times"). */
  retries: number;
  retryDelayMs: number;
  log: (line: Record<string, unknown>) => void;
}

export function createWebhookSender(o: WebhookSenderOptions) {
  let globalMode: WebhookMode = { kind: 'normal' };
  const perPayment = new Map<string, WebhookMode>();
  const deliveries: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  // Each pending wait with its resolver, so stop() can end the waits (and idle() can return).
  const timers = new Map<NodeJS.Timeout, () => void>();
  let stopped = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.set(t, resolve);
    });

  async function deliver(p: Payment, stale: boolean): Promise<void> {
    const target = o.target();
    if (!target) return;
    const body = JSON.stringify(webhookBody(p));
    for (let attempt = 1; attempt <= o.retries + 1 && !stopped; attempt++) {
      const d: WebhookDelivery = {
        paymentId: p.id,
        status: p.status.toLowerCase(),
        stale,
        attempt,
        url: target.url,
        httpStatus: null,
        at: new Date().toISOString(),
      };
      try {
        const res = await fetch(target.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [target.header.title]: target.header.value },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer().catch(() => undefined);
        d.httpStatus = res.status;
      } catch (err) {
        d.error = String(err);
      }
      deliveries.push(d);
      o.log({ msg: 'tabby webhook delivered', ...d });
      if (d.httpStatus !== null && d.httpStatus >= 200 && d.httpStatus < 300) return;
      if (attempt <= o.retries) await sleep(o.retryDelayMs);
    }
  }

  function track(work: () => Promise<void>) {
    const run = work().catch((err: unknown) => o.log({ msg: 'tabby webhook failed', err: String(err) }));
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  /** Called for every status change of a payment. */
  function onChange(after: Payment, before: Payment) {
    if (stopped) return;
    const mode = perPayment.get(after.id) ?? globalMode;
    switch (mode.kind) {
      case 'never':
        return;
      case 'late':
        track(async () => {
          await sleep(mode.delayMs);
          if (!stopped) await deliver(after, false);
        });
        return;
      case 'twice':
        track(async () => {
          await deliver(after, false);
          await deliver(after, false);
        });
        return;
      case 'out-of-order':
        track(async () => {
          await deliver(after, false);
          await deliver(before, true);
        });
        return;
      default:
        track(() => deliver(after, false));
    }
  }

  return {
    onChange,
    setMode(mode: WebhookMode, paymentId?: string) {
      if (paymentId) perPayment.set(paymentId, mode);
      else globalMode = mode;
    },
    deliveries: (paymentId?: string) => deliveries.filter((d) => !paymentId || d.paymentId === paymentId),
    /** Resolves when every delivery under way (late ones included) has been made. */
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    reset() {
      globalMode = { kind: 'normal' };
      perPayment.clear();
      deliveries.length = 0;
    },
    stop() {
      stopped = true;
      for (const [t, resolve] of timers) {
        clearTimeout(t);
        resolve();
      }
      timers.clear();
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
