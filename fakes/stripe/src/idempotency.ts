/**
 * Stripe's `Idempotency-Key` (docs.stripe.com/api/idempotent_requests): the first answer to a POST
 * with a key is kept, and a retry with the same key and parameters gets it again; with other
 * parameters, 400 `idempotency_error`. Keys may be pruned once they are 24 hours old, and a key
 * used again after that is a new request. The double prunes at 24 hours; `expire()` lets a test
 * (or `POST /_double/idempotency/expire`) make that day pass for every key seen so far.
 */

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface KeptAnswer {
  /** The raw body of the first request, to refuse the key with other parameters. */
  body: string;
  status: number;
  json: string;
  at: number;
}

export class IdempotencyKeys {
  private readonly kept = new Map<string, KeptAnswer>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The first answer to this key on this path, unless it was pruned. */
  get(path: string, key: string): KeptAnswer | undefined {
    const id = `${path} ${key}`;
    const found = this.kept.get(id);
    if (found && this.now() - found.at >= IDEMPOTENCY_WINDOW_MS) {
      this.kept.delete(id);
      return undefined;
    }
    return found;
  }

  keep(path: string, key: string, answer: Omit<KeptAnswer, 'at'>): void {
    this.kept.set(`${path} ${key}`, { ...answer, at: this.now() });
  }

  /** The 24 hours pass for every key kept so far: each is pruned. Answers how many were. */
  expire(): number {
    const n = this.kept.size;
    this.kept.clear();
    return n;
  }
}
