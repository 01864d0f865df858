import { sql } from '@qahwa/db';
import type { Product } from '@qahwa/schema';
import { cpuPerOrder, cpuSnapshot, machineSampler } from '../cpu';
import { type IntakeResult, orderRequest, pacedOrders, serverTotal } from '../order-intake';
import { benchDir } from '../processes';
import { type Figure, figure, formatWindows, latencyWindows, percentile } from '../report';
import type { Bench } from '../stack';

/**
 * The `orders` part: cash-on-delivery orders at a steady rate (a cold start first, then the
 * measured run), what reached the database, replays of their keys, the confirmations mailed and
 * the CPU each process spent per order.
 */
export async function ordersPart(bench: Bench, figures: Figure[]) {
  const { gateway, knobs, run, procs, handle } = bench;
  const product = (await (await fetch(`${gateway}/api/products/colombian-supremo`)).json()) as Product;
  const totalAmount = await serverTotal(gateway, product, run);
  await warmUpOrders(run, gateway, product, totalAmount);
  // The processes just started: their first seconds at this rate cost up to twice the CPU per
  // order of the rest (V8 compiles the hot paths as they run; docs/performance.md, sixth pass).
  // The goal is measured on the store warm, as it serves a rush; the cold start is shown beside.
  if (knobs.orderWarmSeconds > 0) {
    const coldMachine = machineSampler();
    const cold = await pacedOrders(gateway, product, {
      run: `${run}-cold`,
      rate: knobs.orderRate,
      seconds: knobs.orderWarmSeconds,
      firstIndex: 0,
      totalAmount,
    });
    const coldLoad = coldMachine.stop().map((m) => ({ ...m, atMs: m.atMs - cold.startedAt }));
    console.log(`orders, cold start by 5 s:\n${formatWindows(latencyWindows(cold.timeline, coldLoad, 5))}`);
    figures.push(
      figure(
        `orders: cold start, p95 of the first ${knobs.orderWarmSeconds} s (not the goal's)`,
        cold.p95,
        'ms',
      ),
      figure('orders: cold start, errors', cold.errors, 'requests', ['=', 0]),
    );
  }
  const countOrders = () => orderCount(bench);
  const before = await countOrders();
  const ours = () => procs.map((p) => ({ name: p.name, pid: p.child.pid }));
  const cpuBefore = cpuSnapshot(ours());
  const machine = machineSampler();
  const intake = await pacedOrders(gateway, product, {
    run,
    rate: knobs.orderRate,
    seconds: knobs.orderSeconds,
    firstIndex: 1000,
    totalAmount,
  });
  const machineLoad = machine.stop().map((m) => ({ ...m, atMs: m.atMs - intake.startedAt }));
  // Orders answered 202 finish in the background: give them a moment before counting.
  await waitForCount(bench, before + intake.ok + intake.accepted, 30_000);
  const made = (await countOrders()) - before;
  // Taken after the stragglers finished, so their CPU is in it; divided by the requests sent
  // (a refused one costs CPU too; per order made would overstate an overloaded run).
  const cpu = cpuPerOrder(cpuBefore, cpuSnapshot(ours()), intake.sent);
  const replay = await replayKeys(gateway, intake, 50);
  const afterReplay = (await countOrders()) - before;
  // Each key is its own shopper (its own e-mail): more than one order for an e-mail is a key
  // that ordered twice. Orders that finish after the count above (a 202, or a start that timed
  // out yet reached Temporal) move the count but are not duplicates; this is the check that says.
  const { rows: dup } = await handle.db.execute<{ n: number }>(
    sql`select coalesce(sum(c - 1), 0)::int as n from (select count(*) as c from orders where customer_email like ${`bench+${run}-%`} group by customer_email) t`,
  );

  figures.push(
    figure('orders: COD orders answered per second', intake.rate, 'orders/s', ['>=', 50]),
    figure('orders: p50', intake.p50, 'ms'),
    figure('orders: p95', intake.p95, 'ms', ['<=', 150]),
    figure('orders: p99', intake.p99, 'ms'),
    figure('orders: errors', intake.errors, 'requests', ['=', 0]),
    figure('orders: answered 202 (still processing)', intake.accepted, 'requests'),
    figure('orders: orders in the database', made, 'orders', ['=', intake.sent]),
    figure('orders: a key with more than one order', dup[0]?.n ?? 0, 'orders', ['=', 0]),
    figure('orders: made while replaying (late answers or duplicates)', afterReplay - made, 'orders'),
    figure('orders: replays answered with another order id', replay.mismatched, 'requests', ['=', 0]),
  );
  // The confirmations follow through the outbox, NATS and the workers' mail consumer: how many
  // of this run's orders were mailed, and how long after the last answer the last one went.
  const mailed = await confirmationsMailed(bench, run, made);
  figures.push(
    // The measured orders' (`bench+<run>-<n>@`), not the warm-up's or the cold start's.
    figure('orders: confirmations mailed', mailed.count, 'orders', ['=', made]),
    figure('orders: last confirmation after the run', mailed.afterMs, 'ms'),
  );
  for (const [name, durations] of [...intake.phases].sort(([a], [b]) => a.localeCompare(b))) {
    durations.sort((a, b) => a - b);
    figures.push(
      figure(`orders: Server-Timing ${name} p50`, percentile(durations, 50), 'ms'),
      figure(`orders: Server-Timing ${name} p95`, percentile(durations, 95), 'ms'),
    );
  }
  for (const { name, ms } of cpu.filter((c) => c.name !== 'bare'))
    figures.push(figure(`orders: CPU per order, ${name}`, ms, 'ms'));
  if (intake.phases.size === 0) console.log('POST /api/orders sent no Server-Timing header: no breakdown');
  // Where a p95 comes from: one slow stretch or the whole run, and how busy the machine was then.
  console.log(`orders by 5 s of the run:\n${formatWindows(latencyWindows(intake.timeline, machineLoad, 5))}`);
  if (intake.errorSamples.length)
    console.log(`order errors, first ones:\n  ${intake.errorSamples.join('\n  ')}`);
}

/** Waits (at most 3 minutes, while the count still grows) for the confirmations of this run's orders. */
async function confirmationsMailed({ handle }: Bench, runId: string, expected: number) {
  const began = performance.now();
  const count = async () => {
    const { rows } = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from emails e join orders o on o.id = e.subject_id
          where e.purpose = 'order-confirmation' and e.status = 'sent'
            and o.customer_email ~ ${`^bench\\+${runId}-[0-9]+@`}`,
    );
    return rows[0]?.n ?? 0;
  };
  let last = await count();
  let lastAt = performance.now();
  while (last < expected && performance.now() - began < 180_000 && performance.now() - lastAt < 30_000) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await count();
    if (now > last) {
      last = now;
      lastAt = performance.now();
    }
  }
  return { count: last, afterMs: Math.round(lastAt - began) };
}

async function orderCount({ handle }: Bench): Promise<number> {
  const { rows } = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`);
  return rows[0]?.n ?? 0;
}

async function waitForCount(bench: Bench, expected: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (await orderCount(bench)) < expected)
    await new Promise((r) => setTimeout(r, 250));
}

/** The first orders start the workflow machinery (bundle, task queue, pools): not part of the figures. */
async function warmUpOrders(run: string, gatewayUrl: string, product: Product, totalAmount: number) {
  let answered = 0;
  const deadline = Date.now() + 120_000;
  for (let i = 0; answered < 20 && Date.now() < deadline; i++) {
    const req = orderRequest(`${run}-warm`, i, product, totalAmount);
    const res = await fetch(`${gatewayUrl}/api/orders`, {
      method: 'POST',
      headers: req.headers,
      body: req.body,
    });
    await res.arrayBuffer();
    if (res.status === 200) answered++;
  }
  if (answered < 20) throw new Error(`warm-up orders did not succeed within 120 s; see ${benchDir}/*.log`);
}

/** Sends some keys again: each must answer the order it made the first time and make no new one. */
async function replayKeys(gatewayUrl: string, intake: IntakeResult, count: number) {
  const sample = [...intake.orders].filter(([, o]) => o.orderId).slice(0, count);
  let mismatched = 0;
  for (const [, o] of sample) {
    const res = await fetch(`${gatewayUrl}/api/orders`, { method: 'POST', headers: o.headers, body: o.body });
    const body = (await res.json().catch(() => ({}))) as { orderId?: string };
    if (body.orderId !== o.orderId) mismatched++;
  }
  return { replayed: sample.length, mismatched };
}
