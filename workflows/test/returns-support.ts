import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createOrderAdminRepository,
  createReturnsRepository,
  type Db,
  eq,
  type ReturnRow,
  sql,
  tables,
} from '@qahwa/db';
import { placedOrder } from '@qahwa/db/testing';
import { type ReturnReason, returnRefundReference } from '@qahwa/schema';

/*
 * What the return tests share: a delivered card order, a return of it as the shopper's request
 * leaves it, staff's moves as the gateway's routes write them, and a Stripe recorder in front of
 * stripe-mock that keeps Stripe's documented idempotency (a key seen before replays its answer).
 */
const STRIPE_MOCK = process.env.STRIPE_MOCK_URL ?? 'http://127.0.0.1:12111';

export interface StripeRecorder {
  url: string;
  requests: { key: string | undefined; body: string }[];
  made: Map<string, { status: number; body: string }>;
  close(): Promise<void>;
}

export async function stripeRecorder(): Promise<StripeRecorder> {
  const requests: StripeRecorder['requests'] = [];
  const made = new Map<string, { status: number; body: string }>();
  const forward = (method: string, path: string, headers: Record<string, unknown>, body: Buffer) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const up = request(
        `${STRIPE_MOCK}${path}`,
        { method, headers: { ...(headers as Record<string, string>), host: new URL(STRIPE_MOCK).host } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 502, body: Buffer.concat(chunks).toString() }),
          );
        },
      );
      up.on('error', reject);
      up.end(body);
    });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      const body = Buffer.concat(chunks);
      const isRefund = req.method === 'POST' && req.url === '/v1/refunds';
      if (isRefund) requests.push({ key, body: body.toString() });
      const seen = isRefund && key ? made.get(key) : undefined;
      const answer = seen ?? (await forward(req.method ?? 'GET', req.url ?? '/', req.headers, body));
      if (isRefund && key && !seen) made.set(key, answer);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    made,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const staff = { id: null, email: 'returns@qahwa.local' };

/** A card order of two bags, moved by staff to delivered (its history dates the 30 days). */
export async function deliveredCardOrder(
  db: Db,
  email: string,
  locale: 'en' | 'ar' = 'en',
  tabbyPaymentId?: string,
) {
  const paymentIntentId = tabbyPaymentId ?? `pi_${randomUUID().replace(/-/g, '')}`;
  const orderId = await placedOrder(db, {
    provider: tabbyPaymentId ? 'TABBY' : 'STRIPE',
    payment: tabbyPaymentId
      ? { id: tabbyPaymentId, method: 'pay_later', status: 'captured' }
      : { id: paymentIntentId, method: 'card', status: 'succeeded' },
    customer: { fullName: 'Noura Al Suwaidi', email, phone: '+971 50 765 4321' },
    locale,
  });
  const admin = createOrderAdminRepository(db);
  let version = 1;
  for (const to of ['processing', 'shipped', 'delivered'] as const) {
    await db.transaction((tx) => admin.move({ orderId, to, version, actor: staff }, tx));
    version++;
  }
  return { orderId, paymentIntentId };
}

/** The shopper's request as the gateway records it: amounts from the order's invoice figures. */
export async function requestReturn(
  db: Db,
  orderId: string,
  reason: ReturnReason,
  quantity = 1,
): Promise<ReturnRow> {
  const repo = createReturnsRepository(db);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(tables.orders).where(eq(tables.orders.id, orderId));
    const items = await repo.returnableItems(orderId, tx);
    const chosen = [{ orderItemId: items[0]!.orderItemId, quantity }];
    const { rows } = await tx.execute<{ rate: number; sv: number }>(
      sql`select vat_rate_bp as rate, shipping_vat_fils as sv from orders where id = ${orderId}`,
    );
    const credit = await repo.amountsOf(
      {
        id: orderId,
        vatRateBp: rows[0]?.rate ?? 0,
        shippingFils: order!.shippingFils,
        shippingVatFils: rows[0]?.sv ?? 0,
      },
      items,
      chosen,
      reason,
      tx,
    );
    return repo.create(tx, {
      orderId,
      reason,
      note: null,
      photoUrl: null,
      locale: order!.locale,
      shippingRefundFils: credit.shipping?.grossFils ?? 0,
      lines: chosen.map((c, i) => ({
        ...c,
        productId: items[0]!.productId,
        variationId: items[0]!.variationId,
        refundFils: credit.lines[i]!.totalFils,
      })),
    });
  });
}

export async function approve(db: Db, number: string) {
  const now = new Date();
  await createReturnsRepository(db).move(db, number, ['requested'], 'approved', {
    decidedAt: now,
    decidedBy: staff.email,
    arriveBy: new Date(now.getTime() + 14 * 86_400_000),
  });
}

export async function receive(db: Db, ret: ReturnRow, resaleable: boolean) {
  const repo = createReturnsRepository(db);
  await db.transaction(async (tx) => {
    const lines = (await repo.linesOf([ret.id], tx)).get(ret.id) ?? [];
    await repo.markResaleable(
      tx,
      ret.id,
      lines.map((l) => ({ orderItemId: l.orderItemId, resaleable })),
    );
    await repo.move(tx, ret.number, ['approved'], 'received', { receivedAt: new Date() });
  });
}

/** Staff's Refund as the route writes it: the refunds row named by the return, once. */
export async function askRefund(
  db: Db,
  ret: ReturnRow,
  paymentIntentId: string,
  provider: 'STRIPE' | 'TABBY' = 'STRIPE',
) {
  await db
    .insert(tables.refunds)
    .values({
      orderId: ret.orderId,
      paymentId: paymentIntentId,
      provider,
      amountFils: ret.refundFils,
      reference: returnRefundReference(ret.number),
      reason: `return ${ret.number}`,
    })
    .onConflictDoNothing();
}
