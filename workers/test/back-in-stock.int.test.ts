import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { createStockRepository, desc, eq, tables } from '@qahwa/db';
import { createMailer, type Mailer } from '@qahwa/mail';
import { mailCatcher } from '@qahwa/mail/testing';
import { type CatalogueChanged, makeEvent } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBackInStockConsumer, type DurableConsumer, ensureStream } from '../src';
import { closeServices, connectServices, publishEvent, type Services, waitFor } from './support';

/*
 * Back-in-stock alerts (docs/back-in-stock.md) from a real CatalogueChanged on JetStream to real
 * SMTP (MailDev): each waiting shopper gets one e-mail in their language and the request closes;
 * a redelivered event, a failed send retried, or a mail sent before a crash never mail twice; a
 * variation that sells out again while its list is mailed leaves the rest waiting.
 */
let s: Services;
const catcher = mailCatcher(process.env.MAILDEV_API_URL ?? SERVICE_DEFAULTS.maildevApiUrl);
const smtpUrl = process.env.SMTP_URL ?? SERVICE_DEFAULTS.smtpUrl;
const run = randomUUID().slice(0, 8);
const STORE = 'http://127.0.0.1:3000';
const running: DurableConsumer[] = [];
const lines: string[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  }),
);

function consumer(mailer: Mailer, name: string) {
  const c = createBackInStockConsumer({
    db: s.handle.db,
    js: s.js,
    logger,
    mailer,
    storeUrl: STORE,
    stream: s.stream,
    durable: `bis-${run}-${name}`,
    subjectPrefix: s.subjectPrefix,
    nakDelay: { baseMs: 100, maxMs: 300 },
  });
  c.start();
  running.push(c);
  return c;
}
const realMailer = () => createMailer({ smtpUrl, from: 'qahwa <hello@qahwa.local>', logger });
const address = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.ae`;

/** A product of this file's own with one variation, sold out. */
async function soldOutProduct() {
  const db = s.handle.db;
  const tag = randomUUID().slice(0, 8);
  const [category] = await db
    .insert(tables.categories)
    .values({ slug: `bis-${tag}`, name: 'Coffee', nameAr: 'قهوة' })
    .returning();
  const [product] = await db
    .insert(tables.products)
    .values({
      slug: `yirgacheffe-${tag}`,
      name: 'Ethiopia Yirgacheffe',
      nameAr: 'يرغاتشيفي إثيوبيا',
      categoryId: category!.id,
      priceFils: 6500,
      imageUrl: '/packshots/ethiopia.png',
    })
    .returning();
  const [size] = await db
    .insert(tables.variationSizes)
    .values({ displayName: `250 g ${tag}`, displayNameAr: `250 غ ${tag}` })
    .returning();
  const [variation] = await db
    .insert(tables.productVariations)
    .values({ productId: product!.id, sizeId: size!.id, priceFils: 6500, stockQuantity: 0 })
    .returning();
  return { product: product!, variation: variation!, tag };
}

async function wait(
  variation: { productId: string; id: string },
  email: string,
  locale: 'en' | 'ar',
  createdAt?: Date,
) {
  const [row] = await s.handle.db
    .insert(tables.backInStockRequests)
    .values({
      productId: variation.productId,
      variationId: variation.id,
      email,
      locale,
      ...(createdAt ? { createdAt } : {}),
    })
    .returning();
  return row!;
}

const setStock = (variationId: string, stockQuantity: number) =>
  s.handle.db
    .update(tables.productVariations)
    .set({ stockQuantity })
    .where(eq(tables.productVariations.id, variationId));

const stockChanged = (productIds: string[], reason: CatalogueChanged['data']['reason'] = 'stock') =>
  makeEvent(
    'CatalogueChanged',
    { reason, productIds },
    { id: randomUUID(), occurredAt: new Date().toISOString() },
  );

/** The newest CatalogueChanged the outbox holds for a product: what the relay would publish. */
async function relayedFor(productId: string): Promise<CatalogueChanged> {
  const rows = await s.handle.db
    .select()
    .from(tables.outbox)
    .where(eq(tables.outbox.type, 'CatalogueChanged'))
    .orderBy(desc(tables.outbox.createdAt));
  const found = rows
    .map((r) => r.payload as CatalogueChanged)
    .find((e) => e.data.productIds.includes(productId));
  if (!found) throw new Error(`no CatalogueChanged in the outbox for ${productId}`);
  return found;
}

const requestOf = async (id: string) =>
  (
    await s.handle.db.select().from(tables.backInStockRequests).where(eq(tables.backInStockRequests.id, id))
  )[0]!;

beforeAll(async () => {
  s = await connectServices();
  await ensureStream(s.jsm, { name: s.stream, subjects: [`${s.subjectPrefix}commerce.>`] });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
});
afterAll(async () => {
  await closeServices(s);
});

describe('back-in-stock alerts', () => {
  it("staff's stock edit: one e-mail to each waiting shopper in their language, the requests closed, a redelivery mails nobody again", async () => {
    const { product, variation, tag } = await soldOutProduct();
    const arabic = address('mariam');
    const english = address('sam');
    const ar = await wait(variation, arabic, 'ar');
    const en = await wait(variation, english, 'en');
    // Nothing while it is sold out.
    const c = consumer(realMailer(), 'a');
    await publishEvent(s, stockChanged([product.id]));
    await waitFor(async () => (await c.health()).handled >= 1, 'the sold-out event handled');
    expect((await requestOf(ar.id)).status).toBe('waiting');

    // Staff set the stock through the one place stock changes: its own CatalogueChanged, as relayed.
    await createStockRepository(s.handle.db).set({
      productId: product.id,
      variationId: variation.id,
      quantity: 12,
    });
    const relayed = await relayedFor(product.id);
    expect(relayed.data.reason).toBe('stock');
    // Three deliveries of it under different message ids, as a replayed outbox would.
    for (const n of [1, 2, 3]) await publishEvent(s, relayed, `${relayed.id}-${n}`);
    await waitFor(async () => (await c.health()).handled >= 4, 'four deliveries handled');

    const mailAr = await catcher.waitForMessage((m) => m.to.some((t) => t.address === arabic));
    expect(mailAr.subject).toBe('يرغاتشيفي إثيوبيا متوفر من جديد');
    expect(mailAr.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(mailAr.text).toContain(`250 غ ${tag}`);
    expect(mailAr.html).toContain(`href="${STORE}/product/${product.slug}?lang=ar"`);
    const mailEn = await catcher.waitForMessage((m) => m.to.some((t) => t.address === english));
    expect(mailEn.subject).toBe('Ethiopia Yirgacheffe is back in stock');
    expect(mailEn.html).toMatch(/<html[^>]*dir="ltr"/);
    expect(mailEn.text).toContain(`250 g ${tag}`);
    expect(mailEn.html).toContain(`src="${STORE}/packshots/ethiopia.png"`);
    expect(mailEn.html).toContain(`href="${STORE}/product/${product.slug}?lang=en"`);

    expect(await catcher.messagesTo(arabic)).toHaveLength(1);
    expect(await catcher.messagesTo(english)).toHaveLength(1);
    expect(await requestOf(ar.id)).toMatchObject({ status: 'notified', closedAt: expect.any(Date) });
    expect(await requestOf(en.id)).toMatchObject({ status: 'notified', closedAt: expect.any(Date) });
    // The log names requests, never their addresses.
    const log = lines.join('');
    expect(log).toContain(ar.id);
    expect(log).not.toContain(arabic);
    expect(log).not.toContain(english);
  });

  it('a failed send is retried by the redelivery and mails once; a mail sent before a crash is not sent again', async () => {
    const { product, variation } = await soldOutProduct();
    const flaky = address('flaky');
    const crashed = address('crashed');
    const first = await wait(variation, flaky, 'en');
    const second = await wait(variation, crashed, 'ar');
    // The second's mail went out and the process died before closing the request.
    await s.handle.db.insert(tables.emails).values({
      purpose: 'back-in-stock',
      subjectId: second.id,
      recipient: crashed,
      locale: 'ar',
      status: 'sent',
      attempts: 1,
    });
    const real = realMailer();
    let failures = 0;
    const mailer: Mailer = {
      from: real.from,
      verify: () => real.verify(),
      close: () => real.close(),
      async send(mail) {
        if (mail.to === flaky && failures === 0) {
          failures += 1;
          throw new Error('SMTP 421 try again later');
        }
        return real.send(mail);
      },
    };
    const c = consumer(mailer, 'b');
    await setStock(variation.id, 3);
    await publishEvent(s, stockChanged([product.id]));
    await waitFor(async () => (await requestOf(first.id)).status === 'notified', 'the flaky one closed');
    await waitFor(async () => (await requestOf(second.id)).status === 'notified', 'the crashed one closed');
    expect(failures).toBe(1);
    expect((await c.health()).handled).toBeGreaterThanOrEqual(1);
    expect(await catcher.messagesTo(flaky)).toHaveLength(1);
    // Sent before the crash: not sent again.
    expect(await catcher.messagesTo(crashed)).toHaveLength(0);
  });

  it('sold out again while its list is mailed: the rest wait, and are mailed when it comes back', async () => {
    const { product, variation } = await soldOutProduct();
    const early = address('early');
    const late = address('late');
    const a = await wait(variation, early, 'en', new Date(Date.now() - 60_000));
    const b = await wait(variation, late, 'ar');
    const real = realMailer();
    const mailer: Mailer = {
      from: real.from,
      verify: () => real.verify(),
      close: () => real.close(),
      async send(mail) {
        const sent = await real.send(mail);
        // The last bag is bought while the first alert goes out.
        if (mail.to === early) await setStock(variation.id, 0);
        return sent;
      },
    };
    const c = consumer(mailer, 'c');
    await setStock(variation.id, 1);
    await publishEvent(s, stockChanged([product.id]));
    await waitFor(async () => (await requestOf(a.id)).status === 'notified', 'the first alert');
    await waitFor(async () => (await c.health()).handled >= 1, 'the event handled');
    expect((await requestOf(b.id)).status).toBe('waiting');
    expect(await catcher.messagesTo(late)).toHaveLength(0);

    // Back again (a return's resaleable units, through the stock module): the one still waiting
    // gets its mail, from that change's own CatalogueChanged.
    await createStockRepository(s.handle.db).giveBack([
      { productId: product.id, variationId: variation.id, quantity: 2 },
    ]);
    await publishEvent(s, await relayedFor(product.id));
    await waitFor(async () => (await requestOf(b.id)).status === 'notified', 'the second alert');
    expect(await catcher.messagesTo(late)).toHaveLength(1);
    expect(await catcher.messagesTo(early)).toHaveLength(1);
  });

  it('ignores changes that cannot bring stock back, and a request past its budget closes unsent', async () => {
    const { product, variation } = await soldOutProduct();
    const busy = address('busy');
    const req = await wait(variation, busy, 'en');
    await setStock(variation.id, 5);
    const c = consumer(realMailer(), 'd');
    await publishEvent(s, stockChanged([product.id], 'review'));
    await waitFor(async () => (await c.health()).handled >= 1, 'the review event handled');
    expect((await requestOf(req.id)).status).toBe('waiting');

    // The address already had its day's shopper mail (ten): the alert is suppressed, not sent.
    await s.handle.db.insert(tables.emails).values(
      Array.from({ length: 10 }, (_, i) => ({
        purpose: 'contact-ack',
        subjectId: `${req.id}-${i}`,
        recipient: busy,
        status: 'sent' as const,
      })),
    );
    await publishEvent(s, stockChanged([product.id], 'variation'));
    await waitFor(async () => (await requestOf(req.id)).status !== 'waiting', 'the request closed');
    expect((await requestOf(req.id)).status).toBe('suppressed');
    expect(await catcher.messagesTo(busy)).toHaveLength(0);
  });
});
