import { randomUUID } from 'node:crypto';
import { createDb, createPromotionsRepository, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CouponHoldSweeper, createCouponHoldSweeper } from '../src/maintenance';
import { DATABASE_URL, logger } from './support';

/**
 * The sweeper of held coupon uses (docs/promotions.md "Held uses that outlive their checkout")
 * against PostgreSQL: a pay-later hold past its session's expiry plus the grace, and an old hold
 * of a cash-on-delivery or card process that died, are given back (the code can be used again);
 * a hold still within its lifetime, one whose order exists, one whose paid checkout may still be
 * completed, and every used or released use are left alone — also when the order commits while
 * the sweeper looks.
 */
let handle: DbHandle;
let sweeper: CouponHoldSweeper;
const MIN = 60_000;
const GRACE = 15 * MIN;
const ORPHAN = 30 * MIN;
const LIFETIME = 30 * MIN;

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
  await resetDatabase(handle.db);
  sweeper = createCouponHoldSweeper({
    db: handle.db,
    logger,
    intervalMs: 60 * MIN,
    graceMs: GRACE,
    orphanAfterMs: ORPHAN,
  });
});
afterAll(async () => {
  await sweeper?.stop();
  await handle?.close();
});

const repo = () => createPromotionsRepository(handle.db);
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

/** A single-use voucher, the kind a hold that never ends takes from its rightful owner. */
async function voucher(maxUses = 1) {
  const [row] = await handle.db
    .insert(tables.promotions)
    .values({
      name: 'Voucher',
      code: `V-${randomUUID().slice(0, 8).toUpperCase()}`,
      type: 'FIXED_AMOUNT',
      value: 20,
      maxUses,
      startDate: at(-86_400_000),
      endDate: at(86_400_000),
    })
    .returning();
  return row!;
}

async function hold(promotionId: string, checkoutId: string, expiresAt?: Date) {
  const taken = await handle.db.transaction((tx) =>
    repo().redeem({ promotionId, checkoutId, ...(expiresAt ? { expiresAt } : {}) }, tx),
  );
  expect(taken.ok).toBe(true);
}

async function checkout(id: string, provider: 'TABBY' | 'STRIPE', status: string) {
  await handle.db.insert(tables.checkouts).values({
    id,
    provider,
    providerPaymentId: `${provider.toLowerCase()}-${id}`,
    status,
    request: {},
    pricing: {},
    totalFils: 100_00,
  });
}

async function orderFor(checkoutId: string) {
  const [customer] = await handle.db
    .insert(tables.customers)
    .values({ email: `h-${randomUUID()}@example.ae`, fullName: 'Huda Saeed', phone: '+971 55 111 2233' })
    .returning({ id: tables.customers.id });
  const id = `QH-8${Math.floor(Math.random() * 1e9)}`;
  await handle.db.insert(tables.orders).values({
    id,
    checkoutId,
    customerId: customer!.id,
    paymentProvider: 'COD',
    subtotalFils: 80_00,
    shippingFils: 25_00,
    totalFils: 105_00,
    customerName: 'Huda Saeed',
    customerEmail: 'huda@example.ae',
    customerPhone: '+971 55 111 2233',
    emirate: 'sharjah',
    city: 'al-majaz',
    address: 'Al Majaz 2, Villa 9',
  });
  return id;
}

const uses = async (promotionId: string) =>
  (await handle.db.select().from(tables.promotions).where(eq(tables.promotions.id, promotionId)))[0]!.uses;
const statusOf = async (promotionId: string, checkoutId: string) =>
  (await handle.db
    .select()
    .from(tables.promotionRedemptions)
    .where(eq(tables.promotionRedemptions.promotionId, promotionId))
    .then((rows) => rows.find((r) => r.checkoutId === checkoutId)))!.status;
/** Another shopper tries the voucher: can they have it? */
async function usableBySomeoneElse(promotionId: string) {
  const taken = await handle.db.transaction((tx) =>
    repo().redeem({ promotionId, checkoutId: `next-${randomUUID()}`, orderId: 'QH-NEXT' }, tx),
  );
  return taken.ok;
}

describe('pay-later holds', () => {
  it('a session whose workflow never ran: given back after its expiry plus the grace, not before', async () => {
    const v = await voucher();
    const id = `tabby-${randomUUID()}`;
    await checkout(id, 'TABBY', 'open');
    await hold(v.id, id, at(LIFETIME));

    // Within the session's life and the grace: kept (the shopper may still be paying).
    expect(await sweeper.runOnce(at(LIFETIME + GRACE - MIN))).toEqual([]);
    expect(await statusOf(v.id, id)).toBe('reserved');
    expect(await uses(v.id)).toBe(1);

    const released = await sweeper.runOnce(at(LIFETIME + GRACE + MIN));
    expect(released).toContainEqual({ promotionId: v.id, checkoutId: id, why: 'expired' });
    expect(await statusOf(v.id, id)).toBe('released');
    expect(await uses(v.id)).toBe(0);
    expect(await usableBySomeoneElse(v.id)).toBe(true);
  });

  it('never one whose order exists', async () => {
    const v = await voucher();
    const id = `tabby-${randomUUID()}`;
    await checkout(id, 'TABBY', 'open');
    await hold(v.id, id, at(LIFETIME));
    await orderFor(id);
    const released = await sweeper.runOnce(at(LIFETIME + GRACE + MIN));
    expect(released.map((r) => r.checkoutId)).not.toContain(id);
    expect(await statusOf(v.id, id)).toBe('reserved');
    expect(await uses(v.id)).toBe(1);
  });
});

describe('holds taken just before the order (cash on delivery, card)', () => {
  it('a cash-on-delivery process that died between the hold and the order: given back after the margin', async () => {
    const v = await voucher();
    const id = `cod-${randomUUID()}`;
    await hold(v.id, id);
    expect(await sweeper.runOnce(at(ORPHAN - MIN))).toEqual([]);
    expect(await statusOf(v.id, id)).toBe('reserved');

    const released = await sweeper.runOnce(at(ORPHAN + MIN));
    expect(released).toContainEqual({ promotionId: v.id, checkoutId: id, why: 'orphaned' });
    expect(await uses(v.id)).toBe(0);
    expect(await usableBySomeoneElse(v.id)).toBe(true);
  });

  it('a paid card checkout still waiting for its order, or flagged for staff, keeps it; a refunded one does not', async () => {
    const v = await voucher(3);
    const waiting = `card-${randomUUID()}`;
    const flagged = `card-${randomUUID()}`;
    const refunded = `card-${randomUUID()}`;
    await checkout(waiting, 'STRIPE', 'open');
    await checkout(flagged, 'STRIPE', 'needs_attention');
    await checkout(refunded, 'STRIPE', 'refunded');
    for (const id of [waiting, flagged, refunded]) await hold(v.id, id);

    const released = await sweeper.runOnce(at(ORPHAN + 60 * MIN));
    const mine = released.filter((r) => r.promotionId === v.id).map((r) => r.checkoutId);
    expect(mine).toEqual([refunded]);
    expect(await statusOf(v.id, waiting)).toBe('reserved');
    expect(await statusOf(v.id, flagged)).toBe('reserved');
    expect(await uses(v.id)).toBe(2);
  });

  it('used and released uses are never touched, and uses always equals the uses held', async () => {
    const v = await voucher(5);
    const used = `cod-${randomUUID()}`;
    const gone = `cod-${randomUUID()}`;
    await handle.db.transaction((tx) =>
      repo().redeem({ promotionId: v.id, checkoutId: used, orderId: 'QH-X' }, tx),
    );
    await hold(v.id, gone);
    await handle.db.transaction((tx) => repo().release(gone, undefined, tx));
    await sweeper.runOnce(at(365 * 24 * 60 * MIN));
    expect(await statusOf(v.id, used)).toBe('used');
    expect(await statusOf(v.id, gone)).toBe('released');
    expect(await uses(v.id)).toBe(1);
    expect(await repo().countRedemptions(v.id)).toBe(1);
  });

  it('an order committing while the sweeper looks keeps its use', async () => {
    const v = await voucher();
    const id = `cod-${randomUUID()}`;
    await hold(v.id, id);
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => {
      commit = resolve;
    });
    // The order's transaction: it makes the held use final and holds the row until it commits.
    const ordering = handle.db.transaction(async (tx) => {
      await repo().redeem({ promotionId: v.id, checkoutId: id, orderId: 'QH-RACE' }, tx);
      await gate;
    });
    await new Promise((r) => setTimeout(r, 200));
    const sweeping = sweeper.runOnce(at(ORPHAN + MIN));
    await new Promise((r) => setTimeout(r, 300));
    commit();
    await ordering;
    const released = await sweeping;
    expect(released.map((r) => r.checkoutId)).not.toContain(id);
    expect(await statusOf(v.id, id)).toBe('used');
    expect(await uses(v.id)).toBe(1);
  });
});

describe('the loop', () => {
  it('runs a pass at start and reports it', async () => {
    const loop = createCouponHoldSweeper({
      db: handle.db,
      logger,
      intervalMs: 60 * MIN,
      graceMs: 1,
      orphanAfterMs: 1,
    });
    const v = await voucher();
    const id = `cod-${randomUUID()}`;
    await hold(v.id, id);
    await new Promise((r) => setTimeout(r, 20));
    loop.start();
    try {
      const deadline = Date.now() + 10_000;
      while ((await statusOf(v.id, id)) !== 'released' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await statusOf(v.id, id)).toBe('released');
      expect(loop.health()).toMatchObject({ running: true, lastError: null });
      expect(loop.health().lastRunAt).not.toBeNull();
    } finally {
      await loop.stop();
    }
  });
});
