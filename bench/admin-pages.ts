/**
 * The back office's screens in `make bench`: the admin's production build (`next build`, then
 * `next start` against the bench's gateway), signed in as the bench's member of staff, each screen
 * loaded in English and in Arabic. Per screen and language two figures, each the median of
 * BENCH_ADMIN_RUNS loads after one warm-up load:
 *
 * - `server`: the HTML document fetched by this process with the staff cookie, from the request to
 *   its last byte (every gateway call the page's server components make is inside it);
 * - `load`: Chromium's navigation to the load event (Navigation Timing's loadEventEnd), scripts,
 *   styles and pictures included, as a member of staff opening the screen sees it (the browser's
 *   cache kept between loads, as it is between a day's clicks).
 *
 * Beside them, for context: the CPU the admin's and the gateway's processes spent on one `server`
 * request (steadier than the times on a shared machine), the page's JavaScript (uncompressed), and
 * the one-minute load average at the start and end (each screen's line prints it too).
 *
 * The database holds more than the seed's shop window: BENCH_ADMIN_ROWS orders (each with its
 * customer), leads and audit entries, so lists and their counts read tables of a store in use.
 */

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { extname, normalize } from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql, tables } from '@qahwa/db';
import { placedOrder } from '@qahwa/db/testing';
import { LOCALE_COOKIE, MENU_MODULES } from '@qahwa/schema';
import { chromium } from 'playwright-core';
import { cpuMs } from './cpu';
import { benchDir, freePort, type Proc, root, waitForHttp } from './processes';
import { type Figure, figure, percentile } from './report';
import type { Bench } from './stack';

/** The screens a member of staff opens all day; `:product` and `:order` are filled from the data. */
export const ADMIN_PAGES: { label: string; path: string }[] = [
  { label: 'dashboard', path: '/backend' },
  { label: 'products', path: '/backend/products' },
  { label: 'product edit', path: '/backend/products/:product' },
  { label: 'orders', path: '/backend/orders' },
  { label: 'order', path: '/backend/orders/:order' },
  { label: 'leads', path: '/backend/leads' },
  { label: 'customers', path: '/backend/customers' },
  { label: 'logs', path: '/backend/logs' },
  { label: 'settings', path: '/backend/settings' },
];
const LOCALES = ['en', 'ar'] as const;
/** SPEC's back office is used all day: every screen within a second on this machine. */
const GOAL_MS = 1000;

const env = process.env;
const RUNS = Math.max(1, Number(env.BENCH_ADMIN_RUNS) || 5);
const ROWS = Math.max(0, Number(env.BENCH_ADMIN_ROWS ?? 1000));
const CHROMIUM = env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Pure: the median (the lower middle of an even count) of a list of durations. */
export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * CPU ms used so far by every process of a process group (next start and whatever it forked), from
 * /proc: what a page costs the server, which the neighbours' load hardly moves (10 ms ticks).
 */
function groupCpuMs(pgid: number | undefined): number {
  if (!pgid) return 0;
  let ms = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // After "comm) ": state, ppid, pgrp.
      const pgrp = Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]);
      if (pgrp === pgid) ms += cpuMs(Number(d));
    } catch {}
  }
  return ms;
}

/** The one-minute load average, the neighbours' share of a noisy figure. */
const load1 = () => Math.round(loadavg()[0]! * 100) / 100;

export async function adminPageFigures(bench: Bench): Promise<Figure[]> {
  const { handle, gateway, procs } = bench;
  const { email, password } = await benchStaff(bench);
  const started = Date.now();
  await fillStore(bench);
  console.log(`admin-pages: ${ROWS} orders, leads and audit entries written in ${Date.now() - started} ms`);
  const ids = await handle.db.execute<{ product: string; order: string }>(sql`
    select (select p.id from products p join product_variations v on v.product_id = p.id
            order by p.created_at limit 1)::text as product,
           (select id from orders order by created_at desc limit 1) as "order"`);
  const { product, order } = ids.rows[0]!;

  const gatewayPid = procs.find((p) => p.name === 'gateway')?.child.pid;
  const images = await storefrontImages();
  const admin = await startAdmin(gateway, images.url);
  procs.push(admin.proc);

  // Through the back office's own /backend/api, as its sign-in page posts (a same-origin request:
  // the gateway takes staff writes from the back office's pages only).
  const login = await fetch(`${admin.url}/backend/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password }),
  });
  const session = /qahwa_staff_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`admin-pages: staff sign-in failed (${login.status})`);

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const figures: Figure[] = [figure('admin: load average (1 min) at start', load1(), '')];
  try {
    for (const locale of LOCALES) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
      await context.addCookies([
        { name: 'qahwa_staff_session', value: session, url: `${admin.url}/backend` },
        { name: LOCALE_COOKIE, value: locale, url: admin.url },
      ]);
      const page = await context.newPage();
      const cookie = `qahwa_staff_session=${session}; ${LOCALE_COOKIE}=${locale}`;
      for (const screen of ADMIN_PAGES) {
        const url = `${admin.url}${screen.path.replace(':product', product).replace(':order', order ?? 'QH-0')}`;
        const server: number[] = [];
        const loads: number[] = [];
        let jsKb = 0;
        let cpu = 0;
        for (let run = 0; run <= RUNS; run++) {
          const cpu0 = groupCpuMs(admin.proc.child.pid) + cpuMs(gatewayPid ?? 0);
          const t0 = performance.now();
          const res = await fetch(url, { headers: { cookie }, redirect: 'manual' });
          await res.arrayBuffer();
          const serverMs = performance.now() - t0;
          const cpuSpent = groupCpuMs(admin.proc.child.pid) + cpuMs(gatewayPid ?? 0) - cpu0;
          if (res.status !== 200) throw new Error(`admin-pages: ${url} answered ${res.status}`);
          const nav = await page.goto(url, { waitUntil: 'load' });
          if (nav?.status() !== 200 || new URL(page.url()).pathname.includes('/login'))
            throw new Error(
              `admin-pages: the browser did not get ${url} (${nav?.status()}, at ${page.url()})`,
            );
          // A string, so the browser's own types are not needed here (the bench compiles for Node).
          const [loadMs, scriptBytes] = await page.evaluate<[number, number]>(
            `(() => {
              const [e] = performance.getEntriesByType("navigation");
              const js = performance.getEntriesByType("resource").filter((r) => r.initiatorType === "script");
              return [e ? e.loadEventEnd - e.startTime : NaN, js.reduce((n, r) => n + r.decodedBodySize, 0)];
            })()`,
          );
          // Run 0 warms what a live back office has warm: the route's code in next, the browser's cache
          // (so its scripts are counted there, before the cache serves them).
          if (run === 0) {
            jsKb = Math.round(scriptBytes / 102.4) / 10;
            continue;
          }
          server.push(serverMs);
          loads.push(loadMs);
          cpu += cpuSpent;
        }
        const at = `${locale} ${screen.label}`;
        const la = load1();
        const s = median(server);
        const l = median(loads);
        const cpuPerPage = cpu / RUNS;
        console.log(
          `admin ${at.padEnd(16)} server ${Math.round(s)} ms (CPU ${Math.round(cpuPerPage)} ms), load ${Math.round(l)} ms, JS ${jsKb} KB ` +
            `(load runs ${loads.map(Math.round).join(', ')}; load average ${la})`,
        );
        figures.push(
          figure(`admin: ${at}, server`, s, 'ms', ['<=', GOAL_MS]),
          figure(`admin: ${at}, to load event`, l, 'ms', ['<=', GOAL_MS]),
          figure(`admin: ${at}, server CPU (admin and gateway)`, cpuPerPage, 'ms'),
          figure(`admin: ${at}, JavaScript (uncompressed)`, jsKb, 'KB'),
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => images.server.close(() => resolve()));
  }
  figures.push(figure('admin: load average (1 min) at end', load1(), ''));
  return figures;
}

/**
 * Orders (each with its customer and line), abandoned-cart leads and staff audit entries, spread
 * over the last 90 days: the lists, their counts and the dashboard read a store in use.
 */
async function fillStore({ handle }: Bench) {
  const { db } = handle;
  for (let i = 0; i < ROWS; i++) {
    await placedOrder(db, {
      provider: 'COD',
      customer: {
        fullName: `Bench Shopper ${i}`,
        email: `bench-shopper-${i}@qahwa.local`,
        phone: '+971501234567',
      },
      locale: i % 2 ? 'ar' : 'en',
    });
  }
  await db.execute(sql`
    update orders set created_at = now() - (random() * interval '90 days') where customer_email like 'bench-shopper-%'`);
  await db.execute(sql`
    insert into leads (email, status, full_name, locale, cart_value_fils, last_activity_at, abandoned_at, abandonment_trigger)
    select 'bench-lead-' || g || '@qahwa.local',
           (array['NEW','ABANDONED','QUALIFIED','CONVERTED'])[1 + g % 4],
           'Bench Lead ' || g, case when g % 2 = 0 then 'ar' else 'en' end, to_jsonb(5000 + g),
           now() - (g % 90) * interval '1 day', now() - (g % 90) * interval '1 day', 'cart_idle'
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`
    insert into audit_log (user_email, module, action, entity_type, entity_id, after, created_at)
    select 'bench-staff@qahwa.local', (array['orders','products','settings','promotions'])[1 + g % 4],
           'update', 'order', 'QH-' || (100000 + g), jsonb_build_object('status', 'processing'),
           now() - (g % 90) * interval '1 day'
    from generate_series(1, ${ROWS * 5}) g`);
  await db.execute(sql`analyze`);
}

/**
 * The admin shows the seed's packshots from the storefront's files (admin/lib/image-src.ts): a
 * static server of web/public stands in for the storefront, so no storefront build is needed.
 */
async function storefrontImages(): Promise<{ url: string; server: Server }> {
  const publicDir = `${root}web/public`;
  const types: Record<string, string> = {
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.webp': 'image/webp',
    '.svg': 'image/svg+xml',
  };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = `${publicDir}${path}`;
    if (path.includes('..') || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, server };
}

/** `next start` of the admin's build in admin/<NEXT_DIST_DIR> (built first when missing or BENCH_ADMIN_BUILD=1). */
async function startAdmin(gatewayUrl: string, storefrontUrl: string): Promise<{ url: string; proc: Proc }> {
  const distDir = env.NEXT_DIST_DIR || '.next';
  const port = Number(env.BENCH_ADMIN_PORT) || (await freePort());
  const adminEnv: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: 'production',
    NEXT_DIST_DIR: distDir,
    GATEWAY_URL: gatewayUrl,
    STOREFRONT_URL: storefrontUrl,
    NEXT_TELEMETRY_DISABLED: '1',
  };
  if (!existsSync(`${root}admin/${distDir}/BUILD_ID`) || env.BENCH_ADMIN_BUILD === '1') {
    console.log(`admin-pages: building the back office into admin/${distDir} (npm run build)…`);
    const build = spawnAdmin('admin-build', ['npm', 'run', 'build'], adminEnv);
    const code = await new Promise<number | null>((resolve) => build.child.on('exit', resolve));
    if (code !== 0) throw new Error(`admin build failed (${code}); see ${build.log}`);
  } else {
    console.log(
      `admin-pages: using the back office's build in admin/${distDir} (BENCH_ADMIN_BUILD=1 rebuilds)`,
    );
  }
  const next = `${root}node_modules/next/dist/bin/next`;
  const proc = spawnAdmin(
    'admin',
    [process.execPath, next, 'start', '-p', String(port), '-H', '127.0.0.1'],
    adminEnv,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/backend/login`, proc);
  return { url, proc };
}

function spawnAdmin(name: string, [command, ...args]: string[], procEnv: NodeJS.ProcessEnv): Proc {
  const log = `${benchDir}/${name}.log`;
  const out = createWriteStream(log);
  const child = spawn(command as string, args, {
    cwd: `${root}admin`,
    env: procEnv,
    // Own process group: the bench's cleanup stops next and its children.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return { name, child, log };
}

/**
 * A member of staff of this run's own, allowed every screen: the run does not depend on the seed's
 * admin keeping the development password.
 */
async function benchStaff({ handle, run }: Bench): Promise<{ email: string; password: string }> {
  const email = `bench-staff-${run}@qahwa.local`;
  const password = `bench-${randomUUID()}`;
  await handle.db.insert(tables.users).values({
    email,
    name: 'Bench Staff',
    passwordHash: await hash(password),
    role: 'ADMIN',
    permissions: MENU_MODULES.map((module) => ({ module, canView: true })),
  });
  return { email, password };
}
