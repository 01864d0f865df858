import { randomUUID } from 'node:crypto';
import { createOutboxRepository, sql } from '@qahwa/db';
import { makeEvent, type Product } from '@qahwa/schema';
import { load, sideBySide } from '../read-path';
import { type Figure, figure } from '../report';
import type { Bench } from '../stack';

/**
 * The `read` part: GET /api/products beside a bare Fastify route serving the same bytes, the other
 * catalogue reads, and how long a stock change takes to show.
 */
export async function readPart(bench: Bench, figures: Figure[]) {
  const { gateway, knobs } = bench;
  const listing = await fetch(`${gateway}/api/products`);
  const listingBytes = (await listing.arrayBuffer()).byteLength;
  const etag = listing.headers.get('etag');
  console.log(
    `GET /api/products: ${listingBytes} bytes, etag ${etag ?? 'none'}, cache-control ${listing.headers.get('cache-control') ?? 'none'}`,
  );
  const side = await sideBySide(`${gateway}/api/products`, `${bench.bareUrl}/api/products`, {
    rounds: knobs.readRounds,
    secondsPerRound: knobs.readSeconds,
    connections: knobs.connections,
  });
  figures.push(
    figure('read: GET /api/products ÷ bare Fastify, same bytes', side.ratio * 100, '%', ['>=', 80]),
    figure('read: GET /api/products', side.real.perSecond, 'req/s'),
    figure('read: bare Fastify route, same bytes', side.bare.perSecond, 'req/s'),
    figure('read: GET /api/products p99', side.real.p99, 'ms'),
    figure('read: failed reads', side.real.failures, 'requests', ['=', 0]),
  );
  const info = async (name: string, path: string, headers: Record<string, string> = {}) => {
    const r = await load(`${gateway}${path}`, knobs.readSeconds, knobs.connections, headers);
    figures.push(figure(`read: ${name}`, r.perSecond, 'req/s'));
    return r;
  };
  await info(
    'GET /api/products?limit=4&featured=true&random=true',
    '/api/products?limit=4&featured=true&random=true',
  );
  await info('GET /api/products/{slug}', '/api/products/colombian-supremo');
  if (etag) await info('GET /api/products, If-None-Match → 304', '/api/products', { 'if-none-match': etag });

  const staleness = await measureStaleness(bench, gateway);
  figures.push(figure('read: stale after a change (worst of 5)', staleness, 'ms', ['<=', 1000]));
}

/**
 * Staff change stock the way the back office does (the row and a CatalogueChanged outbox row in
 * one transaction); the time until GET /api/products/{slug} shows it travels outbox → relay →
 * NATS → gateway rebuild. Worst of five. The counts are low ones (1 to 5): shoppers are told a
 * count only at or below the low-stock threshold; the plenty the orders need is put back after.
 */
async function measureStaleness({ handle }: Bench, gatewayUrl: string): Promise<number> {
  const outbox = createOutboxRepository(handle.db);
  const path = `${gatewayUrl}/api/products/colombian-supremo`;
  const product = (await (await fetch(path)).json()) as Product;
  const variation = product.variations[0]!;
  const setStock = (stock: number) =>
    handle.db.transaction(async (tx) => {
      await tx.execute(
        sql`update product_variations set stock_quantity = ${stock} where id = ${variation.id}`,
      );
      await outbox.append(
        makeEvent(
          'CatalogueChanged',
          { reason: 'stock', productIds: [product.id] },
          { id: randomUUID(), occurredAt: new Date().toISOString() },
        ),
        tx,
      );
    });
  let worst = 0;
  for (let i = 1; i <= 5; i++) {
    const stock = i;
    const changedAt = performance.now();
    await setStock(stock);
    let seen = Number.NaN;
    while (performance.now() - changedAt < 10_000) {
      const p = (await (await fetch(path)).json()) as Product;
      if (p.variations.find((v) => v.id === variation.id)?.stockQuantity === stock) {
        seen = performance.now() - changedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    worst = Math.max(worst, Number.isNaN(seen) ? Number.POSITIVE_INFINITY : seen);
  }
  await setStock(1_000_000);
  return worst;
}
