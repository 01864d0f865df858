/**
 * Where a request's time went, as a `Server-Timing` header (W3C Server Timing): the browser's
 * dev tools show it, and the bench aggregates it per phase. Durations in ms.
 */
export class ServerTiming {
  private readonly phases: { name: string; ms: number; desc?: string }[] = [];

  add(name: string, ms: number | undefined, desc?: string): void {
    if (ms !== undefined && Number.isFinite(ms)) this.phases.push({ name, ms, ...(desc ? { desc } : {}) });
  }

  /** Times `fn` as phase `name`, also when it throws. */
  async time<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      this.add(name, performance.now() - t0);
    }
  }

  header(): string {
    return this.phases
      .map(({ name, ms, desc }) => `${name};${desc ? `desc="${desc}";` : ''}dur=${ms.toFixed(1)}`)
      .join(', ');
  }
}
