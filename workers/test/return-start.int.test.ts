import { randomUUID } from 'node:crypto';
import { createOrderAdminRepository, createReturnsRepository, eq, tables } from '@qahwa/db';
import { placedOrder, resetDatabase } from '@qahwa/db/testing';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { returnWorkflowId } from '@qahwa/workflows';
import { ensureSearchAttributes } from '@qahwa/workflows/worker';
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutboxRelay,
  createReturnStarter,
  type DurableConsumer,
  ensureStream,
  type OutboxRelay,
} from '../src';
import { closeServices, connectServices, logger, type Services, waitFor } from './support';

/**
 * A return's process does not depend on the gateway reaching Temporal right after the request:
 * the request's ReturnRequested, relayed from the outbox onto this file's own stream, starts
 * `returnProcess` under `return-<number>` with the order number as its search attribute. No worker
 * polls this file's task queue: the run is looked at, then ended.
 */
const TEMPORAL = process.env.TEMPORAL_ADDRESS ?? SERVICE_DEFAULTS.temporalAddress;
const taskQueue = `test-return-start-${randomUUID()}`;
let s: Services;
let temporal: Client;
let relay: OutboxRelay;
let starter: DurableConsumer;

beforeAll(async () => {
  s = await connectServices();
  await ensureStream(s.jsm, { name: s.stream, subjects: [`${s.subjectPrefix}commerce.>`] });
  await resetDatabase(s.handle.db);
  const native = await NativeConnection.connect({ address: TEMPORAL });
  await ensureSearchAttributes(native, 'default');
  await native.close();
  temporal = new Client({ connection: await Connection.connect({ address: TEMPORAL }) });
  relay = createOutboxRelay({
    db: s.handle.db,
    js: s.js,
    logger,
    subjectPrefix: s.subjectPrefix,
    pollIntervalMs: 100,
  });
  starter = createReturnStarter({
    db: s.handle.db,
    js: s.js,
    logger,
    temporal,
    taskQueue,
    stream: s.stream,
    durable: `return-start-${randomUUID().slice(0, 8)}`,
    subjectPrefix: s.subjectPrefix,
    nakDelay: { baseMs: 200, maxMs: 1_000 },
  });
  relay.start();
  starter.start();
}, 120_000);
afterAll(async () => {
  await starter?.stop();
  await relay?.stop();
  await temporal?.connection.close();
  await closeServices(s);
});

describe('the return starter', () => {
  it('starts the return’s process from ReturnRequested, found by its order number', async () => {
    const db = s.handle.db;
    const orderId = await placedOrder(db, {
      provider: 'COD',
      customer: {
        fullName: 'Mariam Al Hashimi',
        email: `m-${randomUUID()}@example.ae`,
        phone: '+971 50 222 3344',
      },
      locale: 'en',
    });
    const admin = createOrderAdminRepository(db);
    let version = 1;
    for (const to of ['processing', 'shipped', 'delivered'] as const) {
      await db.transaction((tx) =>
        admin.move({ orderId, to, version, actor: { id: null, email: 's@q.local' } }, tx),
      );
      version++;
    }
    const [item] = await db.select().from(tables.orderItems).where(eq(tables.orderItems.orderId, orderId));
    const ret = await db.transaction((tx) =>
      createReturnsRepository(db).create(tx, {
        orderId,
        reason: 'CHANGED_MIND',
        note: null,
        photoUrl: null,
        locale: 'en',
        shippingRefundFils: 0,
        lines: [
          {
            orderItemId: item!.id,
            productId: item!.productId,
            variationId: item!.variationId,
            quantity: 1,
            refundFils: item!.unitFils,
          },
        ],
      }),
    );
    const handle = temporal.workflow.getHandle(returnWorkflowId(ret.number));
    const described = await waitFor(async () => {
      try {
        const d = await handle.describe();
        return d.memo?.returnId === ret.id ? d : undefined;
      } catch (e) {
        if (e instanceof WorkflowNotFoundError) return undefined;
        throw e;
      }
    }, 'the return process');
    expect(described!.taskQueue).toBe(taskQueue);
    expect(described!.typedSearchAttributes.getAll().map((p) => [p.key.name, p.value])).toContainEqual([
      'OrderNumber',
      orderId,
    ]);
    await handle.terminate('test over');
  }, 60_000);
});
