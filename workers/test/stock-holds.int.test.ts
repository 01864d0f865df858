import { randomUUID } from 'node:crypto';
import { createDb, createStockRepository, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStockHoldSweeper, type StockHoldSweeper } from '../src/maintenance';
import { DATABASE_URL, logger } from './support';

/**
 * The sweeper of card payments' stock holds (docs/payments.md "Stock held for a card payment")
 * against PostgreSQL: a hold past its expiry goes back into stock once, however many passes run
 * at once; a hold still within its lifetime stays; a paid order consuming the hold while the
 * sweeper looks keeps it (the units are never given back and sold).
 */
let handle: DbHandle;
let sweeper: StockHoldSweeper;
const MIN = 60_000;

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  await resetDatabase(handle.db);
  sweeper = createStockHoldSweeper({ db: handle.db, logger, intervalMs: 60 * MIN });
});
afterAll(async () => {
  await sweeper?.stop();
  await handle?.close();
});

const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
let picked = 0;

/** A variation with `stock` left, and a card checkout (the row a hold belongs to). */
async function variationAndCheckout(stock: number) {
  const rows = await handle.db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .orderBy(tables.productVariations.id);
  const v = rows[picked++]!;
  await handle.db
    .update(tables.productVariations)
    .set({ stockQuantity: stock })
    .where(eq(tables.productVariations.id, v.id));
  const checkoutId = `card-${randomUUID()}`;
  await handle.db.insert(tables.checkouts).values({
    id: checkoutId,
    provider: 'STRIPE',
    providerPaymentId: `pi_${randomUUID().replaceAll('-', '')}`,
    request: {},
    pricing: {},
    totalFils: 1000,
  });
  return { v, checkoutId };
}

async function hold(
  checkoutId: string,
  v: { id: string; productId: string },
  quantity: number,
  expiresAt: Date,
) {
  const short = await handle.db.transaction((tx) =>
    createStockRepository(tx).hold(
      checkoutId,
      [{ ...v, variationId: v.id, quantity }],
      expiresAt,
      undefined,
      tx,
    ),
  );
  expect(short).toEqual([]);
}

const stockOf = async (id: string) =>
  (
    await handle.db
      .select({ n: tables.productVariations.stockQuantity })
      .from(tables.productVariations)
      .where(eq(tables.productVariations.id, id))
  )[0]!.n;

describe('the stock hold sweeper', () => {
  it('gives an expired hold back once, however many passes run at once, and leaves a live one', async () => {
    const expired = await variationAndCheckout(5);
    const live = await variationAndCheckout(5);
    await hold(expired.checkoutId, expired.v, 2, at(-MIN));
    await hold(live.checkoutId, live.v, 3, at(29 * MIN));
    expect(await stockOf(expired.v.id)).toBe(3);
    expect(await stockOf(live.v.id)).toBe(2);

    const passes = await Promise.all([sweeper.runOnce(), sweeper.runOnce(), sweeper.runOnce()]);
    const released = passes.flat().filter((h) => h.checkoutId === expired.checkoutId);
    expect(released).toEqual([{ checkoutId: expired.checkoutId, variationId: expired.v.id, quantity: 2 }]);
    expect(await stockOf(expired.v.id)).toBe(5);
    expect(await stockOf(live.v.id)).toBe(2);
    // Another pass later finds nothing more of it.
    await sweeper.runOnce();
    expect(await stockOf(expired.v.id)).toBe(5);
    // The live one goes only once its own time has passed.
    const later = await sweeper.runOnce(at(31 * MIN));
    expect(later.filter((h) => h.checkoutId === live.checkoutId)).toHaveLength(1);
    expect(await stockOf(live.v.id)).toBe(5);
  });

  it('a paid order consuming the hold while the sweeper looks: the units are consumed or given back, never both', async () => {
    for (let round = 0; round < 10; round++) {
      const { v, checkoutId } = await variationAndCheckout(1);
      await hold(checkoutId, v, 1, at(-MIN));
      expect(await stockOf(v.id)).toBe(0);
      const order = handle.db
        .transaction(async (tx) => {
          const short = await createStockRepository(tx).takeForCheckout(
            checkoutId,
            [{ productId: v.productId, variationId: v.id, quantity: 1 }],
            undefined,
            [],
            tx,
          );
          if (short.length > 0) throw new Error('short');
          return 'ordered' as const;
        })
        .catch(() => 'short' as const);
      const [outcome] = await Promise.all([order, sweeper.runOnce()]);
      const left = await stockOf(v.id);
      // Ordered: the bag is the order's (consumed, or given back and taken again). Short cannot
      // happen here: a swept hold's unit is back before the order takes it.
      expect(outcome).toBe('ordered');
      expect(left).toBe(0);
      const [{ n }] = (
        await handle.db.execute<{ n: number }>(
          `select count(*)::int as n from stock_holds where checkout_id = '${checkoutId}'`,
        )
      ).rows as [{ n: number }];
      expect(n).toBe(0);
    }
  });
});
