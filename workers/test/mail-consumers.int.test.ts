import { randomUUID } from 'node:crypto';
import { createOrderPlacement } from '@qahwa/checkout';
import { eq, sql, tables } from '@qahwa/db';
import { createMailer, type Mailer, verifyConfirmLink, verifyUnsubscribeLink } from '@qahwa/mail';
import { mailCatcher } from '@qahwa/mail/testing';
import { type DomainEvent, makeEvent, type OrderPlaced, subjectOf } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DurableConsumer, ensureStream } from '../src';
import { createMailConsumers } from '../src/mail/mail-consumer';
import { closeServices, connectServices, logger, type Services, waitFor } from './support';

/**
 * The contact and newsletter mail (docs/email.md) from real JetStream events to real SMTP (MailDev),
 * read back over MailDev's API. Each event is published three times under different message ids
 * (as a replayed outbox or a redrive would), so JetStream's duplicate window does not hide them:
 * the consumer itself must mail once.
 */
let s: Services;
const catcher = mailCatcher(process.env.MAILDEV_API_URL ?? SERVICE_DEFAULTS.maildevApiUrl);
const smtpUrl = process.env.SMTP_URL ?? SERVICE_DEFAULTS.smtpUrl;
const run = randomUUID().slice(0, 8);
const staff = `team-${run}@qahwa.test`;
const realMailer = () => createMailer({ smtpUrl, from: 'qahwa <hello@qahwa.local>', logger });
const running: DurableConsumer[] = [];
const SECRET = 'link-secret-for-the-mail-consumer-tests';

function consumers(mailer: Mailer, durablePrefix: string) {
  const c = createMailConsumers({
    db: s.handle.db,
    js: s.js,
    logger,
    mailer,
    settings: { staffNotifyEmail: staff, storeUrl: 'http://127.0.0.1:3000', linkSecret: SECRET },
    stream: s.stream,
    durablePrefix,
    subjectPrefix: s.subjectPrefix,
    nakDelay: { baseMs: 100, maxMs: 300 },
  });
  c.start();
  running.push(c);
  return c;
}

const publishThrice = async (event: DomainEvent) => {
  for (const n of [1, 2, 3]) {
    await s.js.publish(`${s.subjectPrefix}${subjectOf(event.type)}`, JSON.stringify(event), {
      msgID: `${event.id}-${n}`,
    });
  }
};
const meta = () => ({
  id: randomUUID(),
  occurredAt: new Date().toISOString(),
  requestId: `req-${randomUUID()}`,
});
const to = (email: string) => (m: { to: { address: string }[] }) => m.to.some((t) => t.address === email);

beforeAll(async () => {
  s = await connectServices();
  await ensureStream(s.jsm, { name: s.stream, subjects: [`${s.subjectPrefix}commerce.>`] });
});
// Each test's consumers read the whole stream: stop them before the next test publishes.
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
});
afterAll(async () => {
  await closeServices(s);
});

async function contactMessage(email: string, locale: 'en' | 'ar') {
  const [row] = await s.handle.db
    .insert(tables.contactMessages)
    .values({
      fullName: 'Layla Hassan',
      email,
      phone: '+971 52 111 2233',
      subject: 'wholesale_inquiry',
      message: 'Do you supply cafés?\nWe need 20 kg a month.',
      locale,
    })
    .returning();
  return row!;
}

describe('contact and newsletter mail', () => {
  it('a contact message delivered three times: one acknowledgement in Arabic that repeats nothing the sender typed, one notice to staff', async () => {
    const c = consumers(realMailer(), `mail-test-${run}-a`);
    const email = `shopper-${randomUUID().slice(0, 8)}@example.ae`;
    const contact = await contactMessage(email, 'ar');
    await publishThrice(
      makeEvent(
        'ContactReceived',
        { contactId: contact.id, email, subject: 'wholesale_inquiry', locale: 'ar' },
        meta(),
      ),
    );
    await waitFor(async () => (await c.health()).handled >= 3, 'three deliveries handled');
    const ack = await catcher.waitForMessage(to(email));
    expect(ack.subject).toBe('وصلتنا رسالتك');
    expect(ack.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(ack.text).toContain('استفسار عن البيع بالجملة');
    // Anyone can type anyone's address into the form: the acknowledgement echoes neither the
    // name nor the message (the staff notice has both).
    expect(ack.text).not.toContain('We need 20 kg a month.');
    expect(ack.html).not.toContain('Do you supply');
    expect(ack.text).not.toContain('Layla');
    expect(ack.text).toMatch(/^مرحباً،$/m);
    const notice = await catcher.waitForMessage((m) => to(staff)(m) && m.text.includes(email));
    expect(notice.subject).toBe('New contact message: Wholesale inquiry — Layla Hassan');
    expect(JSON.stringify(notice.headers['reply-to'])).toContain(email);
    expect(notice.html).toContain(`href="mailto:${encodeURIComponent(email)}`);
    expect(await catcher.messagesTo(email)).toHaveLength(1);
    expect((await catcher.messagesTo(staff)).filter((m) => m.text.includes(email))).toHaveLength(1);
    const rows = await s.handle.db
      .select()
      .from(tables.emails)
      .where(eq(tables.emails.subjectId, contact.id));
    expect(rows.map((r) => [r.purpose, r.status]).sort()).toEqual([
      ['contact-ack', 'sent'],
      ['contact-staff', 'sent'],
    ]);
  });

  it('a confirmed subscription delivered three times: one welcome, in English, with the one-click unsubscribe', async () => {
    const c = consumers(realMailer(), `mail-test-${run}-b`);
    const email = `reader-${randomUUID().slice(0, 8)}@example.ae`;
    const [sub] = await s.handle.db
      .insert(tables.newsletterSubscribers)
      .values({ email, locale: 'en', status: 'confirmed', confirmedAt: new Date() })
      .returning();
    await publishThrice(
      makeEvent('NewsletterSubscribed', { subscriberId: sub!.id, email, locale: 'en' }, meta()),
    );
    await waitFor(async () => (await c.health()).handled >= 3, 'three deliveries handled');
    const welcome = await catcher.waitForMessage(to(email));
    expect(welcome.subject).toBe('Welcome to the qahwa newsletter');
    expect(welcome.text).toContain('Successfully subscribed to newsletter!');
    expect(welcome.html).toMatch(/<html[^>]*dir="ltr"/);
    expect(await catcher.messagesTo(email)).toHaveLength(1);
    // RFC 8058: the one-click URL and a mailto, and the same link visible in the mail.
    const header = String(welcome.headers['list-unsubscribe']);
    // One URL for the header and the link: the storefront page (its POST is the one-click).
    const oneClick = /<(http:\/\/127\.0\.0\.1:3000\/newsletter\/unsubscribe\?token=([^>]+))>/.exec(header);
    expect(oneClick).not.toBeNull();
    expect(header).toContain('<mailto:hello@qahwa.local?subject=unsubscribe>');
    expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(oneClick![2]!);
    expect(verifyUnsubscribeLink(token, SECRET)).toEqual({ kind: 'subscriber', id: sub!.id });
    expect(welcome.html).toContain(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
  });

  it('a signup: one confirmation link to a pending address, in its language, and nothing else; nothing to a confirmed one', async () => {
    const c = consumers(realMailer(), `mail-test-${run}-d`);
    const pending = `pending-${randomUUID().slice(0, 8)}@example.ae`;
    const confirmed = `confirmed-${randomUUID().slice(0, 8)}@example.ae`;
    const [p] = await s.handle.db
      .insert(tables.newsletterSubscribers)
      .values({ email: pending, locale: 'ar' })
      .returning();
    const [k] = await s.handle.db
      .insert(tables.newsletterSubscribers)
      .values({ email: confirmed, locale: 'en', status: 'confirmed', confirmedAt: new Date() })
      .returning();
    await publishThrice(
      makeEvent('NewsletterConfirmationRequested', { subscriberId: p!.id, locale: 'ar' }, meta()),
    );
    await publishThrice(
      makeEvent('NewsletterConfirmationRequested', { subscriberId: k!.id, locale: 'en' }, meta()),
    );
    // A welcome event for an address that never clicked (forged, or from before the upgrade): no mail.
    await publishThrice(
      makeEvent('NewsletterSubscribed', { subscriberId: p!.id, email: pending, locale: 'ar' }, meta()),
    );
    await waitFor(async () => (await c.health()).handled >= 9, 'nine deliveries handled');
    const mail = await catcher.waitForMessage(to(pending));
    expect(mail.subject).toBe('أكّد اشتراكك في نشرة قهوة البريدية');
    expect(mail.html).toMatch(/<html[^>]*dir="rtl"/);
    const link = /href="(http:\/\/127\.0\.0\.1:3000\/newsletter\/confirm\?token=[^"]+)"/.exec(mail.html)?.[1];
    const token = decodeURIComponent(new URL(link!.replace(/&amp;/g, '&')).searchParams.get('token')!);
    expect(verifyConfirmLink(token, SECRET)).toBe(p!.id);
    // Not marketing yet: no unsubscribe header on the question itself.
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    expect(await catcher.messagesTo(pending)).toHaveLength(1);
    expect(await catcher.messagesTo(confirmed)).toHaveLength(0);
  });

  it('the staff notice failing once: the redelivery sends only the missing mail', async () => {
    const real = realMailer();
    let staffFailures = 0;
    const flaky: Mailer = {
      ...real,
      from: real.from,
      send: (m) =>
        m.to === staff && staffFailures++ === 0
          ? Promise.reject(new Error('421 try again later'))
          : real.send(m),
    };
    const c = consumers(flaky, `mail-test-${run}-c`);
    const email = `retry-${randomUUID().slice(0, 8)}@example.ae`;
    const contact = await contactMessage(email, 'en');
    await s.js.publish(
      `${s.subjectPrefix}${subjectOf('ContactReceived')}`,
      JSON.stringify(
        makeEvent('ContactReceived', { contactId: contact.id, email, subject: 'wholesale_inquiry' }, meta()),
      ),
    );
    await catcher.waitForMessage((m) => to(staff)(m) && m.text.includes(email));
    await waitFor(
      async () => (await c.health()).failed >= 1 && (await c.health()).handled >= 1,
      'a failure, then success',
    );
    expect(staffFailures).toBe(2);
    expect(await catcher.messagesTo(email)).toHaveLength(1);
    expect((await catcher.messagesTo(staff)).filter((m) => m.text.includes(email))).toHaveLength(1);
  });
});

describe('the confirmation of a cash-on-delivery order', () => {
  /** A real order, made by THE order creation as the gateway makes it; its OrderPlaced from the outbox. */
  async function codOrder(email: string, locale: 'en' | 'ar') {
    // A variation that can be ordered: it and its product on sale, not archived, with stock
    // (other test files change the catalogue of this shared database).
    const { rows: sellable } = await s.handle.db.execute<{ id: string; productId: string }>(
      sql`select v.id, v.product_id as "productId" from product_variations v join products p on p.id = v.product_id
          where v.is_active and p.is_active and p.archived_at is null and v.stock_quantity >= 5
          order by v.stock_quantity desc limit 1`,
    );
    const v = sellable[0];
    if (!v) throw new Error('the test database has no product: run `bash scripts/db.sh test`');
    const { placeOrder } = createOrderPlacement({ db: s.handle.db, logger });
    const placed = await placeOrder(
      {
        checkoutId: `cod-${randomUUID()}`,
        requestId: `req-${randomUUID()}`,
        order: {
          customerInfo: { fullName: 'مريم الكعبي', email, phone: `+97150${String(Date.now()).slice(-7)}` },
          shippingInfo: { emirate: 'dubai', city: 'deira', address: 'Al Rigga Street, Building 12' },
          items: [
            {
              id: `${v.id}-line`,
              productId: v.productId,
              variationId: v.id,
              name: 'Coffee',
              price: 1,
              quantity: 1,
              variation: { weight: '250g', beans: null, additions: null },
            },
          ],
          subtotal: 1,
          tax: 0,
          shippingCost: 0,
          discount: 0,
          totalAmount: 1,
          paymentProvider: 'COD',
          locale,
        },
      },
      null,
    );
    const { rows } = await s.handle.db.execute<{ payload: OrderPlaced }>(
      sql`select payload from outbox where type = 'OrderPlaced' and payload->'data'->>'orderId' = ${placed.orderId}`,
    );
    const event = rows[0]?.payload;
    if (!event) throw new Error(`no OrderPlaced for ${placed.orderId}`);
    return { orderId: placed.orderId, event };
  }

  it('delivered three times: one confirmation in Arabic with the order number and its line', async () => {
    const c = consumers(realMailer(), `mail-test-${run}-cod`);
    const email = `cod-${randomUUID().slice(0, 8)}@example.ae`;
    const { orderId, event } = await codOrder(email, 'ar');
    await publishThrice(event);
    await waitFor(async () => (await c.health()).handled >= 3, 'three deliveries handled');
    const mail = await catcher.waitForMessage(to(email));
    expect(mail.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(mail.subject).toBe(`تم تأكيد طلبك ${orderId} من قهوة`);
    expect(mail.text).toContain('Al Rigga Street, Building 12');
    expect(await catcher.messagesTo(email)).toHaveLength(1);
    const rows = await s.handle.db.select().from(tables.emails).where(eq(tables.emails.subjectId, orderId));
    expect(rows.map((r) => [r.purpose, r.status])).toEqual([['order-confirmation', 'sent']]);
  });

  it('confirms card orders as cash on delivery, leaves pay later to its workflow, and sends nothing for an order placed more than three days ago', async () => {
    const c = consumers(realMailer(), `mail-test-${run}-cod-skip`);
    const cardEmail = `card-${randomUUID().slice(0, 8)}@example.ae`;
    const payLaterEmail = `tabby-${randomUUID().slice(0, 8)}@example.ae`;
    const old = `old-${randomUUID().slice(0, 8)}@example.ae`;
    const card = await codOrder(cardEmail, 'en');
    const payLater = await codOrder(payLaterEmail, 'en');
    const late = await codOrder(old, 'en');
    await publishThrice({
      ...card.event,
      id: randomUUID(),
      data: { ...card.event.data, paymentProvider: 'STRIPE' },
    });
    await publishThrice({
      ...payLater.event,
      id: randomUUID(),
      data: { ...payLater.event.data, paymentProvider: 'TABBY' },
    });
    const placedAt = new Date(Date.now() - 4 * 24 * 60 * 60 * 1000).toISOString();
    await publishThrice({ ...late.event, id: randomUUID(), data: { ...late.event.data, placedAt } });
    await waitFor(async () => (await c.health()).handled >= 9, 'nine deliveries handled');
    // A later order's mail arriving proves the consumer got past the three above.
    const email = `cod-${randomUUID().slice(0, 8)}@example.ae`;
    await publishThrice((await codOrder(email, 'en')).event);
    await catcher.waitForMessage(to(email));
    expect(await catcher.messagesTo(cardEmail)).toHaveLength(1);
    expect(await catcher.messagesTo(payLaterEmail)).toHaveLength(0);
    expect(await catcher.messagesTo(old)).toHaveLength(0);
  });
});
