import type { StripeEvent } from './objects';
import { signPayload } from './signature';

/**
 * Webhook deliveries: each event POSTed to the endpoint signed as Stripe signs it, automatic ones
 * re-sent after a failure, and the copies a test asks for (several, at once, late, stale, forged).
 */

export interface Delivery {
  eventId: string;
  status: number | 'network-error';
  at: number;
}

export interface DeliverOptions {
  /** How many times to send it (Stripe may deliver an event more than once). */
  times?: number;
  /** Send the copies at once rather than one after another. */
  concurrent?: boolean;
  /** Wait this long first (a late delivery). */
  delayMs?: number;
  /** Sign with this Unix time instead of now (a stale delivery). */
  timestamp?: number;
  /** Sign with this secret instead of the endpoint's (a forgery). */
  secret?: string;
  /** Change the body after signing it. */
  tamper?: (payload: string) => string;
  /** Deliver somewhere else than the configured endpoint. */
  url?: string;
}

/** The double's settings its deliveries read (they can change while it runs: `POST /_double/config`). */
export interface WebhookSettings {
  /** The endpoint events are sent to; none = events are only recorded. */
  webhookUrl?: string;
  /** The endpoint's signing secret (`whsec_…`). */
  webhookSecret?: string;
  /** Send each event to the webhook as it happens (default true when a webhookUrl is set). */
  autoDeliver?: boolean;
  /** Delays before re-sending an automatic delivery that failed (Stripe retries for days). */
  retryDelaysMs?: number[];
  /** Called for each delivery's outcome (tests and the CLI's log). */
  onDelivery?: (d: Delivery) => void;
}

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly settings: () => WebhookSettings,
    /** Retries stop once the double stopped listening. */
    private readonly listening: () => boolean,
  ) {}

  /** Resolves once no delivery (automatic or asked for) is under way. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Sends the event as the options say; resolves with each answer's status. */
  async deliver(event: StripeEvent, opts: DeliverOptions = {}): Promise<Delivery[]> {
    const url = opts.url ?? this.settings().webhookUrl;
    if (!url) throw new Error('no webhook URL configured');
    const times = opts.times ?? 1;
    const run = async () => {
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      const once = () => this.post(url, event, opts);
      if (opts.concurrent) return Promise.all(Array.from({ length: times }, once));
      const out: Delivery[] = [];
      for (let i = 0; i < times; i++) out.push(await once());
      return out;
    };
    return this.track(run());
  }

  /** Like Stripe: deliver after the API call answered, retry a failed delivery later. */
  deliverLater(event: StripeEvent): void {
    void this.track(this.deliverWithRetries(event));
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => {});
    return p;
  }

  private async post(url: string, event: StripeEvent, opts: DeliverOptions): Promise<Delivery> {
    const payload = JSON.stringify(event, null, 2);
    const signature = signPayload(payload, opts.secret ?? this.settings().webhookSecret!, opts.timestamp);
    const body = opts.tamper ? opts.tamper(payload) : payload;
    let status: Delivery['status'];
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signature,
        },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = 'network-error';
    }
    const d: Delivery = { eventId: event.id, status, at: Date.now() };
    this.deliveries.push(d);
    this.settings().onDelivery?.(d);
    return d;
  }

  private async deliverWithRetries(event: StripeEvent) {
    const delays = this.settings().retryDelaysMs ?? [500, 2000, 5000];
    await new Promise((r) => setTimeout(r, 5));
    for (let attempt = 0; ; attempt++) {
      const d = await this.post(this.settings().webhookUrl!, event, {});
      if (typeof d.status === 'number' && d.status >= 200 && d.status < 300) return;
      const delay = delays[attempt];
      if (delay === undefined || !this.listening()) return;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
