import { randomUUID } from 'node:crypto';
import { and, eq, tables } from '@qahwa/db';
import { signConfirmLink, signUnsubscribeLink } from '@qahwa/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type Gateway, startGateway } from './harness';

/*
 * The newsletter's double opt-in and one-click unsubscribe (docs/crm.md), on the real gateway and
 * PostgreSQL. What a signup changes is read from the outbox, where the mail consumer and the Brevo
 * feed take their work: before the confirmation click there is nothing for either but the
 * request for a confirmation mail.
 */
let gw: Gateway;
let secret: string;

beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  secret = base.leadLinkSecret;
  // Many signups from one test address; the per-address limit has its own test.
  gw = await startGateway({
    config: { rateLimits: { ...base.rateLimits, messages: { max: 10_000, timeWindow: 60_000 } } },
  });
}, 120_000);
afterAll(async () => gw?.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  gw.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> | string }),
  });

const subscriber = async (email: string) =>
  (
    await gw.db
      .select()
      .from(tables.newsletterSubscribers)
      .where(eq(tables.newsletterSubscribers.email, email))
  )[0];
const eventsFor = async (type: string, subscriberId: string) =>
  (await gw.db.select().from(tables.outbox).where(eq(tables.outbox.type, type))).filter(
    (e) => (e.payload as { data: { subscriberId?: string } }).data.subscriberId === subscriberId,
  );
const fresh = () => `reader-${randomUUID().slice(0, 8)}@example.ae`;

describe('a newsletter signup', () => {
  it('answers the same for a new, a pending, a confirmed and an unsubscribed address', async () => {
    const pending = fresh();
    const confirmed = fresh();
    const unsubscribed = fresh();
    await gw.db.insert(tables.newsletterSubscribers).values([
      { email: pending, status: 'pending' },
      { email: confirmed, status: 'confirmed', confirmedAt: new Date() },
      { email: unsubscribed, status: 'unsubscribed', unsubscribedAt: new Date() },
    ]);
    const answers = [];
    for (const email of [fresh(), pending, confirmed, unsubscribed]) {
      const res = await post('/api/newsletter', { email, locale: 'en' });
      answers.push({
        status: res.statusCode,
        body: res.body,
        cache: res.headers['cache-control'],
        type: res.headers['content-type'],
      });
      // The same work for each: one request for a confirmation, which the mail consumer decides on.
      const row = await subscriber(email);
      expect(await eventsFor('NewsletterConfirmationRequested', row!.id)).toHaveLength(1);
    }
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 200, cache: 'no-store' });
    expect(JSON.parse(answers[0]!.body)).toEqual({
      success: true,
      message: 'Almost there: check your inbox and click the link we sent to confirm your subscription.',
    });
    // A confirmed subscriber stays confirmed; an unsubscribed one is pending again (until a new click).
    expect((await subscriber(confirmed))?.status).toBe('confirmed');
    expect((await subscriber(unsubscribed))?.status).toBe('pending');
  });

  it('keeps the address pending, with nothing for the welcome or Brevo, until the link is followed', async () => {
    const email = fresh();
    const res = await post('/api/newsletter', { email: email.toUpperCase(), locale: 'ar' });
    expect(res.statusCode).toBe(200);
    const row = await subscriber(email);
    expect(row).toMatchObject({ status: 'pending', locale: 'ar', confirmedAt: null });
    expect(await eventsFor('NewsletterSubscribed', row!.id)).toEqual([]);

    const confirm = await post(
      '/api/newsletter/confirm',
      { token: signConfirmLink(row!.id, secret) },
      { 'x-locale': 'ar' },
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ success: true, message: 'تم اشتراكك في النشرة البريدية بنجاح!' });
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(Date) });
    const subscribed = await eventsFor('NewsletterSubscribed', row!.id);
    expect(subscribed).toHaveLength(1);
    expect((subscribed[0]!.payload as { data: unknown }).data).toEqual({
      subscriberId: row!.id,
      email,
      locale: 'ar',
    });
    // The same link again: still subscribed, nothing published twice.
    const twice = await post('/api/newsletter/confirm', { token: signConfirmLink(row!.id, secret) });
    expect(twice.statusCode).toBe(200);
    expect(await eventsFor('NewsletterSubscribed', row!.id)).toHaveLength(1);
  });

  it('refuses an expired, forged or other kind of token in the shopper’s language', async () => {
    const email = fresh();
    await post('/api/newsletter', { email });
    const row = await subscriber(email);
    const weekAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
    for (const token of [
      signConfirmLink(row!.id, secret, weekAgo),
      signConfirmLink(row!.id, 'another-secret-entirely'),
      signUnsubscribeLink({ kind: 'subscriber', id: row!.id }, secret),
    ]) {
      const res = await post('/api/newsletter/confirm', { token }, { 'x-locale': 'ar' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'LINK_EXPIRED',
        error: 'انتهت صلاحية رابط التأكيد هذا أو أنه غير صالح. يرجى الاشتراك مجددًا من أسفل أي صفحة.',
      });
    }
    expect((await subscriber(email))?.status).toBe('pending');
  });
});

describe('the one-click unsubscribe', () => {
  async function confirmedSubscriber() {
    const email = fresh();
    const [row] = await gw.db
      .insert(tables.newsletterSubscribers)
      .values({ email, status: 'confirmed', confirmedAt: new Date() })
      .returning();
    return row!;
  }

  it('a mailbox provider’s RFC 8058 POST unsubscribes without a session, once', async () => {
    const row = await confirmedSubscriber();
    const token = signUnsubscribeLink({ kind: 'subscriber', id: row.id }, secret);
    const url = `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
    const res = await post(url, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(200);
    expect(await subscriber(row.email)).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: expect.any(Date),
    });
    const events = await eventsFor('NewsletterUnsubscribed', row.id);
    expect(events).toHaveLength(1);
    // Again (a provider retries): the same answer, nothing new published.
    const again = await post(url, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(again.statusCode).toBe(200);
    expect(await eventsFor('NewsletterUnsubscribed', row.id)).toHaveLength(1);
  });

  it('a multipart one-click and the storefront page’s JSON both work', async () => {
    const a = await confirmedSubscriber();
    const boundary = 'x-boundary';
    const multipart = await post(
      `/api/newsletter/unsubscribe?token=${encodeURIComponent(signUnsubscribeLink({ kind: 'subscriber', id: a.id }, secret))}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    expect(multipart.statusCode).toBe(200);
    const b = await confirmedSubscriber();
    const page = await post(
      '/api/newsletter/unsubscribe',
      { token: signUnsubscribeLink({ kind: 'subscriber', id: b.id }, secret) },
      { 'x-locale': 'ar' },
    );
    expect(page.statusCode).toBe(200);
    expect(page.json().message).toBe(
      'تم إلغاء اشتراكك: لن تصل إلى هذا العنوان نشرات أو تذكيرات أخرى من قهوة.',
    );
    expect((await subscriber(a.email))?.status).toBe('unsubscribed');
    expect((await subscriber(b.email))?.status).toBe('unsubscribed');
  });

  it('a GET never unsubscribes (link scanners open links): the page’s button or the one-click POST does', async () => {
    const row = await confirmedSubscriber();
    const token = signUnsubscribeLink({ kind: 'subscriber', id: row.id }, secret);
    const res = await gw.app.inject({
      method: 'GET',
      url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(res.statusCode).toBe(405);
    expect((await subscriber(row.email))?.status).toBe('confirmed');
  });

  it('a cart reminder’s link keeps its address from marketing mail though it never subscribed', async () => {
    const email = fresh();
    const [lead] = await gw.db.insert(tables.leads).values({ email, status: 'ABANDONED' }).returning();
    const res = await post(
      `/api/newsletter/unsubscribe?token=${encodeURIComponent(signUnsubscribeLink({ kind: 'lead', id: lead!.id }, secret))}`,
      'List-Unsubscribe=One-Click',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(res.statusCode).toBe(200);
    expect(await subscriber(email)).toMatchObject({ status: 'unsubscribed', source: 'unsubscribe' });
  });

  it('refuses a forged token and a confirmation token', async () => {
    const row = await confirmedSubscriber();
    for (const token of [
      signUnsubscribeLink({ kind: 'subscriber', id: row.id }, 'not-our-secret'),
      signConfirmLink(row.id, secret),
    ]) {
      const res = await post(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, undefined);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'LINK_INVALID' });
    }
    const none = await post('/api/newsletter/unsubscribe', undefined);
    expect(none.statusCode, none.body).toBe(404);
    expect((await subscriber(row.email))?.status).toBe('confirmed');
  });
});

describe('the subscribers screen', () => {
  it('shows each subscriber’s status', async () => {
    const email = fresh();
    await post('/api/newsletter', { email });
    const { staffCookie } = await import('./staff-session');
    const { cookie } = await staffCookie(gw, { permissions: [{ module: 'subscribers', canView: true }] });
    const res = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/subscribers?q=${encodeURIComponent(email)}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ email, status: 'pending', confirmedAt: null, unsubscribedAt: null }),
    ]);
    const filtered = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/subscribers?status=confirmed&q=${encodeURIComponent(email)}`,
      headers: { cookie },
    });
    expect(filtered.json().items).toEqual([]);
    const [row] = await gw.db
      .select()
      .from(tables.newsletterSubscribers)
      .where(and(eq(tables.newsletterSubscribers.email, email)));
    expect(row?.status).toBe('pending');
  });
});
