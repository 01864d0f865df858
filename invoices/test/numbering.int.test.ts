import { type DbHandle, eq, sql, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, issueInvoice } from '../src';
import { orderOf, testDb } from './support';

/**
 * Invoice numbers are the law's sequence: every number from 1 up is used once, none is skipped,
 * however many orders are invoiced at once and whichever of their transactions fail.
 */
const ORDERS = 200;
/** Every seventh transaction fails after taking its number, as a crash or a failed insert would. */
const failsOnFirstTry = (i: number) => i % 7 === 3;

let h: DbHandle;
let orderIds: string[];

beforeAll(async () => {
  h = testDb(20);
  await resetDatabase(h.db);
  orderIds = [];
  for (let i = 0; i < ORDERS; i++) orderIds.push(await orderOf(h.db, 'COD'));
});

afterAll(async () => {
  await h?.close();
});

const year = () => Number(new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 4));

async function invoiceNumbers(): Promise<string[]> {
  const rows = await h.db.select({ number: tables.invoices.number }).from(tables.invoices);
  return rows.map((r) => r.number).sort();
}

const expected = (n: number) => Array.from({ length: n }, (_, i) => formatNumber('INV', year(), i + 1));

describe('invoice numbers under 200 orders invoiced in parallel', () => {
  it('are gap-free and unique, the rolled-back transactions leaving no hole', async () => {
    const outcomes = await Promise.allSettled(
      orderIds.map((orderId, i) =>
        h.db.transaction(async (tx) => {
          const issued = await issueInvoice(tx, orderId);
          if (failsOnFirstTry(i)) throw new Error(`deliberate rollback after ${issued.number}`);
          return issued;
        }),
      ),
    );
    const failed = outcomes.filter((o) => o.status === 'rejected');
    const rolledBack = orderIds.filter((_, i) => failsOnFirstTry(i)).length;
    // Any other failure names itself here before the count is compared.
    for (const f of failed)
      expect(String((f as PromiseRejectedResult).reason)).toMatch(/deliberate rollback/);
    expect(failed).toHaveLength(rolledBack);
    // The numbers the rolled-back transactions had taken were given back: 1..committed, no gap.
    const committed = ORDERS - rolledBack;
    expect(await invoiceNumbers()).toEqual(expected(committed));

    // The failed ones, retried at once, continue the sequence.
    const retried = await Promise.all(
      orderIds
        .filter((_, i) => failsOnFirstTry(i))
        .map((id) => h.db.transaction((tx) => issueInvoice(tx, id))),
    );
    expect(retried.every((r) => r.created)).toBe(true);
    expect(await invoiceNumbers()).toEqual(expected(ORDERS));
    const [counter] = await h.db
      .select({ last: tables.documentCounters.lastValue })
      .from(tables.documentCounters)
      .where(eq(tables.documentCounters.series, 'INV'));
    expect(counter?.last).toBe(ORDERS);
  });

  it('gives one order one invoice however many issuers race for it', async () => {
    const [orderId] = orderIds;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => h.db.transaction((tx) => issueInvoice(tx, orderId as string))),
    );
    expect(new Set(results.map((r) => r.number)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(0);
    const { rows } = await h.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where order_id = ${orderId}`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});
