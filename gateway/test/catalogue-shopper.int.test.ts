import { randomUUID } from 'node:crypto';
import { and, eq, tables } from '@qahwa/db';
import { LOW_STOCK_THRESHOLD, type Product } from '@qahwa/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';

/**
 * What shoppers are told of the catalogue (docs/storefront-api.md "Stock"): no inactive
 * variation, and no stock count above the low-stock threshold, on any public route.
 */
let gw: Gateway;
const ids: Record<'v250' | 'v500' | 'v1kg', string> = { v250: '', v500: '', v1kg: '' };
let colombianId = '';

const get = (url: string) => gw.app.inject({ method: 'GET', url });

async function variationOf(slug: string, size: string) {
  const [row] = await gw.db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .innerJoin(tables.products, eq(tables.products.id, tables.productVariations.productId))
    .innerJoin(tables.variationSizes, eq(tables.variationSizes.id, tables.productVariations.sizeId))
    .where(and(eq(tables.products.slug, slug), eq(tables.variationSizes.displayName, size)));
  return row!;
}

async function setVariation(id: string, set: { stockQuantity?: number; isActive?: boolean }) {
  await gw.db.update(tables.productVariations).set(set).where(eq(tables.productVariations.id, id));
}

/** Every variation of every product in a public answer, with the raw text to search. */
function variationsIn(body: string) {
  const parsed = JSON.parse(body) as Product | Product[];
  return (Array.isArray(parsed) ? parsed : [parsed]).flatMap((p) => p.variations);
}

beforeAll(async () => {
  // The gateway's own catalogue rebuilds on this interval (no NATS here).
  gw = await startGateway({ config: { catalogueRefreshMs: 100 } });
  const v250 = await variationOf('colombian-supremo', '250g');
  colombianId = v250.productId;
  ids.v250 = v250.id;
  ids.v500 = (await variationOf('colombian-supremo', '500g')).id;
  ids.v1kg = (await variationOf('colombian-supremo', '1kg')).id;
  // One transaction: a rebuild running meanwhile sees all three changes or none of them.
  await gw.db.transaction(async (tx) => {
    const set = (id: string, values: { stockQuantity?: number; isActive?: boolean }) =>
      tx.update(tables.productVariations).set(values).where(eq(tables.productVariations.id, id));
    await set(ids.v250, { stockQuantity: 3 });
    await set(ids.v500, { isActive: false });
    await set(ids.v1kg, { stockQuantity: 57 });
  });
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const p: Product = (await get('/api/products/colombian-supremo')).json();
    const v250 = p.variations.find((v) => v.id === ids.v250);
    if (v250?.stockQuantity === 3 && !p.variations.some((v) => v.id === ids.v500)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the catalogue did not rebuild');
});
afterAll(async () => gw?.close());

describe('the public catalogue', () => {
  it('gives a product only its active variations, the count of a low one, and only "in stock" for the rest', async () => {
    const res = await get('/api/products/colombian-supremo');
    const product: Product = res.json();
    expect(product.variations.map((v) => v.id)).not.toContain(ids.v500);
    expect(res.body).not.toContain(ids.v500);
    const byId = new Map(product.variations.map((v) => [v.id, v]));
    expect(byId.get(ids.v250)).toMatchObject({ inStock: true, stockQuantity: 3 });
    expect(byId.get(ids.v1kg)?.inStock).toBe(true);
    expect(byId.get(ids.v1kg)).not.toHaveProperty('stockQuantity');
    expect(res.body).not.toContain(':57');
    expect(res.body).not.toContain('"version"');
  });

  it('holds on the list, its filters and the recommendations too', async () => {
    const brazil: Product = (await get('/api/products/brazil-santos')).json();
    for (const url of [
      '/api/products',
      '/api/products?category=coffee-beans&limit=50',
      '/api/products?search=colombian',
      '/api/products?limit=4&featured=true&random=true',
      `/api/recommendations?productIds=${brazil.id}&limit=8`,
      `/api/recommendations?productIds=${colombianId}&limit=8`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(ids.v500);
      for (const v of variationsIn(res.body)) {
        expect(v.isActive, url).toBe(true);
        if (v.stockQuantity !== undefined)
          expect(v.stockQuantity, url).toBeLessThanOrEqual(LOW_STOCK_THRESHOLD);
        else expect(v.inStock, url).toBe(true);
      }
    }
  });

  it('still refuses an order for more than is left, without telling a count above the threshold', async () => {
    await setVariation(ids.v1kg, { stockQuantity: 12 });
    const line = (quantity: number) => ({
      id: `${colombianId}-${ids.v1kg}`,
      productId: colombianId,
      variationId: ids.v1kg,
      name: 'Colombian Supremo',
      price: 1,
      quantity,
      variation: { weight: '1kg', beans: null, additions: null },
    });
    const order = (quantities: number[]) => ({
      customerInfo: {
        fullName: 'Omar Khalid',
        email: `stock-${randomUUID()}@example.ae`,
        phone: `+97156${String(Date.now()).slice(-7)}`,
      },
      shippingInfo: { emirate: 'dubai', city: 'deira', address: 'Al Rigga Street, Building 12, Flat 4' },
      items: quantities.map(line),
      totalAmount: 0,
      subtotal: 0,
      shippingCost: 0,
      paymentProvider: 'COD' as const,
    });
    const many = await gw.app.inject({ method: 'POST', url: '/api/orders', payload: order([5, 5, 5]) });
    expect(many.statusCode).toBe(409);
    expect(many.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      error: 'Sorry, we do not have that many of Colombian Supremo. Please lower the quantity.',
    });
    await setVariation(ids.v1kg, { stockQuantity: 4 });
    const few = await gw.app.inject({ method: 'POST', url: '/api/orders', payload: order([5]) });
    expect(few.statusCode).toBe(409);
    expect(few.json().error).toBe('Sorry, only 4 left of Colombian Supremo. Please update your cart.');
  });
});
