/**
 * The fault run (issue 25 "Faults under load"; scripts/cluster-faults.sh starts the cluster and
 * runs this against it): cash-on-delivery and card orders through HAProxy at a steady rate
 * (bench/order-intake.ts, bench/card-intake.ts), shoppers retrying a failed request with the
 * same key, while one NATS server, one gateway, one event worker and one Temporal worker are
 * killed -9 and started again and the standby is stopped (bench/fault-schedule.ts). Then, once
 * the pipeline drained: one order per accepted request and per paid intent, none twice, every
 * event applied once (the dashboard equals SQL), one confirmation each; HAProxy's own 503 is the
 * gateways' JSON body. Prints the figures; exits 1 when a check fails.
 *
 * `--short`: make test's compressed schedule. FAULT_SEED replays a run's choice of victims;
 * FAULT_COD_RATE, FAULT_CARD_RATE override the rates.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createDb } from '@qahwa/db';
import { gulfDate, type Product } from '@qahwa/schema';
import { Connection } from '@temporalio/client';
import { pacedCardOrders } from './card-intake';
import { checkRun, clearInbox, drain, pulledConsumers } from './fault-checks';
import { retryingFetch } from './fault-client';
import { change, dashboardFigures, differences, sourceFigures } from './fault-figures';
import { CLUSTER, streamLeader, streamsReplicated, until } from './fault-probes';
import { balancerUnavailable, type Rejoin, rejoinProbe, standbyRejoin } from './fault-rejoin';
import {
  countWindows,
  formatColumns,
  formatWindows,
  longestGap,
  percentileWindows,
  seconds,
} from './fault-report';
import { runSchedule, scheduleOf, victimsOf } from './fault-schedule';
import { pacedOrders, serverTotal, shopper } from './order-intake';

const kind = process.argv.includes('--short') ? 'short' : 'full';
const seed = Number(process.env.FAULT_SEED ?? randomInt(1_000_000));
const victims = victimsOf(seed);
const schedule = scheduleOf(kind, victims);
schedule.codRate = Number(process.env.FAULT_COD_RATE ?? schedule.codRate);
schedule.cardRate = Number(process.env.FAULT_CARD_RATE ?? schedule.cardRate);
const STREAM = process.env.EVENTS_STREAM || 'COMMERCE';
const DRAIN_BOUND_MS = kind === 'full' ? 240_000 : 180_000;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const failures: string[] = [];
const check = (ok: boolean, what: string, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` — ${detail}` : ''}`);
  if (!ok) failures.push(what);
};

async function main() {
  // The run's shoppers: their own e-mails, and phones no other run this hour is likely to share
  // (the store allows 5 orders per phone an hour).
  const run = `faults-${randomUUID().slice(0, 8)}`;
  const codBase = randomInt(4_000_000);
  const cardBase = codBase + 4_000_000;
  console.log(
    `fault run ${run}: ${kind}, ${schedule.seconds} s of ${schedule.codRate} COD + ${schedule.cardRate} card orders/s, ` +
      `FAULT_SEED=${seed} (nats-${victims.nats}, gateway-${victims.gateway}, workers-${victims.workers}, ` +
      `workflows-${victims.workflows}); load average ${load()}`,
  );

  const handle = createDb(CLUSTER.primary, { max: 4, applicationName: 'qahwa-fault-run' });
  const nc = await connect({ servers: [...CLUSTER.nats], maxReconnectAttempts: -1 });
  const jsm = await jetstreamManager(nc);
  const temporal = await Connection.connect({ address: CLUSTER.temporal });
  try {
    const product = (await (
      await fetch(`${CLUSTER.balancer}/api/products/colombian-supremo`)
    ).json()) as Product;
    const variation = product.variations[0]!;
    // Stock for every order of the run: the cluster's demo store holds a few dozen bags.
    await handle.pool.query(
      'update product_variations set stock_quantity = greatest(stock_quantity, 100000) where id = $1',
      [variation.id],
    );
    const totalAmount = await serverTotal(CLUSTER.balancer, product, run);
    const consumers = await pulledConsumers(jsm);
    console.log(
      `durable consumers the workers pull from: ${consumers.map(([, c]) => c).join(', ') || 'none'}`,
    );
    await drain(handle, jsm, { run, acceptedEmails: [], intents: [], consumers }, 60_000);
    await clearInbox();
    // The faults start from a healthy cluster: every replicated stream on all its servers.
    const replicated = await until(() => streamsReplicated(jsm), 120_000);
    if (replicated === null)
      throw new Error('a replicated stream has no current replica on every server after 120 s');
    console.log(`every replicated stream current on all its servers after ${seconds(replicated)}`);
    const leader = await streamLeader(jsm, STREAM);
    const from = gulfDate(new Date());
    const to = gulfDate(new Date(Date.now() + 3_600_000));
    const before = await Promise.all([dashboardFigures(handle, from, to), sourceFigures(handle, from, to)]);

    // The load, the faults and, as each fault ends, the clock on the part coming back.
    const client = retryingFetch(CLUSTER.balancer);
    const rejoins: Array<Promise<Rejoin>> = [];
    const t0 = performance.now();
    const [cod, card, steps] = await Promise.all([
      pacedOrders(CLUSTER.balancer, product, {
        run,
        rate: schedule.codRate,
        seconds: schedule.seconds,
        firstIndex: codBase,
        totalAmount,
        fetch: client.fetch,
      }),
      pacedCardOrders(CLUSTER.balancer, CLUSTER.stripe, product, {
        run,
        rate: schedule.cardRate,
        seconds: schedule.seconds,
        firstIndex: cardBase,
        fetch: client.fetch,
      }),
      runSchedule(schedule.steps, t0, (done) => {
        console.log(
          `${seconds(done.startedMs)}: ${done.command} ${done.name}${done.error ? ` FAILED: ${done.error}` : ''}`,
        );
        const probe = rejoinProbe(done, { jsm, temporal, leader });
        if (probe) rejoins.push(probe);
      }),
    ]);
    const loadEndedMs = performance.now() - t0;
    console.log(`load ended after ${seconds(loadEndedMs)}; load average ${load()}`);
    // The standby was stopped at the end of the schedule: started again now, timed to streaming.
    rejoins.push(standbyRejoin(handle, performance.now() - t0));
    const rejoined = await Promise.all(rejoins);

    const acceptedEmails = [...cod.orders.keys()].map((k) => shopper(run, Number(k.split('-').pop())).email);
    const acceptedOrderIds = new Map(
      [...cod.orders].map(([k, o]) => [shopper(run, Number(k.split('-').pop())).email, o.orderId]),
    );
    const expected = { run, acceptedEmails, intents: card.intents, consumers };
    const drained = await drain(handle, jsm, expected, DRAIN_BOUND_MS);
    const after = await Promise.all([dashboardFigures(handle, from, to), sourceFigures(handle, from, to)]);
    const unavailable = await balancerUnavailable();

    // ---------------------------------------------------------------- what the run saw
    const accepted = client.stats.acceptedAt.map((t) => t - t0);
    const gap = longestGap(accepted, 0, schedule.seconds * 1000);
    console.log(`\nfigures (load average ${load()})`);
    console.log(
      formatColumns(
        ['figure', 'value'],
        [
          ['COD orders sent / accepted (200) / 202', `${cod.sent} / ${cod.ok} / ${cod.accepted}`],
          ['card orders sent / paid / accepted (200)', `${card.sent} / ${card.intents.length} / ${card.ok}`],
          ['5xx answers (every attempt)', String(client.stats.serverErrors)],
          ['attempts with no answer (socket closed, refused, timed out)', String(client.stats.noAnswer)],
          ['retries (same request, same key)', String(client.stats.retries)],
          ['requests failed after their retries', String(client.stats.gaveUp)],
          [
            'longest stretch without an accepted order',
            `${seconds(gap.ms)} (${seconds(gap.fromMs)}–${seconds(gap.toMs)})`,
          ],
          ['pipeline drained after the load', seconds(drained)],
        ],
      ),
    );
    console.log('\nlatency by 5 s of the run (ms; COD: planned moment to final answer, retries included;');
    console.log('card: POST /api/orders after payment)');
    console.log(
      formatWindows(
        percentileWindows(cod.timeline, 5, schedule.seconds),
        percentileWindows(card.timeline, 5, schedule.seconds),
        countWindows(
          client.stats.failures.map((f) => f.at - t0),
          5,
          schedule.seconds,
        ),
      ),
    );
    console.log('\nfaults and rejoins');
    console.log(
      formatColumns(
        ['part', 'at', 'what', 'took'],
        [
          ...steps.map((s) => [s.name, seconds(s.startedMs), s.command, seconds(s.endedMs - s.startedMs)]),
          ...rejoined.map((r) => [r.part, seconds(r.atMs, '–'), r.what, seconds(r.ms)]),
        ],
      ),
    );
    const failed = [...cod.errorSamples, ...card.errorSamples].map((e) => e.replace(/\s+/g, ' '));
    if (failed.length)
      console.log(`\nrequests that failed, first ones:\n  ${failed.slice(0, 10).join('\n  ')}`);

    // ---------------------------------------------------------------- the checks
    console.log('\nchecks');
    check(drained !== null, `the pipeline drained within ${DRAIN_BOUND_MS / 1000} s`);
    for (const s of steps) check(!s.error, `${s.command} ${s.name} ran`, s.error);
    for (const r of rejoined) check(r.ms !== null, `${r.part}: ${r.what}`, seconds(r.ms));
    check(
      cod.errors + card.errors === 0,
      'every request ended in 2xx, after its retries',
      `${cod.errors} COD, ${card.errors} card failed`,
    );
    for (const c of await checkRun(handle, expected, acceptedOrderIds)) check(c.ok, c.what, c.detail);
    const added = differences(change(before[0], after[0]), change(before[1], after[1]));
    const earlier = differences(before[0], before[1]);
    if (earlier.length)
      console.log(
        `note: before the run the dashboard already differed from SQL: ${earlier.slice(0, 5).join('; ')}`,
      );
    check(
      added.length === 0,
      "every order's events applied once: the run's change to the dashboard equals SQL's",
      added.length
        ? added.slice(0, 5).join('; ')
        : `${change(before[1], after[1]).size} figures moved, all equal`,
    );
    for (const u of unavailable) check(u.ok, u.what, u.detail);
  } finally {
    await temporal.close();
    await nc.close();
    await handle.close();
  }
  if (failures.length) {
    console.log(`\n${failures.length} check(s) failed`);
    process.exit(1);
  }
  console.log('\nevery check passed');
}

await main();
