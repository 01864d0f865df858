import { sql } from '@qahwa/db';
import type { Product } from '@qahwa/schema';
import { type CardIntakeResult, pacedCardOrders } from '../card-intake';
import { cpuPerOrder, cpuSnapshot, machineSampler } from '../cpu';
import { pacedOrders, serverTotal } from '../order-intake';
import { type Figure, figure, formatWindows, latencyWindows, percentile } from '../report';
import type { Bench } from '../stack';

/** The goals of issue "card as fast as cash on delivery": the card order after payment. */
const CARD_RATE_GOAL = 20;
const P95_GOAL_MS = 150;
const P99_GOAL_MS = 500;

/**
 * The `card` part: card orders paid at the Stripe double at a steady rate, each with Stripe's
 * webhook for its intent arriving while the browser's order is on its way. Measured warm (a short
 * stretch first), alone; then wallet payments alone; then card beside cash on delivery at once.
 * Each run: the order's latency after payment beside its goal, the Server-Timing stages, one order
 * per intent and one confirmation per order.
 */
export async function cardPart(bench: Bench, figures: Figure[]) {
  const { gateway, knobs, run } = bench;
  const product = (await (await fetch(`${gateway}/api/products/colombian-supremo`)).json()) as Product;
  const paced = (label: string, seconds: number, firstIndex: number, wallet?: 'apple_pay') =>
    pacedCardOrders(gateway, bench.stripeUrl, product, {
      run: `${run}-${label}`,
      rate: knobs.cardRate,
      seconds,
      firstIndex,
      ...(wallet ? { wallet } : {}),
    });

  if (knobs.cardWarmSeconds > 0) {
    const warm = await paced('warm', knobs.cardWarmSeconds, 0);
    figures.push(
      figure(`card: warm-up, p95 of the first ${knobs.cardWarmSeconds} s (no goal)`, warm.order.p95, 'ms'),
      figure('card: warm-up, errors', warm.errors, 'requests', ['=', 0]),
    );
  }

  const alone = await measured(bench, 'card alone', () => paced('alone', knobs.cardSeconds, 100_000));
  await cardFigures(bench, figures, 'card alone', alone);

  if (knobs.walletSeconds > 0) {
    const wallet = await measured(bench, 'wallet', () =>
      paced('wallet', knobs.walletSeconds, 200_000, 'apple_pay'),
    );
    await cardFigures(bench, figures, 'wallet (Apple Pay)', wallet);
  }

  if (knobs.codBesideCardRate > 0) {
    const totalAmount = await serverTotal(gateway, product, `${run}-beside`);
    const [card, cod] = await measured(bench, 'card beside COD', () =>
      Promise.all([
        paced('beside', knobs.cardSeconds, 300_000),
        pacedOrders(gateway, product, {
          run: `${run}-cod-beside`,
          rate: knobs.codBesideCardRate,
          seconds: knobs.cardSeconds,
          firstIndex: 0,
          totalAmount,
        }),
      ]),
    );
    const label = `card beside ${knobs.codBesideCardRate} COD/s`;
    await cardFigures(bench, figures, label, card);
    figures.push(
      figure(`${label}: the COD orders' p95`, cod.p95, 'ms', ['<=', P95_GOAL_MS]),
      figure(`${label}: the COD orders' errors`, cod.errors, 'requests', ['=', 0]),
    );
  }
}

/** Runs one measured stretch and prints its 5 s windows beside the machine's load. */
async function measured<T extends CardIntakeResult | [CardIntakeResult, unknown]>(
  bench: Bench,
  label: string,
  body: () => Promise<T>,
): Promise<T> {
  const ours = () => bench.procs.map((p) => ({ name: p.name, pid: p.child.pid }));
  const cpuBefore = cpuSnapshot(ours());
  const machine = machineSampler();
  const result = await body();
  // Per card order sent (the COD orders beside are in the same CPU): where an order's CPU goes,
  // the steadiest figure on a shared machine.
  const sent = (Array.isArray(result) ? result[0] : (result as CardIntakeResult)).sent;
  const cpu = cpuPerOrder(cpuBefore, cpuSnapshot(ours()), sent).filter((c) => c.name !== 'bare');
  console.log(
    `${label}, CPU ms per card order: ${cpu.map((c) => `${c.name} ${c.ms.toFixed(1)}`).join(', ')}`,
  );
  const card: CardIntakeResult = Array.isArray(result) ? result[0] : (result as CardIntakeResult);
  const load = machine.stop().map((m) => ({ ...m, atMs: m.atMs - card.startedAt }));
  console.log(
    `${label}, POST /api/orders by 5 s of the run:\n${formatWindows(latencyWindows(card.timeline, load, 5))}`,
  );
  return result;
}

async function cardFigures(bench: Bench, figures: Figure[], label: string, r: CardIntakeResult) {
  const checks = await afterRun(bench, r.intents);
  figures.push(
    figure(`${label}: orders answered per second`, r.rate, 'orders/s', ['>=', CARD_RATE_GOAL]),
    figure(`${label}: POST /api/orders p50 (after payment)`, r.order.p50, 'ms'),
    figure(`${label}: POST /api/orders p95 (after payment)`, r.order.p95, 'ms', ['<=', P95_GOAL_MS]),
    figure(`${label}: POST /api/orders p99 (after payment)`, r.order.p99, 'ms', ['<=', P99_GOAL_MS]),
    figure(`${label}: intent + confirm + order p50`, r.flow.p50, 'ms'),
    figure(`${label}: intent + confirm + order p95`, r.flow.p95, 'ms'),
    figure(`${label}: errors`, r.errors, 'requests', ['=', 0]),
    figure(`${label}: paid intents without exactly one order`, checks.notOne, 'intents', ['=', 0]),
    figure(`${label}: confirmations mailed`, checks.mailed, 'orders', ['=', r.intents.length]),
  );
  for (const [name, durations] of [...r.phases].sort(([a], [b]) => a.localeCompare(b))) {
    durations.sort((a, b) => a - b);
    figures.push(
      figure(`${label}: Server-Timing ${name} p50`, percentile(durations, 50), 'ms'),
      figure(`${label}: Server-Timing ${name} p95`, percentile(durations, 95), 'ms'),
    );
  }
  if (r.errorSamples.length) console.log(`${label} errors, first ones:\n  ${r.errorSamples.join('\n  ')}`);
}

/**
 * After a run: every paid intent has exactly one order (the webhook and the browser made one
 * between them), and each of those orders had its confirmation sent (waited for, up to 60 s
 * while the count still grows: the e-mail follows the order).
 */
async function afterRun({ handle }: Bench, intents: string[]) {
  if (intents.length === 0) return { notOne: 0, mailed: 0 };
  const list = sql.join(
    intents.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await handle.db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select i.id from unnest(array[${list}]::text[]) as i(id)
          left join orders o on o.payment_intent_id = i.id group by i.id having count(o.id) <> 1) t`,
  );
  const mailedNow = async () => {
    const { rows: m } = await handle.db.execute<{ n: number }>(
      sql`select count(distinct e.subject_id)::int as n from emails e join orders o on o.id = e.subject_id
          where e.purpose = 'order-confirmation' and e.status = 'sent' and o.payment_intent_id = any(array[${list}]::text[])`,
    );
    return m[0]?.n ?? 0;
  };
  let mailed = await mailedNow();
  let lastGrowth = Date.now();
  while (mailed < intents.length && Date.now() - lastGrowth < 60_000) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await mailedNow();
    if (now > mailed) lastGrowth = Date.now();
    mailed = now;
  }
  return { notOne: rows[0]?.n ?? 0, mailed };
}
