import { randomUUID } from 'node:crypto';
import {
  createCheckoutsRepository,
  createOrdersRepository,
  createPaymentsAdminRepository,
  eq,
  sql,
  tables,
} from '@qahwa/db';
import type { AdminPayment, AdminPaymentDetail, AdminPaymentList } from '@qahwa/schema/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/*
 * The payments screen (docs/payments-logs.md): the payments read model listed, filtered
 * and opened, "needs attention" for its three reasons (amount mismatch, captured without an order,
 * webhook never came — the last set and cleared by the workers' webhook watch), cash on delivery
 * kept from the order, and the permission checked on the server.
 */
let gw: Gateway;
let staff: { cookie: string };
let outsider: { cookie: string };
const HOUR = 3_600_000;

beforeAll(async () => {
  gw = await startGateway();
  staff = await staffCookie(gw, { permissions: [{ module: 'payments', canView: true }] });
  outsider = await staffCookie(gw, { permissions: [{ module: 'orders', canView: true, canEdit: true }] });
});
afterAll(async () => gw?.close());

const pi = () => `pi_${randomUUID().replace(/-/g, '')}`;

async function placeOrder(provider: 'COD' | 'STRIPE', paymentIntentId: string | null = null) {
  const email = `shopper-${randomUUID()}@example.ae`;
  const [customer] = await gw.db
    .insert(tables.customers)
    .values({ email, fullName: 'Mariam Haddad', phone: '+971 50 765 4321' })
    .returning({ id: tables.customers.id });
  const [variation] = await gw.db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .limit(1);
  return gw.db.transaction((tx) =>
    createOrdersRepository(gw.db).insert(
      {
        checkoutId: `${provider === 'COD' ? 'cod' : 'card'}-${randomUUID()}`,
        customerId: customer!.id,
        customer: { fullName: 'Mariam Haddad', email, phone: '+971 50 765 4321' },
        paymentProvider: provider,
        paymentIntentId,
        subtotalFils: 100_00,
        shippingFils: 25_00,
        discountFils: 0,
        taxFils: 0,
        totalFils: 125_00,
        emirate: 'dubai',
        city: 'deira',
        address: 'Al Rigga Street 12',
        locale: 'ar',
        status: 'new',
        items: [
          {
            productId: variation!.productId,
            variationId: variation!.id,
            name: 'Colombian Supremo',
            nameAr: 'كولومبي سوبريمو',
            variation: { weight: '250g', beans: null, additions: null },
            unitFils: 100_00,
            quantity: 1,
          },
        ],
      },
      tx,
    ),
  );
}

async function payment(row: Partial<typeof tables.payments.$inferInsert> & { id: string }, ageMs = 0) {
  await gw.db.insert(tables.payments).values({
    provider: 'STRIPE',
    method: 'card',
    status: 'succeeded',
    amountFils: 125_00,
    currency: 'AED',
    checkoutId: `card-${randomUUID()}`,
    createdAt: new Date(Date.now() - ageMs),
    ...row,
  });
}

const list = async (query: string, who = staff): Promise<AdminPaymentList> => {
  const res = await gw.app.inject({
    method: 'GET',
    url: `/api/admin/payments${query ? `?${query}` : ''}`,
    headers: { cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ids = (l: AdminPaymentList) => l.payments.map((p: AdminPayment) => p.id).sort();

describe('the payments screen', () => {
  const card = pi();
  const wallet = pi();
  const mismatch = pi();
  const tabbyCaptured = `tabby-${randomUUID()}`;
  const tabbyRejected = `tabby-${randomUUID()}`;
  const silent = pi();
  const heard = pi();
  let cardOrder = '';
  let codOrder = '';

  beforeAll(async () => {
    await gw.db.execute(sql`truncate ${tables.payments}`);
    cardOrder = await placeOrder('STRIPE', card);
    codOrder = await placeOrder('COD');
    await payment({ id: card, orderId: cardOrder }, 10 * 60_000);
    await payment({ id: wallet, method: 'wallet', orderId: null }, 5 * 60_000);
    // What the card path records when Stripe's amount is not the server's total (checkout/src/payments/stripe.ts).
    await payment({
      id: mismatch,
      needsAttention: true,
      attentionReason: 'PAYMENT_MISMATCH: paid 100.00 AED, the order totals 125.00 AED',
    });
    // What pay later records when Tabby holds our capture and the order cannot be made (workflows/src/pay-later/workflow.ts).
    await payment({
      id: tabbyCaptured,
      provider: 'TABBY',
      method: 'pay_later',
      needsAttention: true,
      attentionReason: 'OUT_OF_STOCK: Colombian Supremo is out of stock',
    });
    await payment({ id: tabbyRejected, provider: 'TABBY', method: 'pay_later', status: 'rejected' });
    // Two card payments taken two hours ago: Stripe's webhook came for one of them only.
    await payment({ id: silent }, 2 * HOUR);
    await payment({ id: heard }, 2 * HOUR);
    await createCheckoutsRepository(gw.db).recordWebhook({
      id: `evt_${randomUUID()}`,
      provider: 'STRIPE',
      type: 'payment_intent.succeeded',
      payload: {
        type: 'payment_intent.succeeded',
        data: { object: { id: heard, object: 'payment_intent' } },
      },
    });
    // Cash on delivery comes from the order (the workers' payments-cod projection calls this).
    expect(await createPaymentsAdminRepository(gw.db).syncCashOnDelivery(codOrder)).toBe(true);
    expect(await createPaymentsAdminRepository(gw.db).syncCashOnDelivery(cardOrder)).toBe(false);
  });

  it('lists every payment (card, wallet, pay later, cash) newest first, with amounts in fils', async () => {
    const all = await list('');
    expect(all.total).toBe(8);
    expect(ids(all)).toEqual(
      [card, wallet, mismatch, tabbyCaptured, tabbyRejected, silent, heard, `cod-${codOrder}`].sort(),
    );
    const cod = all.payments.find((p) => p.id === `cod-${codOrder}`);
    expect(cod).toMatchObject({
      provider: 'COD',
      method: 'cod',
      status: 'pending',
      amountFils: 125_00,
      orderId: codOrder,
    });
    const dates = all.payments.map((p) => p.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters by provider, method, status, order number and provider reference', async () => {
    expect(ids(await list('provider=TABBY'))).toEqual([tabbyCaptured, tabbyRejected].sort());
    expect(ids(await list('method=wallet'))).toEqual([wallet]);
    expect(ids(await list('method=cod'))).toEqual([`cod-${codOrder}`]);
    expect(ids(await list('status=rejected'))).toEqual([tabbyRejected]);
    expect(ids(await list(`q=${cardOrder}`))).toEqual([card]);
    expect(ids(await list(`q=${cardOrder.replace('QH-', '')}`))).toEqual([card]);
    expect(ids(await list(`q=${mismatch.slice(0, 20)}`))).toEqual([mismatch]);
    const page = await list('limit=3&offset=0');
    expect(page.payments).toHaveLength(3);
    expect(page.total).toBe(8);
  });

  it('filters by Gulf calendar day', async () => {
    // Some payments here are two hours old: just after Dubai's midnight they belong to yesterday,
    // so what each day holds is counted from the payments themselves, not assumed.
    const gulfDay = (at: Date | string) =>
      new Date(new Date(at).getTime() + 4 * HOUR).toISOString().slice(0, 10);
    const all = await list('limit=200');
    const today = gulfDay(new Date());
    const yesterday = gulfDay(new Date(Date.now() - 24 * HOUR));
    const onToday = all.payments.filter((p) => gulfDay(p.createdAt) === today).length;
    const onYesterday = all.payments.filter((p) => gulfDay(p.createdAt) === yesterday).length;
    expect(onToday + onYesterday).toBeGreaterThanOrEqual(6);
    expect((await list(`from=${today}&to=${today}&limit=200`)).total).toBe(onToday);
    expect((await list(`from=${yesterday}&to=${today}&limit=200`)).total).toBe(onToday + onYesterday);
    expect((await list('from=2001-01-01&to=2001-01-31')).total).toBe(0);
  });

  it('needs attention: amount mismatch and captured-without-order as recorded, webhook never came from the watch', async () => {
    let attention = await list('attention=true');
    expect(ids(attention)).toEqual([mismatch, tabbyCaptured].sort());
    expect(attention.attentionCount).toBe(2);
    expect(attention.payments.find((p) => p.id === mismatch)?.attention).toEqual({
      kind: 'amount_mismatch',
      reason: 'PAYMENT_MISMATCH: paid 100.00 AED, the order totals 125.00 AED',
    });
    expect(attention.payments.find((p) => p.id === tabbyCaptured)?.attention?.kind).toBe('capture_failed');

    // The watch: a card payment two hours old with no Stripe webhook is flagged; the one whose
    // webhook came is not, nor are the younger ones or a rejected pay later.
    const repo = createPaymentsAdminRepository(gw.db);
    const pass = await repo.watchWebhooks({ olderThanMs: HOUR, lookbackMs: 24 * HOUR });
    expect(pass).toEqual({ flagged: [silent], cleared: [] });
    expect(await repo.watchWebhooks({ olderThanMs: HOUR, lookbackMs: 24 * HOUR })).toEqual({
      flagged: [],
      cleared: [],
    });
    attention = await list('attention=true');
    expect(attention.attentionCount).toBe(3);
    expect(ids(await list('reason=webhook_missing'))).toEqual([silent]);
    expect(ids(await list('reason=amount_mismatch'))).toEqual([mismatch]);
    expect(ids(await list('reason=capture_failed'))).toEqual([tabbyCaptured]);
    expect(ids(await list('attention=false'))).not.toContain(silent);

    // Stripe's retry arrives late: the next pass clears the mark.
    await createCheckoutsRepository(gw.db).recordWebhook({
      id: `evt_${randomUUID()}`,
      provider: 'STRIPE',
      type: 'payment_intent.succeeded',
      payload: { type: 'payment_intent.succeeded', data: { object: { id: silent } } },
    });
    expect(await repo.watchWebhooks({ olderThanMs: HOUR, lookbackMs: 24 * HOUR })).toEqual({
      flagged: [],
      cleared: [silent],
    });
    expect((await list('attention=true')).attentionCount).toBe(2);
  });

  it('opens one payment with its order, refunds and webhook deliveries', async () => {
    await gw.db.insert(tables.refunds).values({
      orderId: cardOrder,
      paymentId: card,
      provider: 'STRIPE',
      amountFils: 125_00,
      reference: `refund-${cardOrder}-x`,
      status: 'succeeded',
      providerRefundId: 're_123',
    });
    await gw.db.update(tables.payments).set({ refundedFils: 125_00 }).where(eq(tables.payments.id, card));
    const res = await gw.app.inject({
      method: 'GET',
      url: `/api/admin/payments/${card}`,
      headers: { cookie: staff.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail: AdminPaymentDetail = res.json();
    expect(detail).toMatchObject({
      id: card,
      provider: 'STRIPE',
      amountFils: 125_00,
      refundedFils: 125_00,
      attention: null,
      order: { id: cardOrder, status: 'new', customerName: 'Mariam Haddad', totalFils: 125_00 },
      refunds: [
        {
          reference: `refund-${cardOrder}-x`,
          amountFils: 125_00,
          status: 'succeeded',
          providerRefundId: 're_123',
        },
      ],
      webhooks: [],
    });
    const heardDetail: AdminPaymentDetail = (
      await gw.app.inject({
        method: 'GET',
        url: `/api/admin/payments/${heard}`,
        headers: { cookie: staff.cookie },
      })
    ).json();
    expect(heardDetail.webhooks).toMatchObject([{ type: 'payment_intent.succeeded', deliveries: 1 }]);
  });

  it('a payment that is not there is a 404 in the staff member’s language', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/payments/pi_nothing_here',
      headers: { cookie: staff.cookie, 'accept-language': 'ar' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'PAYMENT_RECORD_NOT_FOUND',
      error: 'لم يتم العثور على هذه الدفعة.',
    });
  });

  it('cash on delivery follows its order: collected when delivered', async () => {
    await gw.db.update(tables.orders).set({ status: 'delivered' }).where(eq(tables.orders.id, codOrder));
    await createPaymentsAdminRepository(gw.db).syncCashOnDelivery(codOrder);
    expect((await list('method=cod')).payments[0]?.status).toBe('collected');
  });

  it('staff without the payments permission get 403, and no session 401', async () => {
    for (const url of ['/api/admin/payments', `/api/admin/payments/${card}`]) {
      const forbidden = await gw.app.inject({ method: 'GET', url, headers: { cookie: outsider.cookie } });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await gw.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
