import type { FastifyRequest } from 'fastify';

/**
 * Requests a shutdown must not cut off: a card order in flight (POST /api/orders with a
 * `paymentIntentId`) is a shopper whose money Stripe has taken, waiting for their order number.
 * The app counts them (app.ts), and closing waits for them, up to a bound, before it closes any
 * connection (docs/operations.md "Shutting down").
 */
export class InFlight {
  private readonly open = new Set<FastifyRequest>();
  private waiters: Array<() => void> = [];

  get size(): number {
    return this.open.size;
  }

  add(req: FastifyRequest): void {
    this.open.add(req);
  }

  delete(req: FastifyRequest): void {
    if (!this.open.delete(req) || this.open.size > 0) return;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves once none is left, or after `timeoutMs`; says how many were still in flight then. */
  async drain(timeoutMs: number): Promise<number> {
    if (this.open.size === 0) return 0;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.waiters.push(resolve)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    return this.open.size;
  }
}

/** A card order: the shopper has paid (or is paying) and waits for the workflow's answer. */
export function isCardOrder(req: FastifyRequest): boolean {
  if (req.method !== 'POST' || req.routeOptions.url !== '/api/orders') return false;
  const body = req.body as { paymentIntentId?: unknown } | undefined;
  return typeof body?.paymentIntentId === 'string' && body.paymentIntentId !== '';
}
