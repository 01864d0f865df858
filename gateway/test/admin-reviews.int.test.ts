import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { and, createCatalogueRepository, createDb, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import type { AdminReview, AdminReviewList, Product, ProductReviews } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { createOutboxRelay, ensureStream, type OutboxRelay } from '@qahwa/workers';
import { Client } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Catalogue, createCatalogue } from '../src/catalogue/catalogue';
import { followCatalogueChanges } from '../src/catalogue/changes';
import { loadConfig } from '../src/config';
import { fromBackOffice, TEST_DATABASE_URL } from './harness';
import { staffCookie } from './staff-session';

/*
 * Reviews in the back office (docs/customers-reviews.md): the moderation queue, approve / reject / reply,
 * two moderators at once, permissions, and the product's average on the storefront's product API
 * moving after an approval through the one path the server has: the moderation's CatalogueChanged
 * in the outbox → the real outbox relay → a real NATS JetStream stream → the gateway's in-memory
 * catalogue rebuilding. Nothing here refreshes the catalogue by hand.
 */
const run = randomUUID().slice(0, 8);
const subjectPrefix = `test-reviews-${run}.`;
const stream = `TEST_REVIEWS_${run}`;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let handle: DbHandle;
let nc: NatsConnection;
let catalogue: Catalogue;
let relay: OutboxRelay;
let follower: { stop: () => void };
let app: FastifyInstance;
let moderator: { cookie: string; email: string };
let second: { cookie: string; email: string };
let viewer: { cookie: string };
let outsider: { cookie: string };
let brazilId: string;

beforeAll(async () => {
  handle = createDb(TEST_DATABASE_URL);
  await resetDatabase(handle.db);
  nc = await connect({ servers: process.env.NATS_URL ?? SERVICE_DEFAULTS.natsUrl });
  await ensureStream(await jetstreamManager(nc), { name: stream, subjects: [`${subjectPrefix}commerce.>`] });
  const repository = createCatalogueRepository(handle.db);
  // No safety interval: a new average that shows must have come through the event.
  catalogue = createCatalogue({ load: () => repository.allActive(), logger, refreshIntervalMs: 0 });
  catalogue.start();
  follower = followCatalogueChanges(nc, catalogue, { subjectPrefix, logger });
  relay = createOutboxRelay({ db: handle.db, js: jetstream(nc), logger, subjectPrefix, pollIntervalMs: 50 });
  relay.start();
  app = fromBackOffice(
    await buildApp({
      config: { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: TEST_DATABASE_URL },
      db: handle.db,
      temporal: new Client(), // lazy: no review route calls Temporal
      logger,
      catalogue,
    }),
  );
  await app.ready();
  const gw = { app, db: handle.db } as Parameters<typeof staffCookie>[0];
  const edit = [{ module: 'reviews' as const, canView: true, canEdit: true }];
  moderator = await staffCookie(gw, { name: 'Mariam', permissions: edit });
  second = await staffCookie(gw, { name: 'Yousef', permissions: edit });
  viewer = await staffCookie(gw, { permissions: [{ module: 'reviews', canView: true, canEdit: false }] });
  outsider = await staffCookie(gw, { permissions: [{ module: 'orders', canView: true, canEdit: true }] });
  const [brazil] = await handle.db
    .select({ id: tables.products.id })
    .from(tables.products)
    .where(eq(tables.products.slug, 'brazil-santos'));
  brazilId = brazil!.id;
}, 60_000);

afterAll(async () => {
  await relay?.stop();
  follower?.stop();
  catalogue?.stop();
  await app?.close();
  await (await jetstreamManager(nc)).streams.delete(stream).catch(() => false);
  await nc?.close();
  await handle?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const post = (
  url: string,
  payload: unknown,
  who: { cookie: string } | null,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function submit(rating: number, body: string, locale: 'en' | 'ar' = 'en') {
  const res = await post(
    '/api/products/brazil-santos/reviews',
    { authorName: `Shopper ${rating}`, rating, body, email: `r${rating}-${randomUUID()}@example.ae`, locale },
    null,
  );
  expect(res.statusCode).toBe(201);
}

async function queue(query = '', who: { cookie: string } = moderator): Promise<AdminReviewList> {
  const res = await get(`/api/admin/reviews${query}`, { cookie: who.cookie });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The storefront's product as the public API serves it from memory, polled until `seen` holds (3 s). */
async function productUntil(seen: (p: Product) => boolean): Promise<{ product: Product; ms: number }> {
  const since = performance.now();
  let last: Product | undefined;
  while (performance.now() - since < 3000) {
    last = (await get('/api/products/brazil-santos')).json();
    if (last && seen(last)) return { product: last, ms: performance.now() - since };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the product API still says rating ${last?.rating}, ${last?.reviewCount} reviews`);
}

const audits = (entityId: string) =>
  handle.db
    .select()
    .from(tables.auditLog)
    .where(and(eq(tables.auditLog.entityType, 'review'), eq(tables.auditLog.entityId, entityId)))
    .orderBy(tables.auditLog.createdAt);

describe('the moderation queue', () => {
  it('puts PENDING first, newest first, and filters by status, product and rating with counts', async () => {
    await submit(5, 'Chocolatey and smooth, my morning favourite.');
    await submit(2, 'Too bitter for me.');
    await submit(4, 'قهوة ممتازة مع الحليب', 'ar');

    const all = await queue();
    // The seeded catalogue has approved reviews on other products; the three new ones lead.
    expect(all.reviews.slice(0, 3).map((r) => [r.status, r.rating])).toEqual([
      ['PENDING', 4],
      ['PENDING', 2],
      ['PENDING', 5],
    ]);
    expect(all.reviews.slice(3).every((r) => r.status !== 'PENDING')).toBe(true);
    expect(all.counts.PENDING).toBe(3);
    expect(all.total).toBe(all.counts.PENDING + all.counts.APPROVED + all.counts.REJECTED);
    expect(all.reviews[0]).toMatchObject({
      productName: 'Brazil Santos',
      productSlug: 'brazil-santos',
      locale: 'ar',
      reply: null,
    });
    expect(all.reviews[0]!.version).toMatch(/^\d+$/);

    const ofBrazil = await queue(`?productId=${brazilId}`);
    expect(ofBrazil.total).toBe(3);
    expect(ofBrazil.counts).toEqual({ PENDING: 3, APPROVED: 0, REJECTED: 0 });
    const fives = await queue(`?productId=${brazilId}&rating=5`);
    expect(fives.reviews.map((r) => r.body)).toEqual(['Chocolatey and smooth, my morning favourite.']);
    const approved = await queue('?status=APPROVED');
    expect(approved.reviews.length).toBeGreaterThan(0);
    expect(approved.reviews.every((r) => r.status === 'APPROVED')).toBe(true);
    const paged = await queue('?limit=1&offset=1');
    expect(paged.reviews.map((r) => r.rating)).toEqual([2]);
    expect(paged.total).toBe(all.total);
  });

  it('refuses a bad filter with 400 and an unknown review with 404 in Arabic', async () => {
    expect((await get('/api/admin/reviews?rating=6', { cookie: moderator.cookie })).statusCode).toBe(400);
    expect((await get('/api/admin/reviews?productId=brazil', { cookie: moderator.cookie })).statusCode).toBe(
      400,
    );
    const missing = await post(`/api/admin/reviews/${randomUUID()}/approve`, {}, moderator, {
      'x-locale': 'ar',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      success: false,
      code: 'REVIEW_NOT_FOUND',
      error: 'هذه المراجعة لم تعد موجودة.',
    });
  });
});

describe('approve, reject and the storefront average', () => {
  it('moves the product API average and count after approval and after rejecting an approved one', async () => {
    const before = (await get('/api/products/brazil-santos')).json() as Product;
    expect(before).toMatchObject({ rating: null, reviewCount: 0 });
    const pending = (await queue(`?productId=${brazilId}&status=PENDING`)).reviews;
    const five = pending.find((r) => r.rating === 5)!;
    const two = pending.find((r) => r.rating === 2)!;

    const ok = await post(`/api/admin/reviews/${five.id}/approve`, { version: five.version }, moderator);
    expect(ok.statusCode).toBe(200);
    const approved: AdminReview = ok.json();
    expect(approved).toMatchObject({ status: 'APPROVED', id: five.id });
    expect(approved.version).not.toBe(five.version);
    expect(approved.moderatedAt).not.toBeNull();
    const first = await productUntil((p) => p.reviewCount === 1);
    expect(first.product.rating).toBe(5);

    expect(
      (await post(`/api/admin/reviews/${two.id}/approve`, { version: two.version }, moderator)).statusCode,
    ).toBe(200);
    expect((await productUntil((p) => p.reviewCount === 2)).product.rating).toBe(3.5);
    const reviews: ProductReviews = (await get('/api/products/brazil-santos/reviews')).json();
    expect(reviews).toMatchObject({ count: 2, average: 3.5 });

    // Rejecting an approved review takes it off the product page and out of the average.
    const rejected = await post(
      `/api/admin/reviews/${five.id}/reject`,
      { version: approved.version },
      moderator,
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().status).toBe('REJECTED');
    expect((await productUntil((p) => p.reviewCount === 1)).product.rating).toBe(2);
    expect(
      ((await get('/api/products/brazil-santos/reviews')).json() as ProductReviews).reviews.map((r) => r.id),
    ).toEqual([two.id]);
    console.info(`[reviews] approval → product API shows the new average in ${Math.round(first.ms)} ms`);

    // Each write is in the audit log with who did it, the status before and after, no shopper words.
    const trail = await audits(five.id);
    expect(
      trail.map((a) => [
        a.action,
        a.userEmail,
        (a.before as { status: string }).status,
        (a.after as { status: string }).status,
      ]),
    ).toEqual([
      ['approve', moderator.email, 'PENDING', 'APPROVED'],
      ['reject', moderator.email, 'APPROVED', 'REJECTED'],
    ]);
    expect(JSON.stringify(trail)).not.toContain('Chocolatey');
  });

  it('rejecting a pending review changes nothing on the storefront and announces nothing', async () => {
    const [four] = (await queue(`?productId=${brazilId}&status=PENDING`)).reviews;
    const changes = async () =>
      (await handle.db.select().from(tables.outbox).where(eq(tables.outbox.type, 'CatalogueChanged'))).length;
    const eventsBefore = await changes();
    const res = await post(`/api/admin/reviews/${four!.id}/reject`, { version: four!.version }, moderator);
    expect(res.statusCode).toBe(200);
    expect(await changes()).toBe(eventsBefore);
    expect(((await get('/api/products/brazil-santos')).json() as Product).reviewCount).toBe(1);
  });
});

describe('replies', () => {
  it('shows the roastery reply under the approved review on the product page; empty removes it', async () => {
    const [two] = (await queue(`?productId=${brazilId}&status=APPROVED`)).reviews;
    const text = 'Thank you! Try it as a cold brew: the bitterness softens.';
    const res = await post(
      `/api/admin/reviews/${two!.id}/reply`,
      { reply: `  ${text}  `, version: two!.version },
      moderator,
    );
    expect(res.statusCode).toBe(200);
    const answered: AdminReview = res.json();
    expect(answered.reply).toBe(text);
    const page: ProductReviews = (await get('/api/products/brazil-santos/reviews')).json();
    expect(page.reviews[0]).toMatchObject({ id: two!.id, reply: text });

    const removed = await post(
      `/api/admin/reviews/${two!.id}/reply`,
      { reply: '', version: answered.version },
      moderator,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().reply).toBeNull();
    expect(
      ((await get('/api/products/brazil-santos/reviews')).json() as ProductReviews).reviews[0]!.reply,
    ).toBeNull();
    const trail = (await audits(two!.id)).filter((a) => a.action === 'reply');
    expect(
      trail.map((a) => [
        (a.before as { reply: string | null }).reply,
        (a.after as { reply: string | null }).reply,
      ]),
    ).toEqual([
      [null, text],
      [text, null],
    ]);
  });

  it('refuses a reply longer than 2000 characters with the form message', async () => {
    const [two] = (await queue(`?productId=${brazilId}&status=APPROVED`)).reviews;
    const res = await post(`/api/admin/reviews/${two!.id}/reply`, { reply: 'x'.repeat(2001) }, moderator);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { message: string }) => i.message)).toContain(
      'Please use at most 2000 characters',
    );
  });
});

describe('two moderators at once', () => {
  it('one wins, the other is told who and what the review is now; nothing is half-written', async () => {
    await submit(3, 'Fine, nothing special.');
    const [three] = (await queue(`?productId=${brazilId}&rating=3`)).reviews;
    const [a, b] = await Promise.all([
      post(`/api/admin/reviews/${three!.id}/approve`, { version: three!.version }, moderator),
      post(`/api/admin/reviews/${three!.id}/reject`, { version: three!.version }, second, {
        'x-locale': 'en',
      }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const winner =
      a.statusCode === 200
        ? { res: a, who: moderator, status: 'APPROVED' }
        : { res: b, who: second, status: 'REJECTED' };
    const loser = a.statusCode === 200 ? b : a;
    const statusWord = winner.status === 'APPROVED' ? 'approved' : 'rejected';
    expect(loser.json()).toMatchObject({
      success: false,
      code: 'REVIEW_CHANGED',
      error: `${winner.who.email} just changed this review; it is now ${statusWord}. Check it again before you act.`,
    });
    const [row] = await handle.db.select().from(tables.reviews).where(eq(tables.reviews.id, three!.id));
    expect(row!.status).toBe(winner.status);
    expect((await audits(three!.id)).map((x) => x.userEmail)).toEqual([winner.who.email]);
  });

  it('without a version, the same action twice is "already moderated", in the caller language', async () => {
    await submit(1, 'Arrived stale.');
    const [one] = (await queue(`?productId=${brazilId}&rating=1`)).reviews;
    const first = await post(`/api/admin/reviews/${one!.id}/reject`, {}, moderator);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(`/api/admin/reviews/${one!.id}/reject`, {}, second, { 'x-locale': 'ar' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'REVIEW_ALREADY_MODERATED',
      error: `${moderator.email} رفض هذه المراجعة من قبل.`,
    });
    const stale = await post(
      `/api/admin/reviews/${one!.id}/reply`,
      { reply: 'Sorry!', version: '1' },
      second,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('REVIEW_CHANGED');
  });
});

describe('permissions, decided on the server', () => {
  it('view may read the queue but not write; another module sees nothing; signed out is 401', async () => {
    const [any] = (await queue()).reviews;
    expect((await get('/api/admin/reviews', { cookie: viewer.cookie })).statusCode).toBe(200);
    for (const action of ['approve', 'reject']) {
      const res = await post(`/api/admin/reviews/${any!.id}/${action}`, {}, viewer);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await post(`/api/admin/reviews/${any!.id}/reply`, { reply: 'hi' }, viewer)).statusCode).toBe(403);
    expect((await get('/api/admin/reviews', { cookie: outsider.cookie })).statusCode).toBe(403);
    expect((await get('/api/admin/reviews')).statusCode).toBe(401);
    expect((await post(`/api/admin/reviews/${any!.id}/reply`, { reply: 'hi' }, null)).statusCode).toBe(401);
    const [row] = await handle.db.select().from(tables.reviews).where(eq(tables.reviews.id, any!.id));
    expect(row!.reply).toBe(any!.reply);
  });
});
