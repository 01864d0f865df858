/**
 * Lighthouse in `make bench`: the storefront's production build (`next build`, then
 * `next start` against the bench's gateway), measured by Lighthouse from npm driving Debian's
 * Chromium with its default mobile profile (Moto G-class screen, simulated slow 4G and 4× CPU
 * slowdown), every route in English and in Arabic.
 *
 * Per route and language: the four category scores, CLS and the JavaScript sent over the wire
 * (compressed bytes of every script the page loads), each beside its goal (GOALS). The cart has
 * no URL of its own (SPEC 2.5: a panel over any page), so it is measured where a shopper meets
 * it without opening anything: the checkout page, which lists the cart. The checkout is
 * `noindex` on purpose, so its SEO score is reported without a goal.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { startTabbyFake } from '@qahwa/fake-tabby';
import { LOCALE_COOKIE } from '@qahwa/schema';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { benchDir, freePort, type Proc, root, waitForHttp } from './processes';
import { type Figure, figure } from './report';

export interface LighthouseRoute {
  /** The name in results.json (`lighthouse.performance.ar./shop`). */
  label: string;
  path: string;
  /** Pages a search engine must not index (the checkout): SEO is reported, not judged. */
  noindex?: boolean;
}

export const LIGHTHOUSE_ROUTES: LighthouseRoute[] = [
  { label: '/', path: '/' },
  { label: '/shop', path: '/shop' },
  { label: '/category', path: '/shop/coffee-beans' },
  { label: '/product', path: '/product/colombian-supremo' },
  { label: '/checkout', path: '/checkout', noindex: true },
];
export const LIGHTHOUSE_LOCALES = ['en', 'ar'] as const;

/** The storefront's goals per page (docs/performance.md: 150 KB of JavaScript per route). */
const GOALS = { score: 100, performance: 95, cls: 0.05, jsKb: 150 } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What one Lighthouse run gives us, pulled out of its report. */
export interface PageMeasure {
  scores: Record<(typeof CATEGORIES)[number], number>;
  cls: number;
  jsKb: number;
  /** The failing audits of the categories that missed their goal, for the printout. */
  failing: string[];
  /**
   * How long after the load event Chromium painted first (observed, unthrottled; 0 when it painted
   * before). Over ~0.5 s the page sat painted-ready and idle (docs/performance.md "A first paint
   * held after load"), and Lantern then counts all start-up work into the simulated LCP.
   */
  paintAfterLoadMs: number;
  /** Lighthouse's measure of the machine's speed for this run: a low one means a busy machine. */
  benchmarkIndex: number;
}

interface LhAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  details?: { items?: Array<Record<string, unknown>> };
}
interface LhResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, LhAudit>;
  environment?: { benchmarkIndex?: number };
}

/** Pure: the figures of one report (unit-tested in bench/test). */
export function measureOf(lhr: LhResult): PageMeasure {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as PageMeasure['scores'];
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const jsBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (Number(r.transferSize) || 0), 0);
  const failing: string[] = [];
  for (const c of CATEGORIES) {
    if (scores[c] >= 100) continue;
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (a && ref.weight > 0 && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
        failing.push(`${c}: ${a.id} (${a.title})`);
    }
  }
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const paintAfterLoad = Number(observed.observedFirstContentfulPaint) - Number(observed.observedLoad);
  return {
    scores,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    jsKb: Math.round((jsBytes / 1024) * 10) / 10,
    failing,
    paintAfterLoadMs: Number.isFinite(paintAfterLoad) ? Math.max(0, Math.round(paintAfterLoad)) : 0,
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
  };
}

/** How many times Lighthouse loads each page (BENCH_LIGHTHOUSE_RUNS); the median run is reported. */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3);

/** Pure: the run whose `score` is the median (the lower middle one of an even count). */
export function medianRun<T>(runs: T[], score: (run: T) => number): T {
  if (runs.length === 0) throw new Error('medianRun: no runs');
  const sorted = [...runs].sort((a, b) => score(a) - score(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

/** The figures of one page, named by metric, language and route, each beside its goal. */
export function pageFigures(route: LighthouseRoute, locale: string, m: PageMeasure): Figure[] {
  const at = `${locale}.${route.label}`;
  return [
    figure(`lighthouse.performance.${at}`, m.scores.performance, 'score', ['>=', GOALS.performance]),
    figure(`lighthouse.accessibility.${at}`, m.scores.accessibility, 'score', ['>=', GOALS.score]),
    figure(`lighthouse.best-practices.${at}`, m.scores['best-practices'], 'score', ['>=', GOALS.score]),
    route.noindex
      ? figure(`lighthouse.seo.${at} (noindex)`, m.scores.seo, 'score')
      : figure(`lighthouse.seo.${at}`, m.scores.seo, 'score', ['>=', GOALS.score]),
    figure(`cls.${at}`, m.cls, '', ['<=', GOALS.cls]),
    figure(`js-kb.${at}`, m.jsKb, 'KB', ['<=', GOALS.jsKb]),
  ];
}

/** Builds the storefront unless a build is there (BENCH_WEB_BUILD=1 forces one). */
async function ensureBuild(distDir: string, env: NodeJS.ProcessEnv) {
  if (existsSync(`${root}web/${distDir}/BUILD_ID`) && env.BENCH_WEB_BUILD !== '1') {
    console.log(`lighthouse: using the storefront build in web/${distDir} (BENCH_WEB_BUILD=1 rebuilds)`);
    return;
  }
  console.log(`lighthouse: building the storefront into web/${distDir} (npm run build)…`);
  // The package's build: `next build` and the compile hints it adds after (web/scripts/compile-hints.mjs).
  const child = spawnLogged('web-build', ['npm', 'run', 'build'], env);
  const code = await new Promise<number | null>((resolve) => child.child.on('exit', resolve));
  if (code !== 0) throw new Error(`next build failed (${code}); see ${child.log}`);
}

/** `command` runs in web/ (`npx --no -- next start …`, `npm run build`). */
function spawnLogged(name: string, [command, ...args]: string[], env: NodeJS.ProcessEnv): Proc {
  const log = `${benchDir}/${name}.log`;
  const out = createWriteStream(log);
  const child: ChildProcess = spawn(command as string, args, {
    cwd: `${root}web`,
    env,
    // Own process group: stopping it stops next's own children too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return { name, child, log };
}

/**
 * Starts the storefront (production build) against `gatewayUrl`, runs Lighthouse on every
 * route in both languages, and returns the figures. The web process is pushed onto `procs`, so
 * the bench's own cleanup stops it.
 */
export async function lighthouseFigures(gatewayUrl: string, procs: Proc[]): Promise<Figure[]> {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  const port = Number(process.env.BENCH_WEB_PORT) || (await freePort());
  // The product page and the cart load Tabby's promo script (pay later). In production it comes from
  // Tabby's host; here from a Tabby fake of the bench's own, relayed by the storefront as in `make dev`.
  const tabby = await startTabbyFake({ port: 0 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_DIST_DIR: distDir,
    GATEWAY_URL: gatewayUrl,
    // The pages' canonical and Open Graph URLs are built on it (docs/security.md): the origin served.
    STOREFRONT_URL: `http://127.0.0.1:${port}`,
    // Production refuses the development secret (next start would end); nothing calls it here.
    REVALIDATE_SECRET: `bench-${randomUUID()}-${randomUUID()}`,
    TABBY_PROMO_SCRIPT_URL: `${tabby.url}/tabby-promo.js`,
    NEXT_TELEMETRY_DISABLED: '1',
  };
  await ensureBuild(distDir, env);
  const web = spawnLogged(
    'web',
    ['npx', '--no', '--', 'next', 'start', '-p', String(port), '-H', '127.0.0.1'],
    env,
  );
  procs.push(web);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/shop`, web);

  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const figures: Figure[] = [];
  // BENCH_LIGHTHOUSE_ROUTES=/shop,/product measures only those (while fixing one page).
  const only = process.env.BENCH_LIGHTHOUSE_ROUTES?.split(',').filter(Boolean);
  const routes = only ? LIGHTHOUSE_ROUTES.filter((r) => only.includes(r.label)) : LIGHTHOUSE_ROUTES;
  const reports = `${benchDir}/lighthouse`;
  mkdirSync(reports, { recursive: true });
  try {
    for (const route of routes) {
      for (const locale of LIGHTHOUSE_LOCALES) {
        const url = `${base}${route.path}`;
        const cookie = `${LOCALE_COOKIE}=${locale}`;
        // A first request fills the server's caches, as on a live store; Lighthouse measures the next.
        await fetch(url, { headers: { cookie } }).then((r) => r.arrayBuffer());
        // Lighthouse's own advice for a score that varies from run to run: run it several times
        // and take the median (docs/variability.md in Lighthouse). Every figure comes from the
        // median run's report, so they stay one consistent measurement.
        const runs: { measure: PageMeasure; report: string }[] = [];
        for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
          const result = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
            extraHeaders: { Cookie: cookie },
          });
          if (!result) throw new Error(`lighthouse gave no result for ${url}`);
          const report = typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr);
          runs.push({ measure: measureOf(result.lhr as unknown as LhResult), report });
        }
        const median = medianRun(runs, (r) => r.measure.scores.performance);
        const measure = median.measure;
        // The median run's whole report, to see which elements an audit names (open it in the Lighthouse viewer).
        const file = `${reports}/${locale}${route.label === '/' ? '-home' : route.label.replaceAll('/', '-')}.json`;
        writeFileSync(file, median.report);
        figures.push(...pageFigures(route, locale, measure));
        // Each run's score, with what is outside the page: a first paint held after load, a busy machine.
        const runNote = ({ measure: m }: (typeof runs)[number]) =>
          `${m.scores.performance}${m.paintAfterLoadMs > 500 ? ` [first paint ${m.paintAfterLoadMs} ms after load]` : ''} · machine ${m.benchmarkIndex}`;
        const spread = runs.length > 1 ? ` (runs ${runs.map(runNote).join(', ')})` : '';
        console.log(
          `lighthouse ${locale} ${route.path}: perf ${measure.scores.performance}${spread}, a11y ${measure.scores.accessibility}, ` +
            `bp ${measure.scores['best-practices']}, seo ${measure.scores.seo}, CLS ${measure.cls.toFixed(3)}, JS ${measure.jsKb} KB`,
        );
        for (const f of measure.failing) console.log(`  ${f}`);
      }
    }
  } finally {
    await chrome.kill();
    await tabby.stop();
  }
  return figures;
}
