import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCatalogueRepository, createDb, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Catalogue, createCatalogue } from '../src/catalogue/catalogue';
import { storefrontRevalidation } from '../src/catalogue/storefront';
import { TEST_DATABASE_URL } from './harness';

/** A storefront stand-in that records the revalidation calls it gets. */
let storefront: Server;
const calls: { authorization: string | undefined; at: number }[] = [];
let handle: DbHandle;
let catalogue: Catalogue;

beforeAll(async () => {
  storefront = createServer((req, res) => {
    calls.push({ authorization: req.headers.authorization, at: performance.now() });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(storefront.address() as AddressInfo).port}/revalidate/catalogue`;
  handle = createDb(TEST_DATABASE_URL);
  await resetDatabase(handle.db);
  const repository = createCatalogueRepository(handle.db);
  catalogue = createCatalogue({
    load: () => repository.allActive(),
    logger: pino({ level: 'silent' }),
    refreshIntervalMs: 0,
    onChange: storefrontRevalidation({
      urls: [url],
      secret: 'test-secret',
      logger: pino({ level: 'silent' }),
    }),
  });
  await catalogue.refresh();
});

afterAll(async () => {
  await new Promise((r) => storefront?.close(r));
  await handle?.close();
});

it('tells the storefront after a rebuild that changed the catalogue, and not after one that did not', async () => {
  await catalogue.refresh();
  await new Promise((r) => setTimeout(r, 200));
  expect(calls).toHaveLength(0);

  await handle.db
    .update(tables.products)
    .set({ name: 'Brass Dallah, hand-finished' })
    .where(eq(tables.products.slug, 'brass-dallah'));
  const rebuilt = performance.now();
  await catalogue.refresh();
  const deadline = Date.now() + 2000;
  while (calls.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(calls).toHaveLength(1);
  expect(calls[0]!.authorization).toBe('Bearer test-secret');
  // Sent after the gateway's own snapshot has the change, so the storefront's refetch reads it.
  expect(calls[0]!.at).toBeGreaterThanOrEqual(rebuilt);
  expect(catalogue.peek()!.list({ search: 'hand-finished' }).bytes.toString()).toContain(
    'Brass Dallah, hand-finished',
  );
});
