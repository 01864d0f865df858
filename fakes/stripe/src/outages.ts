/**
 * Stripe down for some callers (a test control, not Stripe's API): a request matching an outage's
 * method, path and secret key is answered Stripe's 5xx `api_error` and is not carried out, so no
 * intent changes, no refund is made, no Idempotency-Key is kept. Keyed by the API key because the
 * card path has two callers of Stripe (the gateway and the checkout worker) and a test needs one
 * of them to see Stripe down while the other does not (docs/payments.md "The Stripe double").
 */

export interface Outage {
  /** Only this HTTP method (GET, POST); default any. */
  method?: string;
  /** Only paths this matches (`/v1/refunds`, /payment_intents/); default any. */
  path?: RegExp;
  /** Only requests carrying this secret key; default any caller. */
  secretKey?: string;
  /** The answer's status; default 503. */
  status?: number;
}

export class Outages {
  private readonly active = new Set<Outage>();
  /** How many requests an outage refused so far (all outages, since the double started). */
  refused = 0;

  /** Starts an outage; the function returned ends it. */
  add(outage: Outage): () => void {
    const own = { ...outage };
    this.active.add(own);
    return () => {
      this.active.delete(own);
    };
  }

  /** Ends every outage. */
  clear(): void {
    this.active.clear();
  }

  /** The refusal for this request, when an outage covers it. */
  answer(method: string, path: string, key: string): { status: number; body: unknown } | null {
    for (const o of this.active) {
      if (o.method && o.method.toUpperCase() !== method.toUpperCase()) continue;
      if (o.path && !o.path.test(path)) continue;
      if (o.secretKey && o.secretKey !== key) continue;
      this.refused++;
      return {
        status: o.status ?? 503,
        body: {
          error: {
            type: 'api_error',
            message: 'Stripe is temporarily unavailable (an outage set on the Stripe double).',
          },
        },
      };
    }
    return null;
  }
}

/** An outage as `POST /_double/outage` takes it (JSON: the path as a regular expression's source). */
export function outageFromJson(body: Record<string, unknown>): Outage {
  return {
    ...(typeof body.method === 'string' ? { method: body.method } : {}),
    ...(typeof body.path === 'string' ? { path: new RegExp(body.path) } : {}),
    ...(typeof body.secretKey === 'string' ? { secretKey: body.secretKey } : {}),
    ...(typeof body.status === 'number' ? { status: body.status } : {}),
  };
}
