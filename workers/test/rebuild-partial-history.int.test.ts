import { sql } from '@qahwa/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStream, PartialHistoryError, REBUILDABLE, rebuildProjection } from '../src';
import { closeServices, connectServices, logger, type Services } from './support';

/**
 * A stream with an age limit (EVENTS_MAX_AGE_DAYS) forgets its oldest events; a rebuild replaying
 * what is left would swap in tables without the older orders. It refuses, unless told to.
 */
let s: Services;
beforeAll(async () => {
  s = await connectServices();
  await ensureStream(s.jsm, { name: s.stream, subjects: [`${s.subjectPrefix}commerce.>`] });
  // Two events, the first of which has aged out as JetStream would remove it.
  for (const n of [1, 2]) await s.js.publish(`${s.subjectPrefix}commerce.order.other`, JSON.stringify({ n }));
  await s.jsm.streams.deleteMessage(s.stream, 1);
});
afterAll(async () => closeServices(s));

const schemaExists = async () =>
  (
    await s.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from information_schema.schemata where schema_name = 'rebuild_order_stats'`,
    )
  ).rows[0]!.n > 0;

describe('rebuilding from a stream that lost its oldest events', () => {
  const rebuild = (acceptPartialHistory?: boolean) =>
    rebuildProjection({
      db: s.handle.db,
      js: s.js,
      jsm: s.jsm,
      logger,
      projection: REBUILDABLE['order-stats']!,
      consumer: `order-stats-${s.stream}`,
      stream: s.stream,
      subjectPrefix: s.subjectPrefix,
      acceptPartialHistory,
    });

  it('is refused before anything is touched, saying why and what to pass', async () => {
    const live = await s.handle.db.execute(sql`select count(*)::int as n from order_stats_daily`);
    await expect(rebuild()).rejects.toThrow(PartialHistoryError);
    await expect(rebuild()).rejects.toThrow(/no longer holds its first 1 events.*--accept-partial-history/);
    expect(await schemaExists()).toBe(false);
    expect((await s.handle.db.execute(sql`select count(*)::int as n from order_stats_daily`)).rows).toEqual(
      live.rows,
    );
  });

  it('goes ahead from what is left when told to', async () => {
    const result = await rebuild(true);
    expect(result).toMatchObject({ projection: 'order-stats', through: { [s.stream]: 2 } });
  });
});
