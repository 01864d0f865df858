import {
  type AuditActor,
  createOutboxRepository,
  createReturnsRepository,
  type Db,
  eq,
  recordAudit,
  returnEvent,
  sql,
  tables,
} from '@qahwa/db';
import {
  type ApproveReturnBody,
  type Locale,
  localize,
  type MessageParams,
  RETURN_MESSAGES,
  type ReceiveReturnBody,
  type RefundReturnBody,
  type RejectReturnBody,
  type ReturnMessageKey,
  type ReturnRequestBody,
  returnDeadline,
  returnRefundReference,
  returnStatusLabel,
} from '@qahwa/schema';
import { type ReturnTimers, signalReturnChanged, startReturnProcess } from '@qahwa/workflows';
import type { Client } from '@temporalio/client';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../platform/errors';
import { arriveByOf } from './return-view';

export function returnError(status: number, key: ReturnMessageKey, locale: Locale, params?: MessageParams) {
  const m = RETURN_MESSAGES[key];
  return new HttpError(status, m.code, localize(m, locale, params));
}

export interface ReturnDeps {
  db: Db;
  temporal: Client;
  taskQueue: string;
  /** Test timers for the run (RETURN_TEST_TIMERS); production: none. */
  timers?: ReturnTimers | undefined;
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * Returns' commands (docs/returns.md): the shopper's request and staff's decisions. Each writes
 * the database first (the truth, with its audit and outbox rows) and then wakes the return's run;
 * a run that is missing (Temporal was down at the request) is started by the same call.
 */
export function createReturnActions(deps: ReturnDeps) {
  const { db } = deps;
  const repo = createReturnsRepository(db);

  async function wake(
    ret: { id: string; number: string; orderId: string; requestId: string | null },
    log: FastifyBaseLogger,
  ) {
    try {
      await startReturnProcess(deps.temporal, deps.taskQueue, {
        returnNumber: ret.number,
        returnId: ret.id,
        orderId: ret.orderId,
        ...(deps.timers ? { timers: deps.timers } : {}),
        ...(ret.requestId ? { requestId: ret.requestId } : {}),
      });
      await signalReturnChanged(deps.temporal, ret.number);
    } catch (err) {
      // The decision is recorded; the next action (or a retry of this one) wakes the run.
      log.warn({ err, number: ret.number }, 'return process not reached');
    }
  }

  async function request(
    orderId: string,
    body: ReturnRequestBody,
    ctx: { locale: Locale; requestId: string; log: FastifyBaseLogger; now?: Date },
  ) {
    const { locale } = ctx;
    if (body.lines.length === 0) throw returnError(400, 'returns.noLines', locale);
    const ids = body.lines.map((l) => l.orderItemId);
    if (new Set(ids).size !== ids.length) throw returnError(400, 'returns.duplicateLine', locale);
    const created = await db.transaction(async (tx) => {
      // The order's row lock: two requests of one order are decided one after the other.
      const [order] = await tx
        .select()
        .from(tables.orders)
        .where(eq(tables.orders.id, orderId))
        .for('update');
      if (!order)
        throw new HttpError(404, 'ORDER_NOT_FOUND', localize(RETURN_MESSAGES['returns.notFound'], locale));
      const delivered = await repo.deliveredAt(orderId, tx);
      if (!delivered || order.status !== 'delivered') throw returnError(409, 'returns.notDelivered', locale);
      const deadline = returnDeadline(delivered);
      if ((ctx.now ?? new Date()) > deadline) {
        const date = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB', {
          dateStyle: 'long',
          timeZone: 'Asia/Dubai',
        }).format(deadline);
        throw returnError(409, 'returns.windowClosed', locale, { date });
      }
      const items = await repo.returnableItems(orderId, tx);
      const byId = new Map(items.map((i) => [i.orderItemId, i]));
      for (const l of body.lines) {
        const item = byId.get(l.orderItemId);
        if (!item) throw returnError(400, 'returns.unknownLine', locale);
        const name = locale === 'ar' ? item.nameAr : item.name;
        if (item.openReturn) throw returnError(409, 'returns.lineOpen', locale, { name });
        const max = item.quantity - item.returned;
        if (l.quantity > max) throw returnError(400, 'returns.tooMany', locale, { max, name });
      }
      const vat = await tx.execute<{ rate: number; shipping_vat: number }>(
        sql`select vat_rate_bp as rate, shipping_vat_fils as shipping_vat from orders where id = ${orderId}`,
      );
      const credit = await repo.amountsOf(
        {
          id: orderId,
          vatRateBp: vat.rows[0]?.rate ?? 0,
          shippingFils: order.shippingFils,
          shippingVatFils: vat.rows[0]?.shipping_vat ?? 0,
        },
        items,
        body.lines,
        body.reason,
        tx,
      );
      const totals = new Map(credit.lines.map((c) => [c.key, c.totalFils]));
      try {
        return await tx.transaction((sp) =>
          repo.create(sp, {
            orderId,
            reason: body.reason,
            note: body.note ?? null,
            photoUrl: body.photoUrl ?? null,
            locale: order.locale,
            shippingRefundFils: credit.shipping ? credit.shipping.grossFils : 0,
            lines: body.lines.map((l) => {
              const i = byId.get(l.orderItemId)!;
              return {
                orderItemId: l.orderItemId,
                productId: i.productId,
                variationId: i.variationId,
                quantity: l.quantity,
                refundFils: totals.get(l.orderItemId) ?? 0,
              };
            }),
            requestId: ctx.requestId,
          }),
        );
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const first = byId.get(body.lines[0]!.orderItemId)!;
        throw returnError(409, 'returns.lineOpen', locale, {
          name: locale === 'ar' ? first.nameAr : first.name,
        });
      }
    });
    ctx.log.info({ number: created.number, orderId }, 'return requested');
    await wake(created, ctx.log);
    return created;
  }

  interface StaffCtx {
    actor: AuditActor;
    locale: Locale;
    requestId: string;
    log: FastifyBaseLogger;
  }

  /**
   * One staff move, once: the row locked, the move applied only from `from`; the same move asked
   * again (a double click) answers the return as it is; another move is a 409 saying its state.
   */
  async function staffMove(
    number: string,
    action: 'approve' | 'reject' | 'receive' | 'refund',
    ctx: StaffCtx,
    apply: (
      tx: Parameters<Parameters<Db['transaction']>[0]>[0],
      row: NonNullable<Awaited<ReturnType<typeof repo.lock>>>,
    ) => Promise<boolean>,
    sameAs: string[],
  ) {
    const result = await db.transaction(async (tx) => {
      const row = await repo.lock(number, tx);
      if (!row) throw returnError(404, 'returns.notFound', ctx.locale);
      if (sameAs.includes(row.status)) return { row, moved: false };
      const moved = await apply(tx, row);
      if (!moved) {
        throw returnError(409, 'returns.wrongState', ctx.locale, {
          number,
          status: returnStatusLabel(row.status, ctx.locale),
        });
      }
      const after = await repo.find(number, tx);
      await recordAudit(tx, {
        user: ctx.actor,
        module: 'orders',
        action: `return-${action}`,
        entityType: 'return',
        entityId: number,
        before: row,
        after,
        requestId: ctx.requestId,
      });
      return { row: after ?? row, moved: true };
    });
    await wake(result.row, ctx.log);
    return result;
  }

  function approve(number: string, body: ApproveReturnBody, ctx: StaffCtx) {
    return staffMove(
      number,
      'approve',
      ctx,
      async (tx, row) => {
        if (row.status !== 'requested') return false;
        const now = new Date();
        await repo.move(tx, number, ['requested'], 'approved', {
          decidedAt: now,
          decidedBy: ctx.actor.email,
          staffMessage: body.message ?? null,
          arriveBy: arriveByOf(now),
        });
        await createOutboxRepository(tx).append(
          returnEvent(
            'ReturnApproved',
            { returnNumber: number, orderId: row.orderId, approvedAt: now.toISOString() },
            ctx.requestId,
          ),
          tx,
        );
        return true;
      },
      ['approved', 'received', 'refunded'],
    );
  }

  function reject(number: string, body: RejectReturnBody, ctx: StaffCtx) {
    return staffMove(
      number,
      'reject',
      ctx,
      async (tx, row) => {
        if (row.status !== 'requested') return false;
        await repo.move(tx, number, ['requested'], 'rejected', {
          decidedAt: new Date(),
          decidedBy: ctx.actor.email,
          staffMessage: body.message,
        });
        return true;
      },
      ['rejected'],
    );
  }

  function receive(number: string, body: ReceiveReturnBody, ctx: StaffCtx) {
    return staffMove(
      number,
      'receive',
      ctx,
      async (tx, row) => {
        if (row.status !== 'approved') return false;
        const lines = (await repo.linesOf([row.id], tx)).get(row.id) ?? [];
        const said = new Map(body.lines.map((l) => [l.orderItemId, l.resaleable]));
        if (lines.some((l) => !said.has(l.orderItemId)) || body.lines.length !== lines.length) {
          throw returnError(400, 'returns.receiveLines', ctx.locale);
        }
        await repo.markResaleable(tx, row.id, body.lines);
        await repo.move(tx, number, ['approved'], 'received', {
          receivedAt: new Date(),
          receivedBy: ctx.actor.email,
        });
        return true;
      },
      ['received', 'refunded'],
    );
  }

  /**
   * Staff's Refund: writes the refunds row named `return-<number>` (the provider's idempotency key)
   * and wakes the run, which makes the refund. A second click finds the row and only wakes the run
   * again; a refund the provider refused (failed) is asked again under the same name.
   */
  async function refund(number: string, body: RefundReturnBody, ctx: StaffCtx) {
    const reference = returnRefundReference(number);
    const result = await db.transaction(async (tx) => {
      const row = await repo.lock(number, tx);
      if (!row) throw returnError(404, 'returns.notFound', ctx.locale);
      if (row.status === 'refunded') return row;
      if (row.status !== 'received') {
        throw returnError(409, 'returns.wrongState', ctx.locale, {
          number,
          status: returnStatusLabel(row.status, ctx.locale),
        });
      }
      const order = await repo.orderOf(row.orderId, tx);
      if (!order) throw returnError(404, 'returns.notFound', ctx.locale);
      const [existing] = await tx
        .select()
        .from(tables.refunds)
        .where(eq(tables.refunds.reference, reference));
      if (existing && existing.status !== 'failed') return row;
      if (order.paymentProvider === 'COD' && (!body.method || !body.reference)) {
        throw returnError(400, 'returns.codMethod', ctx.locale);
      }
      if (existing) {
        await tx
          .update(tables.refunds)
          .set({ status: 'requested', lastError: null, updatedAt: sql`now()` })
          .where(eq(tables.refunds.reference, reference));
      } else {
        await tx.insert(tables.refunds).values({
          orderId: order.id,
          paymentId: order.paymentProvider === 'COD' ? null : order.paymentIntentId,
          provider: order.paymentProvider,
          amountFils: row.refundFils,
          reference,
          reason: `return ${number}: ${row.reason}`,
        });
      }
      if (order.paymentProvider === 'COD') {
        await tx
          .update(tables.returns)
          .set({
            refundMethod: body.method ?? null,
            codReference: body.reference ?? null,
            refundedBy: ctx.actor.email,
          })
          .where(eq(tables.returns.id, row.id));
      } else {
        await tx
          .update(tables.returns)
          .set({ refundedBy: ctx.actor.email })
          .where(eq(tables.returns.id, row.id));
      }
      await recordAudit(tx, {
        user: ctx.actor,
        module: 'orders',
        action: 'return-refund',
        entityType: 'return',
        entityId: number,
        before: row,
        after: { reference, amountFils: row.refundFils, method: body.method ?? order.paymentProvider },
        requestId: ctx.requestId,
      });
      return row;
    });
    await wake(result, ctx.log);
    return result;
  }

  return { request, approve, reject, receive, refund };
}
export type ReturnActions = ReturnType<typeof createReturnActions>;
