import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Non-2xx/3xx answers plus connection errors and timeouts. */
  failures: number;
}

/** Closed-loop load: `connections` keep-alive connections, each sending the next request on an answer. */
export async function load(
  url: string,
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const r = await autocannon({ url, connections, duration: seconds, headers });
  const failures = r.errors + r.timeouts + r['4xx'] + r['5xx'];
  return {
    requests: r.requests.total,
    seconds: r.duration,
    perSecond: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures,
  };
}

/**
 * The real route and the bare baseline, measured in alternating rounds (bare, real, bare, real…)
 * so that whatever else the machine does during the run falls on both: the ratio is the figure
 * that survives a noisy two-core machine, not either rate alone.
 */
export async function sideBySide(
  realUrl: string,
  bareUrl: string,
  opts: {
    rounds: number;
    secondsPerRound: number;
    connections: number;
    /** How each round's line names the two (the cluster part compares the balancer with one gateway). */
    labels?: { real: string; bare: string };
  },
): Promise<{ real: LoadResult; bare: LoadResult; ratio: number }> {
  const labels = opts.labels ?? { real: 'real', bare: 'bare' };
  // Warm-up: JIT, keep-alive sockets, the first build of whatever is lazily built.
  await load(bareUrl, 2, opts.connections);
  await load(realUrl, 2, opts.connections);
  const real: LoadResult[] = [];
  const bare: LoadResult[] = [];
  for (let i = 0; i < opts.rounds; i++) {
    bare.push(await load(bareUrl, opts.secondsPerRound, opts.connections));
    real.push(await load(realUrl, opts.secondsPerRound, opts.connections));
    console.log(
      `  round ${i + 1}: ${labels.bare} ${bare.at(-1)!.perSecond.toFixed(0)} req/s, ${labels.real} ${real.at(-1)!.perSecond.toFixed(0)} req/s`,
    );
  }
  const sum = (xs: LoadResult[]): LoadResult => {
    const requests = xs.reduce((s, x) => s + x.requests, 0);
    const seconds = xs.reduce((s, x) => s + x.seconds, 0);
    return {
      requests,
      seconds,
      perSecond: requests / seconds,
      // The worst round's percentiles: the honest summary of rounds that cannot be merged.
      p50: Math.max(...xs.map((x) => x.p50)),
      p99: Math.max(...xs.map((x) => x.p99)),
      failures: xs.reduce((s, x) => s + x.failures, 0),
    };
  };
  // The median of the rounds' ratios: one round disturbed by a neighbour's test run moves it little.
  const ratios = real.map((x, i) => x.perSecond / bare[i]!.perSecond).sort((a, b) => a - b);
  const mid = Math.floor(ratios.length / 2);
  const ratio = ratios.length % 2 ? ratios[mid]! : (ratios[mid - 1]! + ratios[mid]!) / 2;
  return { real: sum(real), bare: sum(bare), ratio };
}
