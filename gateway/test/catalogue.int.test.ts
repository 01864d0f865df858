import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  createCatalogueRepository,
  createDb,
  createPromotionEditingRepository,
  createPromotionsRepository,
  createSettingsRepository,
  type DbHandle,
  eq,
  inArray,
  isNull,
  sql,
  tables,
} from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import {
  addDays,
  DEFAULT_SETTINGS,
  discountedUnitFils,
  EVENT_SUBJECTS,
  gulfDate,
  makeEvent,
  type Product,
  type SaleConfig,
} from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { Client } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Catalogue, createCatalogue } from '../src/catalogue/catalogue';
import { followCatalogueChanges } from '../src/catalogue/changes';
import { shopperCatalogueLoader } from '../src/catalogue/shown-prices';
import { loadConfig } from '../src/config';
import { TEST_DATABASE_URL } from './harness';

/**
 * The read path as the server wires it: the in-memory catalogue following CatalogueChanged on a
 * real NATS server (published into a JetStream stream, as the outbox relay does), over the real
 * test database.
 */
const run = randomUUID().slice(0, 8);
const prefix = `test-catalogue-${run}.`;
const stream = `TEST_CATALOGUE_${run}`;
let handle: DbHandle;
let nc: NatsConnection;
let catalogue: Catalogue;
let app: FastifyInstance;
let follower: { stop: () => void };

beforeAll(async () => {
  handle = createDb(TEST_DATABASE_URL);
  await resetDatabase(handle.db);
  nc = await connect({ servers: process.env.NATS_URL ?? SERVICE_DEFAULTS.natsUrl });
  await (await jetstreamManager(nc)).streams.add({ name: stream, subjects: [`${prefix}commerce.>`] });
  // No safety interval here: a change that shows must have come through the event.
  catalogue = createCatalogue({
    load: shopperCatalogueLoader({
      catalogue: createCatalogueRepository(handle.db),
      promotions: createPromotionsRepository(handle.db),
      settings: createSettingsRepository(handle.db),
    }),
    logger: pino({ level: 'silent' }),
    refreshIntervalMs: 0,
  });
  catalogue.start();
  follower = followCatalogueChanges(nc, catalogue, {
    subjectPrefix: prefix,
    logger: pino({ level: 'silent' }),
  });
  app = await buildApp({
    config: { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: TEST_DATABASE_URL },
    db: handle.db,
    temporal: new Client(), // lazy: the catalogue routes never call Temporal
    logger: pino({ level: 'silent' }),
    catalogue,
  });
  await app.ready();
});

afterAll(async () => {
  follower?.stop();
  catalogue?.stop();
  await app?.close();
  await (await jetstreamManager(nc)).streams.delete(stream).catch(() => false);
  await nc?.close();
  await handle?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

async function announce(productIds: string[], reason: 'stock' | 'product' = 'stock') {
  const event = makeEvent(
    'CatalogueChanged',
    { reason, productIds },
    { id: randomUUID(), occurredAt: new Date().toISOString() },
  );
  await jetstream(nc).publish(`${prefix}${EVENT_SUBJECTS.CatalogueChanged}`, JSON.stringify(event), {
    msgID: event.id,
  });
}

/** Reads until `seen` holds, returning how long that took after the change; fails after 3 s. */
async function readUntil(url: string, seen: (body: unknown) => boolean, since: number): Promise<number> {
  while (performance.now() - since < 3000) {
    const res = await get(url);
    if (res.statusCode === 200 && seen(res.json())) return performance.now() - since;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${url} did not show the change within 3 s`);
}

describe('the in-memory catalogue', () => {
  it('answers 304 to a matching ETag, with a Cache-Control that makes caches ask again', async () => {
    const first = await get('/api/products');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.json()).toHaveLength(14);

    const again = await get('/api/products', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, one of them weak-prefixed, still matches (RFC 9110 weak comparison).
    expect((await get('/api/products', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get('/api/products', { 'if-none-match': '"other"' })).statusCode).toBe(200);

    const one = await get('/api/products/colombian-supremo');
    expect(one.headers.etag).not.toBe(etag);
    expect(
      (await get('/api/products/colombian-supremo', { 'if-none-match': String(one.headers.etag) }))
        .statusCode,
    ).toBe(304);
  });

  it('shows a stock change within a second of its CatalogueChanged, and the old ETag no longer matches', async () => {
    const before = await get('/api/products/colombian-supremo');
    const product: Product = before.json();
    const variation = product.variations[0]!;
    // Low enough to be published ('Only 3 left'); above the threshold only `inStock` is.
    const stock = variation.stockQuantity === 3 ? 4 : 3;

    await handle.db
      .update(tables.productVariations)
      .set({ stockQuantity: stock })
      .where(eq(tables.productVariations.id, variation.id));
    // Without the event the gateway keeps answering from memory: the read really is not a query.
    const stale: Product = (await get('/api/products/colombian-supremo')).json();
    expect(stale.variations[0]!.stockQuantity).toBe(variation.stockQuantity);

    const changed = performance.now();
    await announce([product.id]);
    const took = await readUntil(
      '/api/products/colombian-supremo',
      (p) => (p as Product).variations.find((v) => v.id === variation.id)?.stockQuantity === stock,
      changed,
    );
    expect(took).toBeLessThan(1000);
    const after = await get('/api/products/colombian-supremo', {
      'if-none-match': String(before.headers.etag),
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('shows a renamed product in the list, and drops a deactivated one, after the event', async () => {
    await handle.db
      .update(tables.products)
      .set({ name: 'Colombian Supremo Reserve' })
      .where(eq(tables.products.slug, 'colombian-supremo'));
    await handle.db
      .update(tables.products)
      .set({ isActive: false })
      .where(eq(tables.products.slug, 'brass-dallah'));
    const changed = performance.now();
    await announce([], 'product');
    const took = await readUntil(
      '/api/products',
      (list) =>
        (list as Product[]).some((p) => p.name === 'Colombian Supremo Reserve') &&
        !(list as Product[]).some((p) => p.slug === 'brass-dallah'),
      changed,
    );
    expect(took).toBeLessThan(1000);
    expect((await get('/api/products/brass-dallah')).statusCode).toBe(404);
    await handle.db
      .update(tables.products)
      .set({ isActive: true })
      .where(eq(tables.products.slug, 'brass-dallah'));
    await catalogue.refresh();
  });

  it('coalesces a burst of events into few rebuilds and ends on the last state', async () => {
    const builds = catalogue.builds;
    await handle.db.execute(
      sql`update product_variations set stock_quantity = 7 where product_id = (select id from products where slug = 'colombian-supremo')`,
    );
    const changed = performance.now();
    await Promise.all(Array.from({ length: 30 }, () => announce([])));
    await readUntil(
      '/api/products/colombian-supremo',
      (p) => (p as Product).variations.every((v) => v.stockQuantity === 7),
      changed,
    );
    await new Promise((r) => setTimeout(r, 300));
    // 30 events: one build in flight, one queued behind it at any time; a few, never 30.
    expect(catalogue.builds - builds).toBeGreaterThanOrEqual(1);
    expect(catalogue.builds - builds).toBeLessThan(10);
  });
});

describe('GET /api/products from memory: every variant of SPEC 7', () => {
  const list = async (qs: string) => {
    const res = await get(`/api/products${qs}`);
    expect(res.statusCode).toBe(200);
    return res.json() as Product[];
  };

  it('filters by featured, category and search (name, Arabic name, SKU, any case), and limits', async () => {
    const all = await list('');
    expect((await list('?featured=true')).map((p) => p.slug)).toEqual(
      all.filter((p) => p.featured).map((p) => p.slug),
    );
    expect((await list('?category=capsules')).every((p) => p.category.slug === 'capsules')).toBe(true);
    expect((await list('?category=capsules')).length).toBe(
      all.filter((p) => p.category.slug === 'capsules').length,
    );
    // The gift box's description has a dallah in it too; the product named so comes first.
    expect((await list('?search=DALLAH')).map((p) => p.slug)[0]).toBe('brass-dallah');
    expect((await list(`?search=${encodeURIComponent('دلة')}`)).map((p) => p.slug)).toContain('brass-dallah');
    const dallah = all.find((p) => p.slug === 'brass-dallah')!;
    expect(
      (await list(`?search=${encodeURIComponent(dallah.sku!.toLowerCase())}`)).map((p) => p.slug),
    ).toEqual(['brass-dallah']);
    expect(await list('?search=no-such-coffee')).toEqual([]);
    expect((await list('?limit=3')).map((p) => p.slug)).toEqual(all.slice(0, 3).map((p) => p.slug));
  });

  it('searches descriptions, categories, beans and additions in both languages, names first', async () => {
    const all = await list('');
    const slugs = async (term: string) =>
      (await list(`?search=${encodeURIComponent(term)}`)).map((p) => p.slug);
    // "coffee": every product of the two coffee categories, not only names with the word.
    const coffee = await slugs('coffee');
    const inCoffeeCategories = all
      .filter((p) => p.category.slug === 'coffee-beans' || p.category.slug === 'ground-coffee')
      .map((p) => p.slug);
    expect(coffee.length).toBeGreaterThan(2);
    for (const slug of inCoffeeCategories) expect(coffee).toContain(slug);
    // Names first: the one whose name says coffee leads, the category's others follow.
    expect(coffee[0]).toBe('arabic-coffee-ground-cardamom');
    // The origin's tasting notes are in the description, in both languages.
    expect(await slugs('jasmine')).toEqual(['ethiopian-yirgacheffe']);
    expect(await slugs('الياسمين')).toEqual(['ethiopian-yirgacheffe']);
    // A category's Arabic name, typed without its taa marbuta's dots.
    expect(await slugs('كبسولات')).toEqual(
      all.filter((p) => p.category.slug === 'capsules').map((p) => p.slug),
    );
    // The beans of a variation.
    expect(await slugs('house blend')).toContain('ethiopian-yirgacheffe');
    expect(await slugs('no-such-coffee')).toEqual([]);
  });

  it('keeps random=true random, never cached', async () => {
    const orders = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await get('/api/products?limit=4&featured=true&random=true');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
      const picked: Product[] = res.json();
      expect(picked).toHaveLength(4);
      expect(picked.every((p) => p.featured)).toBe(true);
      expect(new Set(picked.map((p) => p.id)).size).toBe(4);
      orders.add(picked.map((p) => p.slug).join());
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('finds a product by id in any case, and says a missing one is not found in the shopper’s language', async () => {
    const all = await list('');
    const byId = await get(`/api/products/${all[0]!.id.toUpperCase()}`);
    expect(byId.json().slug).toBe(all[0]!.slug);
    const en = await get('/api/products/no-such-thing');
    expect(en.statusCode).toBe(404);
    expect(en.json()).toMatchObject({ error: 'Product not found', code: 'PRODUCT_NOT_FOUND' });
    const ar = await get('/api/products/no-such-thing', { 'accept-language': 'ar-AE,ar;q=0.9' });
    expect(ar.json()).toMatchObject({ error: 'المنتج غير موجود', code: 'PRODUCT_NOT_FOUND' });
  });

  it('still validates the query in the shopper’s language', async () => {
    const res = await get('/api/products?limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

/** Publishes the outbox's unpublished catalogue and settings events to the stream, as the relay does. */
async function relayOutbox(): Promise<number> {
  const rows = await handle.db
    .select()
    .from(tables.outbox)
    .where(
      sql`${isNull(tables.outbox.publishedAt)} and ${inArray(tables.outbox.type, ['CatalogueChanged', 'SettingsChanged'])}`,
    );
  for (const row of rows) {
    await jetstream(nc).publish(`${prefix}${row.subject}`, JSON.stringify(row.payload), { msgID: row.id });
    await handle.db
      .update(tables.outbox)
      .set({ publishedAt: new Date() })
      .where(eq(tables.outbox.id, row.id));
  }
  return rows.length;
}

describe('the price each variation shows: the sale and automatic promotions, priced as checkout prices', () => {
  const staff = { actor: { id: null, email: 'prices@qahwa.test' } };
  /** Colombian Supremo 250 g: 52.00 list, its own 10 % off (46.80). */
  const bagOf = (p: unknown) => (p as Product).variations.find((v) => v.size.displayName === '250g')!;

  async function saveSale(value: SaleConfig) {
    const settings = createSettingsRepository(handle.db);
    const { sale } = await settings.read();
    const saved = await settings.save('sale', { expectedVersion: sale.version, value }, staff);
    expect(saved.ok).toBe(true);
  }

  it('answers what one unit costs, and follows a promotion created and ended and the sale switched on and off', async () => {
    const product: Product = (await get('/api/products/colombian-supremo')).json();
    expect(bagOf(product)).toMatchObject({ price: 52, shownPriceFils: 46_80 });
    const listed: Product[] = (await get('/api/products?category=coffee-beans')).json();
    expect(bagOf(listed.find((p) => p.id === product.id)).shownPriceFils).toBe(46_80);
    await relayOutbox();

    // Staff start an automatic 20 % on this product (the promotion form's write: row, audit, event).
    const today = gulfDate(new Date());
    const promotion = await createPromotionEditingRepository(handle.db).create({
      name: 'Supremo week',
      nameAr: 'أسبوع سوبريمو',
      description: '',
      code: null,
      type: 'PERCENTAGE',
      value: 20,
      startDate: addDays(today, -1),
      endDate: addDays(today, 6),
      isActive: true,
      isPublic: false,
      productIds: [product.id],
    });
    // From memory until its event arrives.
    expect(bagOf((await get('/api/products/colombian-supremo')).json()).shownPriceFils).toBe(46_80);
    let changed = performance.now();
    expect(await relayOutbox()).toBeGreaterThan(0);
    // 46.80 less 20 %: 37.44, within a second of the event; another product keeps its price.
    expect(
      await readUntil('/api/products/colombian-supremo', (p) => bagOf(p).shownPriceFils === 37_44, changed),
    ).toBeLessThan(1000);
    const other: Product = (await get('/api/products/ethiopian-yirgacheffe')).json();
    for (const v of other.variations)
      expect(v.shownPriceFils).toBe(discountedUnitFils(v.price, v.discount, v.discountType));

    // The sale switched on (Settings → Sale): 40 % of 52.00 = 31.20 beats the own 10 %, then the
    // promotion's 20 % off that: 24.96 — the stacking an order applies.
    await saveSale({
      ...DEFAULT_SETTINGS.sale,
      isActive: true,
      startDate: '2020-01-01',
      endDate: '2099-12-31',
    });
    changed = performance.now();
    expect(await relayOutbox()).toBeGreaterThan(0);
    await readUntil('/api/products/colombian-supremo', (p) => bagOf(p).shownPriceFils === 24_96, changed);

    // The promotion ended (removed, never used): the sale's price alone.
    await createPromotionEditingRepository(handle.db).remove(promotion.id);
    changed = performance.now();
    await relayOutbox();
    await readUntil('/api/products/colombian-supremo', (p) => bagOf(p).shownPriceFils === 31_20, changed);

    // The sale off again: back to the variation's own discount.
    await saveSale(DEFAULT_SETTINGS.sale);
    changed = performance.now();
    await relayOutbox();
    await readUntil('/api/products/colombian-supremo', (p) => bagOf(p).shownPriceFils === 46_80, changed);
  });
});
