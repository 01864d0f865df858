import { randomUUID } from 'node:crypto';
import { createMarketingRepository, sql, tables } from '@qahwa/db';
import { type BrevoFake, startBrevoFake } from '@qahwa/fake-brevo';
import type { Permission } from '@qahwa/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/**
 * The back office's contact messages, subscribers and Brevo screens' API (docs/crm.md):
 * who may call each route, and what staff get from it.
 */

let gw: Gateway;
let fake: BrevoFake;

const as = async (permissions: Permission[], role = 'STAFF') =>
  (await staffCookie(gw, { role, permissions })).cookie;

const call = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  gw.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });

beforeAll(async () => {
  gw = await startGateway();
  fake = await startBrevoFake({ apiKeys: ['xkeysib-gw-test'] });
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await gw?.close();
});
beforeEach(async () => {
  await gw.db.execute(
    sql`truncate ${tables.contactMessages}, ${tables.newsletterSubscribers}, ${tables.marketingSync}`,
  );
  gw.app.deps.config.brevo.apiKey = '';
});

describe('who may call the CRM routes', () => {
  const routes: {
    method: 'GET' | 'PATCH' | 'POST' | 'DELETE';
    url: string;
    module: string;
    action: 'view' | 'edit';
    body?: unknown;
  }[] = [
    { method: 'GET', url: '/api/admin/contacts', module: 'contacts', action: 'view' },
    {
      method: 'PATCH',
      url: `/api/admin/contacts/${randomUUID()}`,
      module: 'contacts',
      action: 'edit',
      body: { isRead: true },
    },
    { method: 'GET', url: '/api/admin/subscribers', module: 'subscribers', action: 'view' },
    { method: 'GET', url: '/api/admin/subscribers/export', module: 'subscribers', action: 'view' },
    {
      method: 'DELETE',
      url: `/api/admin/subscribers/${randomUUID()}`,
      module: 'subscribers',
      action: 'edit',
    },
    { method: 'GET', url: '/api/admin/brevo', module: 'brevo', action: 'view' },
    { method: 'POST', url: '/api/admin/brevo/sync', module: 'brevo', action: 'edit' },
  ];

  it('signed out: 401; another module: 403; view only on a write: 403; the module’s permission: allowed', async () => {
    const other = await as([{ module: 'orders', canView: true, canEdit: true }]);
    for (const route of routes) {
      const anonymous = await call(route.method, route.url, undefined, route.body);
      expect(anonymous.statusCode, `${route.method} ${route.url} signed out`).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(
        (await call(route.method, route.url, other, route.body)).statusCode,
        `${route.url} as orders`,
      ).toBe(403);
      const viewer = await as([{ module: route.module as 'contacts', canView: true }]);
      const editor = await as([{ module: route.module as 'contacts', canView: true, canEdit: true }]);
      const asViewer = await call(route.method, route.url, viewer, route.body);
      const asEditor = await call(route.method, route.url, editor, route.body);
      if (route.action === 'view') expect(asViewer.statusCode, `${route.url} as viewer`).toBe(200);
      else expect(asViewer.statusCode, `${route.url} as viewer`).toBe(403);
      // A write on an unknown id answers 404 only to someone allowed to write.
      expect([200, 202, 404]).toContain(asEditor.statusCode);
    }
  });
});

describe('contact messages', () => {
  it('lists newest first with the unread count, filters, and marks read and unread', async () => {
    const cookie = await as([{ module: 'contacts', canView: true, canEdit: true }]);
    for (const [i, name] of ['Aisha', 'Khalid', 'Noura'].entries()) {
      const res = await gw.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          fullName: name,
          email: `${name.toLowerCase()}@example.ae`,
          subject: i === 1 ? 'wholesale_inquiry' : 'feedback',
          message: `Message ${i}`,
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const all = (await call('GET', '/api/admin/contacts', cookie)).json();
    expect(all.total).toBe(3);
    expect(all.unread).toBe(3);
    expect(all.items.map((m: { fullName: string }) => m.fullName)).toEqual(['Noura', 'Khalid', 'Aisha']);
    const khalid = all.items[1];
    expect(khalid).toMatchObject({
      email: 'khalid@example.ae',
      subject: 'wholesale_inquiry',
      isRead: false,
      phone: null,
    });

    const read = await call('PATCH', `/api/admin/contacts/${khalid.id}`, cookie, { isRead: true });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ success: true, id: khalid.id, isRead: true, unread: 2 });
    const unread = (await call('GET', '/api/admin/contacts?status=unread', cookie)).json();
    expect(unread.items.map((m: { fullName: string }) => m.fullName)).toEqual(['Noura', 'Aisha']);
    const readOnes = (await call('GET', '/api/admin/contacts?status=read', cookie)).json();
    expect(readOnes.items.map((m: { id: string }) => m.id)).toEqual([khalid.id]);
    // And back to unread.
    expect(
      (await call('PATCH', `/api/admin/contacts/${khalid.id}`, cookie, { isRead: false })).json().unread,
    ).toBe(3);

    // Each change is audited once, with who and what (a repeated mark that changes nothing is not).
    const audit = await gw.db
      .select()
      .from(tables.auditLog)
      .where(sql`${tables.auditLog.entityId} = ${khalid.id}`)
      .orderBy(tables.auditLog.createdAt);
    expect(audit.map((a) => [a.module, a.action, a.before, a.after])).toEqual([
      ['contacts', 'mark-read', { isRead: false }, { isRead: true }],
      ['contacts', 'mark-unread', { isRead: true }, { isRead: false }],
    ]);
    const missing = await call('PATCH', `/api/admin/contacts/${randomUUID()}`, cookie, { isRead: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'CONTACT_NOT_FOUND', error: 'Not found' });
    const malformed = await call('PATCH', '/api/admin/contacts/not-an-id', cookie, { isRead: true });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('subscribers', () => {
  it('staff with edit remove a subscriber, audited without the address; an unsubscribed one stays', async () => {
    const cookie = await as([{ module: 'subscribers', canView: true, canEdit: true }]);
    const [kept, gone, optedOut] = await gw.db
      .insert(tables.newsletterSubscribers)
      .values([
        { email: 'kept@example.ae' },
        { email: 'gone@example.ae', status: 'confirmed', confirmedAt: new Date(), locale: 'ar' },
        { email: 'no-more@example.ae', status: 'unsubscribed', unsubscribedAt: new Date() },
      ])
      .returning({ id: tables.newsletterSubscribers.id });
    const removed = await call('DELETE', `/api/admin/subscribers/${gone!.id}`, cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, id: gone!.id });
    const list = (await call('GET', '/api/admin/subscribers', cookie)).json() as {
      items: { email: string }[];
    };
    expect(list.items.map((i) => i.email).sort()).toEqual(['kept@example.ae', 'no-more@example.ae']);
    const audit = await gw.db.execute<{
      action: string;
      before: unknown;
      after: unknown;
      user_email: string;
    }>(
      sql`select action, before, after, user_email from audit_log where module = 'subscribers' and entity_id = ${gone!.id}`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      action: 'delete',
      before: { status: 'confirmed', locale: 'ar', source: 'footer' },
      after: null,
    });
    expect(JSON.stringify(audit.rows[0]!.before)).not.toContain('gone@example.ae');

    // Gone already: 404 in the staff's language.
    const again = await gw.app.inject({
      method: 'DELETE',
      url: `/api/admin/subscribers/${gone!.id}`,
      headers: { cookie, 'accept-language': 'ar' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: 'SUBSCRIBER_NOT_FOUND',
      error: 'هذا المشترك لم يعد في القائمة.',
    });

    // The shopper's own "no" is kept: refused, nothing removed, nothing audited.
    const refused = await call('DELETE', `/api/admin/subscribers/${optedOut!.id}`, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SUBSCRIBER_OPTED_OUT' });
    const still = await gw.db.execute(sql`select 1 from newsletter_subscribers where id = ${optedOut!.id}`);
    expect(still.rows).toHaveLength(1);
    const none = await gw.db.execute(sql`select 1 from audit_log where entity_id = ${optedOut!.id}`);
    expect(none.rows).toHaveLength(0);
    expect(kept).toBeDefined();
  });

  it('searches by e-mail and exports CSV with formulas defused', async () => {
    const cookie = await as([{ module: 'subscribers', canView: true }]);
    const emails = [
      'layla@example.ae',
      'omar@example.ae',
      '=cmd|calc@evil.example',
      '+sum@evil.example',
      'x_y@example.ae',
    ];
    for (const email of emails) {
      await gw.db
        .insert(tables.newsletterSubscribers)
        .values({ email, locale: email.startsWith('l') ? 'ar' : 'en' });
    }
    const page = (await call('GET', '/api/admin/subscribers?q=EXAMPLE.AE', cookie)).json();
    expect(page.total).toBe(3);
    // `_` is a character here, not a LIKE wildcard.
    const underscore = (await call('GET', '/api/admin/subscribers?q=x_y', cookie)).json();
    expect(underscore.items.map((s: { email: string }) => s.email)).toEqual(['x_y@example.ae']);
    expect((await call('GET', '/api/admin/subscribers?q=nobody', cookie)).json()).toEqual({
      items: [],
      total: 0,
    });

    const csv = await call('GET', '/api/admin/subscribers/export', cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('email,locale,source,status,subscribed_at,confirmed_at,unsubscribed_at');
    expect(lines).toHaveLength(emails.length + 2); // header, rows, and the final CRLF
    const cells = lines.slice(1, -1).map((l) => l.split(','));
    expect(cells.map((c) => c[0])).toEqual([
      'layla@example.ae',
      'omar@example.ae',
      "'=cmd|calc@evil.example",
      "'+sum@evil.example",
      'x_y@example.ae',
    ]);
    expect(cells[0]?.[1]).toBe('ar');
    // Pending until the confirmation link (docs/crm.md): the status travels with the address.
    expect(cells[0]?.[3]).toBe('pending');
    expect(cells[0]?.[4]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(cells[0]?.[5]).toBe('');
    const filtered = await call('GET', '/api/admin/subscribers/export?q=evil', cookie);
    expect(filtered.body.split('\r\n')).toHaveLength(4);
  });
});

describe('brevo status and sync now', () => {
  it('no key: not configured, with the recorded contacts counted', async () => {
    const cookie = await as([{ module: 'brevo', canView: true }]);
    await gw.db.insert(tables.marketingSync).values({
      email: 'rec@example.ae',
      source: 'subscriber',
      payload: { email: 'rec@example.ae', attributes: {}, listIds: [] },
      status: 'recorded',
    });
    const res = await call('GET', '/api/admin/brevo', cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.connection).toMatchObject({ state: 'not-configured', account: null });
    expect(body.counts).toEqual({ pending: 0, sending: 0, synced: 0, failed: 0, recorded: 1 });
    expect(body.failures).toEqual([]);
  });

  it('a key Brevo accepts: connected with the account; a refused key: refused; failures listed; sync now requeues them', async () => {
    const cookie = await as([{ module: 'brevo', canView: true, canEdit: true }]);
    const brevo = gw.app.deps.config.brevo;
    brevo.apiBase = fake.url;
    brevo.apiKey = 'xkeysib-gw-test';
    expect((await call('GET', '/api/admin/brevo', cookie)).json().connection).toMatchObject({
      state: 'connected',
      account: 'Qahwa Roastery (fake)',
    });
    brevo.apiKey = 'xkeysib-wrong';
    expect((await call('GET', '/api/admin/brevo', cookie)).json().connection).toMatchObject({
      state: 'refused',
      detail: '401 Key not found',
    });
    brevo.apiBase = 'http://127.0.0.1:9'; // nothing listens on the discard port
    expect((await call('GET', '/api/admin/brevo', cookie)).json().connection.state).toBe('unreachable');

    const marketing = createMarketingRepository(gw.db);
    await gw.db.transaction((tx) =>
      marketing.enqueue(
        'test',
        randomUUID(),
        'lead',
        {
          email: 'f@example.ae',
          attributes: {},
          listIds: [],
        },
        tx,
      ),
    );
    const [row] = await marketing.claimDue(5, 60_000);
    await marketing.markFailed(row!, 'Brevo 401 unauthorized: Key not found');
    const status = (await call('GET', '/api/admin/brevo', cookie)).json();
    expect(status.counts.failed).toBe(1);
    expect(status.failures).toEqual([
      expect.objectContaining({
        email: 'f@example.ae',
        source: 'lead',
        attempts: 1,
        lastError: 'Brevo 401 unauthorized: Key not found',
      }),
    ]);

    const sync = await call('POST', '/api/admin/brevo/sync', cookie);
    expect(sync.statusCode).toBe(202);
    expect(sync.json()).toEqual({ success: true, requeued: 1 });
    const [after] = await marketing.forEmail('f@example.ae');
    expect(after).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
