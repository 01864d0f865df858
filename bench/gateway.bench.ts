/**
 * Gateway benchmark: real HTTP on loopback against the real gateway, PostgreSQL and Temporal
 * (a checkout worker in this process). Bounded: a fixed number of requests per case. Prints
 * latency percentiles and throughput; asserts nothing (targets are read, not enforced).
 *
 *   make bench          (starts what it needs)
 *   DATABASE_URL=…_test npx tsx bench/gateway.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { createDb } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import type { Product } from '@qahwa/schema';
import { startTestWorker, temporalAddress } from '@qahwa/workflows/testing';
import { Client, Connection } from '@temporalio/client';
import pino from 'pino';
import { buildApp } from '../gateway/src/app';
import { loadConfig } from '../gateway/src/config';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://qahwa:qahwa@127.0.0.1:5432/qahwa_test';
const handle = createDb(databaseUrl);
await resetDatabase(handle.db);
// Plenty of stock so the order case measures ordering, not refusals.
await handle.db.execute('update product_variations set stock_quantity = 100000');
const taskQueue = `bench-${randomUUID()}`;
const worker = await startTestWorker(handle.db, taskQueue);
const connection = await Connection.connect({ address: temporalAddress() });
const app = await buildApp({
  config: { ...loadConfig({ NODE_ENV: 'test' }), checkoutTaskQueue: taskQueue },
  db: handle.db,
  temporal: new Client({ connection }),
  logger: pino({ level: 'silent' }),
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

interface Case {
  name: string;
  requests: number;
  concurrency: number;
  run: (i: number) => Promise<Response>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function measure(c: Case) {
  // Warm-up: JIT, connection pools, the first workflow task.
  for (let i = 0; i < Math.min(20, c.requests); i++) await (await c.run(-1 - i)).arrayBuffer();
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: c.concurrency }, async () => {
      while (next < c.requests) {
        const i = next++;
        const t0 = performance.now();
        const res = await c.run(i);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!res.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;
  console.log(
    `${c.name.padEnd(34)} n=${String(c.requests).padStart(4)} c=${c.concurrency}  p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  p99 ${ms(percentile(latencies, 99))}  ${(c.requests / seconds).toFixed(0).padStart(5)} req/s  failed ${failures}`,
  );
}

const product = (await (await fetch(`${address}/api/products/colombian-supremo`)).json()) as Product;
const v = product.variations[0]!;
const order = (email: string) => ({
  customerInfo: { fullName: 'Bench Shopper', email, phone: '+971 50 000 0000' },
  shippingInfo: { emirate: 'dubai', city: 'business-bay', address: 'Bay Square, Building 7, Office 301' },
  items: [
    {
      id: `${product.id}-${v.id}`,
      productId: product.id,
      variationId: v.id,
      name: product.name,
      price: v.price,
      quantity: 2,
      variation: {
        weight: v.size.displayName,
        beans: v.beans?.name ?? null,
        additions: v.type?.name ?? null,
      },
    },
  ],
  totalAmount: 0,
  subtotal: 0,
  tax: 0,
  shippingCost: 0,
  discount: 0,
  paymentProvider: 'COD',
});
/**
 * Each order comes from a different shopper: the gateway rate-limits orders per client address
 * (30 a minute), which one benchmark client would hit at once. Only a header; traffic stays on loopback.
 */
const shopper = (i: number) => ({
  'x-forwarded-for': `198.51.100.${(i + 1000) % 250}, 203.0.113.${Math.floor((i + 1000) / 250) % 250}`,
});
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

console.log(`gateway benchmark on ${address} (${process.env.CI ? 'CI' : 'local'}, node ${process.version})`);
await measure({
  name: 'GET /api/products (14, full)',
  requests: 500,
  concurrency: 8,
  run: () => fetch(`${address}/api/products`),
});
await measure({
  name: 'GET /api/products?limit=4&featured',
  requests: 500,
  concurrency: 8,
  run: () => fetch(`${address}/api/products?limit=4&featured=true&random=true`),
});
await measure({
  name: 'GET /api/products/{slug}',
  requests: 500,
  concurrency: 8,
  run: () => fetch(`${address}/api/products/colombian-supremo`),
});
await measure({
  name: 'POST /api/shipping/calculate',
  requests: 500,
  concurrency: 8,
  run: () => fetch(`${address}/api/shipping/calculate`, json({ orderTotal: 120 })),
});
await measure({
  name: 'POST /api/orders (COD, via Temporal)',
  requests: 100,
  concurrency: 4,
  run: (i) =>
    fetch(
      `${address}/api/orders`,
      json(order(`bench-${i}-${randomUUID()}@example.ae`), {
        'idempotency-key': `bench-${randomUUID()}`,
        ...shopper(i),
      }),
    ),
});
await measure({
  name: 'POST /api/orders (same key again)',
  requests: 200,
  concurrency: 8,
  run: (i) =>
    fetch(
      `${address}/api/orders`,
      json(order('again@example.ae'), { 'idempotency-key': 'bench-repeat-key', ...shopper(i) }),
    ),
});
const mem = process.memoryUsage();
console.log(
  `memory: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB (gateway, worker and client in one process)`,
);

await app.close();
await worker.stop();
await connection.close();
await handle.close();
