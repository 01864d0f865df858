import { randomUUID } from 'node:crypto';
import { eq, sql, tables } from '@qahwa/db';
import { analyticsStreamOf, makeEvent, type ProductViewed } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductViewsProjection, type DurableConsumer } from '../src';
import { publishEvent, type Services, startOnStream, stopOnStream, waitFor } from './support';

let s: Services;
let projection: DurableConsumer;
const durable = `product-views-test-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  ({ s, consumer: projection } = await startOnStream((base) =>
    createProductViewsProjection({ ...base, durable }),
  ));
});
afterAll(() => stopOnStream(s, projection));

const viewed = (productId: string): ProductViewed =>
  makeEvent(
    'ProductViewed',
    { productId, locale: 'ar' },
    { id: randomUUID(), occurredAt: new Date().toISOString() },
  );

const publish = (event: ProductViewed, msgID?: string) => publishEvent(s, event, msgID);

const views = async (productId: string) => {
  const [row] = await s.handle.db
    .select()
    .from(tables.productViewCounts)
    .where(eq(tables.productViewCounts.productId, productId));
  return row?.views ?? 0;
};

describe('product-views projection', () => {
  it('counts each ProductViewed once, even when a copy arrives under another message id', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const first = viewed(a);
    await publish(first);
    await publish(viewed(a));
    await publish(viewed(b));
    // A second copy of the first event that JetStream's dedup window cannot catch.
    await publish(first, `${first.id}-again`);
    await publish(viewed(a));

    await waitFor(async () => (await views(a)) === 3 && (await views(b)) === 1, 'the views to be counted');
    // Everything acked, nothing left pending, and the copy changed nothing.
    await waitFor(async () => {
      const info = await s.jsm.consumers.info(analyticsStreamOf(s.stream), durable);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, 'the projection to settle');
    expect(await views(a)).toBe(3);
    const { rows } = await s.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from processed_events where consumer = ${durable}`,
    );
    expect(rows[0]?.n).toBe(4);
  });

  it('counts, once, the views a store published to the commerce stream before the analytics stream existed', async () => {
    const product = randomUUID();
    // As the relay published a view before the split: `commerce.product.…`, in the commerce stream.
    const before = viewed(product);
    await s.js.publish(`${s.subjectPrefix}commerce.product.product_viewed`, JSON.stringify(before), {
      msgID: before.id,
    });
    // The same event found in the analytics stream too (republished by hand), and a view after the split.
    await publish(before);
    await publish(viewed(product));

    await waitFor(async () => (await views(product)) === 2, 'the views to be counted');
    for (const stream of [s.stream, analyticsStreamOf(s.stream)]) {
      await waitFor(async () => {
        const info = await s.jsm.consumers.info(stream, durable);
        return info.num_pending === 0 && info.num_ack_pending === 0;
      }, `the projection to settle on ${stream}`);
    }
    expect(await views(product)).toBe(2);
  });
});
