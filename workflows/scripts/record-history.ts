/**
 * Records the event history of one real checkoutToOrder run into test/fixtures, for the replay
 * test that guards determinism. Re-record only when a workflow change is meant to be
 * incompatible (and then version the workflow, keeping the old file for its replay test):
 * `DATABASE_URL=…_test npx tsx scripts/record-history.ts [file name in test/fixtures]`.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { createDb, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { Client, Connection } from '@temporalio/client';
import { startTestWorker, temporalAddress } from '../src/testing';
import { checkoutWorkflowId } from '../src/workflow-ids';

const handle = createDb(process.env.DATABASE_URL);
await resetDatabase(handle.db);
const taskQueue = `record-${randomUUID()}`;
const worker = await startTestWorker(handle.db, taskQueue);
const client = new Client({ connection: await Connection.connect({ address: temporalAddress() }) });
const [v] = await handle.db.select().from(tables.productVariations).limit(1);
const [p] = await handle.db.select().from(tables.products).where(eq(tables.products.id, v!.productId));
const checkoutId = `record-${randomUUID()}`;
const wf = await client.workflow.start('checkoutToOrder', {
  taskQueue,
  workflowId: checkoutWorkflowId(checkoutId),
  args: [
    {
      checkoutId,
      requestId: 'record-history',
      order: {
        customerInfo: { fullName: 'Record Shopper', email: 'record@example.ae', phone: '+971501234567' },
        shippingInfo: { emirate: 'dubai', city: 'jbr', address: 'The Walk, Building 3, Flat 12' },
        items: [
          {
            id: 'x',
            productId: p!.id,
            variationId: v!.id,
            name: p!.name,
            price: 1,
            quantity: 1,
            variation: { weight: null, beans: null, additions: null },
          },
        ],
        totalAmount: 1,
        subtotal: 1,
        tax: 0,
        shippingCost: 0,
        discount: 0,
        paymentProvider: 'COD',
      },
    },
  ],
});
await wf.result();
// The CLI's JSON export is the canonical form that Worker.runReplayHistory reads.
const json = execFileSync(
  process.env.TEMPORAL_CLI ?? `${homedir()}/go/bin/temporal`,
  ['workflow', 'show', '--address', temporalAddress(), '--workflow-id', wf.workflowId, '--output', 'json'],
  { encoding: 'utf8' },
);
const file = process.argv[2] ?? 'checkout-to-order.history.json';
writeFileSync(new URL(`../test/fixtures/${file}`, import.meta.url), json);
console.log(`recorded ${JSON.parse(json).events.length} events`);
await worker.stop();
await handle.close();
process.exit(0);
