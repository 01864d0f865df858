import { randomUUID } from 'node:crypto';
import type { JetStreamManager } from '@nats-io/jetstream';
import { createOutboxRepository, type Db, sql } from '@qahwa/db';
import { makeEvent } from '@qahwa/schema';
import { openLoop } from './order-intake';
import { percentile } from './report';

/**
 * The outbox → JetStream → projection lag of a running store (the cluster's): events written to
 * the outbox at a steady rate, each timed from its outbox row's `created_at` (the moment it was
 * committed) to its `processed_events` row's `processed_at` (the projection's transaction that
 * applied it), both the primary's clock. The events are PaymentFailed without a payment id (a card
 * refused before the provider made an intent): the payments projection applies each through its
 * guard and writes no payment row, so the run leaves nothing on the back office's screens.
 */
export interface LagResult {
  events: number;
  applied: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The projection timed, and the processed_events consumer it records (workers' PAYMENTS_DURABLE). */
const CONSUMER = 'payments';

export async function outboxToProjectionLag(
  db: Db,
  opts: { run: string; rate: number; seconds: number },
): Promise<LagResult> {
  const outbox = createOutboxRepository(db);
  const marker = `bench-lag-${opts.run}-`;
  const total = Math.round(opts.rate * opts.seconds);
  // Open loop, one row per transaction as the gateway writes them: row i is committed at start + i/rate.
  await openLoop(total, opts.rate, async (i) => {
    await outbox.append(
      makeEvent(
        'PaymentFailed',
        { checkoutId: `${marker}${i}`, provider: 'STRIPE', reason: 'bench_lag' },
        { id: randomUUID(), occurredAt: new Date().toISOString() },
      ),
    );
  });
  const lags = async () =>
    (
      await db.execute<{ ms: number | null }>(sql`
        select (extract(epoch from (p.processed_at - o.created_at)) * 1000)::float8 as ms
        from outbox o left join processed_events p on p.event_id = o.id and p.consumer = ${CONSUMER}
        where o.type = 'PaymentFailed' and o.payload -> 'data' ->> 'checkoutId' like ${`${marker}%`}`)
    ).rows;
  // Until every event is applied, or none more was for 30 s (then the missing ones are reported).
  let applied = 0;
  let grewAt = Date.now();
  for (;;) {
    const now = (await lags()).filter((r) => r.ms !== null).length;
    if (now > applied) grewAt = Date.now();
    applied = now;
    if (applied >= total || Date.now() - grewAt > 30_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const ms = (await lags())
    .map((r) => r.ms)
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b);
  return {
    events: total,
    applied: ms.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? Number.NaN,
  };
}

/**
 * Waits (up to 3 minutes) until the outbox has nothing left to publish and the payments
 * projection nothing left to apply: the relay publishes in outbox order, so rows written behind a
 * backlog (the orders of the step before, their e-mails and invoices) would time the backlog, not
 * the lag. Answers the seconds it waited.
 */
export async function settled(db: Db, jsm: JetStreamManager, stream: string): Promise<number> {
  const began = Date.now();
  while (Date.now() - began < 180_000) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from outbox where published_at is null`,
    );
    const info = await jsm.consumers.info(stream, CONSUMER).catch(() => null);
    if (rows[0]?.n === 0 && info && info.num_pending === 0 && info.num_ack_pending === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return (Date.now() - began) / 1000;
}

/**
 * Sets a stream's replicas in place (JetStream moves or drops the copies and keeps the events) and
 * waits until it has a leader and every replica is current. The durable consumers follow the
 * stream's count.
 */
export async function setReplicas(jsm: JetStreamManager, stream: string, replicas: number): Promise<void> {
  const info = await jsm.streams.info(stream);
  if (info.config.num_replicas !== replicas)
    await jsm.streams.update(stream, { ...info.config, num_replicas: replicas });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { cluster } = await jsm.streams.info(stream);
    const peers = cluster?.replicas ?? [];
    if (cluster?.leader && peers.length === replicas - 1 && peers.every((p) => p.current)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`stream ${stream} did not settle at ${replicas} replicas within 60 s`);
}
