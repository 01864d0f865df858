/**
 * `make bench`: the store's processes as production runs them (gateway, Temporal worker,
 * workers, each its own Node process) on the test database, the real PostgreSQL, NATS and
 * Temporal, and load from this process over loopback HTTP. Prints one table of figures beside
 * their goals and writes the same to .data/bench/results.json. It asserts nothing: a missed
 * goal is printed as MISSED, and the exit code only says whether the run itself worked.
 *
 *   make bench                                            (starts the services it needs)
 *   DATABASE_URL=…/qahwa_test_x npx tsx bench/main.ts     (services already running)
 *
 * Knobs (environment): BENCH_CONNECTIONS (8), BENCH_READ_ROUNDS (6), BENCH_READ_SECONDS (3),
 * BENCH_ORDER_RATE (50), BENCH_ORDER_SECONDS (60), BENCH_ORDER_WARM_SECONDS (20: orders at the rate before the
 * measured ones, reported as the cold start), BENCH_CARD_RATE (20), BENCH_CARD_SECONDS (60),
 * BENCH_CARD_WARM_SECONDS (10), BENCH_WALLET_SECONDS (30), BENCH_COD_BESIDE_CARD_RATE (30: cash on delivery beside card),
 * BENCH_PARTS (read,orders,card,lighthouse,admin-pages; `cluster`, about 6 min, only when named: bench/parts/cluster.ts,
 * with BENCH_CLUSTER_ORDER_ROUNDS (4), BENCH_CLUSTER_ORDER_SECONDS (10), BENCH_CLUSTER_LAG_RATE (200 events/s),
 * BENCH_CLUSTER_LAG_SECONDS (30)), BENCH_CPU_PROF=<dir> (V8 CPU profiles of every process);
 * for Lighthouse (bench/lighthouse.ts): NEXT_DIST_DIR (.next), BENCH_WEB_BUILD=1 (rebuild), BENCH_WEB_PORT,
 * BENCH_LIGHTHOUSE_ROUTES (/,/shop,/category,/product,/checkout), BENCH_LIGHTHOUSE_RUNS (3: the median run
 * is reported); reports in .data/bench/lighthouse/; for the back office's screens (bench/admin-pages.ts):
 * NEXT_DIST_DIR (.next, the admin's build in admin/), BENCH_ADMIN_BUILD=1 (rebuild), BENCH_ADMIN_PORT,
 * BENCH_ADMIN_RUNS (5 loads after a warm-up: the median is reported), BENCH_ADMIN_ROWS (1000 orders,
 * leads and 5× audit entries written first).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { adminPagesPart } from './parts/admin-pages';
import { cardPart } from './parts/card';
import { clusterPart } from './parts/cluster';
import { lighthousePart } from './parts/lighthouse';
import { ordersPart } from './parts/orders';
import { readPart } from './parts/read';
import { benchDir } from './processes';
import { type Figure, figure, formatTable } from './report';
import { type Bench, closeBench, type Knobs, openBench, startStore } from './stack';

/** The parts in the order they run; BENCH_PARTS picks which. One module each under parts/. */
const PARTS: [name: string, body: (bench: Bench, figures: Figure[]) => Promise<void>][] = [
  ['read', readPart],
  ['orders', ordersPart],
  ['card', cardPart],
  ['lighthouse', lighthousePart],
  ['admin-pages', adminPagesPart],
];

/**
 * Parts that start a store of their own (`cluster`: `make cluster`), run after the others; the
 * bench's single store is not started when only these are picked. Not in the default parts.
 */
const OWN_STORE_PARTS: [
  name: string,
  body: (b: { run: string; knobs: Knobs }, figures: Figure[]) => Promise<void>,
][] = [['cluster', clusterPart]];

const opened = await openBench();
const { knobs } = opened;

try {
  const figures: Figure[] = [];
  // A part that cannot run (say, the Temporal worker does not start) is reported as a failed
  // figure, and the other parts' figures are still printed.
  const runPart = async (name: string, body: () => Promise<void>) => {
    try {
      await body();
    } catch (err) {
      console.error(`${name}: ${(err as Error).stack ?? err}`);
      figures.push(figure(`${name}: the run itself failed (see above)`, 1, 'errors', ['=', 0]));
      process.exitCode = 1;
    }
  };
  if (PARTS.some(([name]) => knobs.parts.includes(name))) {
    const bench = await startStore(opened);
    console.log(
      `qahwa bench ${bench.run}: gateway ${bench.gateway}, node ${process.version}, ${knobs.connections} connections, ` +
        `${knobs.readRounds}×${knobs.readSeconds} s per read case, orders ${knobs.orderRate}/s for ${knobs.orderSeconds} s`,
    );
    for (const [name, body] of PARTS) {
      if (knobs.parts.includes(name)) await runPart(name, () => body(bench, figures));
    }
  }
  for (const [name, body] of OWN_STORE_PARTS) {
    if (knobs.parts.includes(name)) await runPart(name, () => body({ run: opened.run, knobs }, figures));
  }

  console.log(`\n${formatTable(figures)}\n`);
  mkdirSync(benchDir, { recursive: true });
  writeFileSync(`${benchDir}/results.json`, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`written to ${benchDir}/results.json; process logs in ${benchDir}/*.log`);
} finally {
  await closeBench(opened);
}
