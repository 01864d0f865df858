import { randomUUID } from 'node:crypto';
import {
  eventEnvelope,
  type OrderStatus,
  type OrderStatusChanged,
  type PaymentProvider,
} from '@qahwa/schema';
import { canTransition } from '@qahwa/schema/orders';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { orderStatusHistory, orders, refunds } from '../../schema';
import { type AuditActor, recordAudit } from '../audit/audit';
import { createStockRepository } from '../catalogue/stock';
import { createOutboxRepository } from '../operations/outbox';

/** Why a staff move was refused; the caller turns it into a 404 or a 409 the staff member can read. */
export class OrderMoveError extends Error {
  override readonly name = 'OrderMoveError';
  constructor(
    readonly code: 'not-found' | 'illegal' | 'stale',
    readonly orderId: string,
    /** What the order is now (absent when there is no such order). */
    readonly current?: { status: OrderStatus; version: number },
  ) {
    super(`order ${orderId}: ${code}`);
  }
}
export const isOrderMoveError = (e: unknown): e is OrderMoveError => e instanceof OrderMoveError;

export interface OrderMove {
  orderId: string;
  to: OrderStatus;
  /** The version the staff member saw. */
  version: number;
  actor: AuditActor;
  note?: string | undefined;
  requestId?: string | undefined;
}

export interface OrderMoved {
  orderId: string;
  /** The move's history row: the follow-up workflow is named after it. */
  moveId: string;
  from: OrderStatus;
  status: OrderStatus;
  version: number;
  paymentProvider: PaymentProvider;
  /** Set when a cancellation owes the shopper money: the refund row the workflow will carry out. */
  refund: { reference: string; provider: 'STRIPE' | 'TABBY'; paymentId: string; amountFils: number } | null;
}

/**
 * The idempotency key of an order's refund, sent to the provider: one cancellation, one refund.
 * The checkout id is in it because order numbers start again at QH-100001 in a fresh database
 * (tests, a reset development store) while the provider keeps its keys: a key must never name
 * two different refunds.
 */
export const refundReferenceOf = (orderId: string, checkoutId: string) => `refund-${orderId}-${checkoutId}`;

/** Staff moving an order from one status to another (the order page's one write). */
export function createOrderMoves(db: DbOrTx) {
  const outboxRepo = createOutboxRepository(db);
  const stock = createStockRepository(db);

  return {
    /**
     * THE status command (docs/orders.md). In one transaction: lock the order, check the version
     * the staff member saw (a stale page is refused, nothing written), check the transition by the
     * shared rule, write the status with the next version, a history row, the audit entry and the
     * outbox's OrderStatusChanged. A cancellation also gives the stock back here (through the
     * stock module, once: the status is its guard) and, for a card or pay-later order, records the
     * refund it owes under its idempotency key, which the cancellation workflow then carries out.
     */
    async move(move: OrderMove, tx: DbOrTx = db): Promise<OrderMoved> {
      const [order] = await tx.select().from(orders).where(eq(orders.id, move.orderId)).for('update');
      if (!order) throw new OrderMoveError('not-found', move.orderId);
      const current = { status: order.status, version: order.version };
      if (order.version !== move.version) throw new OrderMoveError('stale', move.orderId, current);
      if (!canTransition(order.status, move.to)) throw new OrderMoveError('illegal', move.orderId, current);

      if (move.to === 'cancelled') await stock.cancelOrder(order.id, move.requestId, tx);
      const [updated] = await tx
        .update(orders)
        // clock_timestamp, not now(): the projection keeps the newest status by this time, and now()
        // is when the transaction began, which may be before the move it waited behind.
        .set({ status: move.to, version: sql`${orders.version} + 1`, updatedAt: sql`clock_timestamp()` })
        .where(and(eq(orders.id, order.id), eq(orders.version, move.version)))
        .returning({ version: orders.version, updatedAt: orders.updatedAt });
      // The row lock above makes this unreachable; kept so a future caller without it cannot double-move.
      if (!updated) throw new OrderMoveError('stale', move.orderId, current);

      const [history] = await tx
        .insert(orderStatusHistory)
        .values({
          orderId: order.id,
          fromStatus: order.status,
          toStatus: move.to,
          byUserId: move.actor.id,
          byEmail: move.actor.email,
          note: move.note ?? null,
          requestId: move.requestId ?? null,
        })
        .returning({ id: orderStatusHistory.id });
      const event: OrderStatusChanged = eventEnvelope(
        'OrderStatusChanged',
        {
          orderId: order.id,
          from: order.status,
          to: move.to,
          changedAt: updated.updatedAt.toISOString(),
          // The workers start the move's follow-up from this event, under the gateway's workflow id.
          moveId: history!.id,
        },
        {
          id: randomUUID(),
          occurredAt: updated.updatedAt.toISOString(),
          ...(move.requestId ? { requestId: move.requestId } : {}),
        },
      );
      await outboxRepo.append(event, tx);
      await recordAudit(tx, {
        user: move.actor,
        module: 'orders',
        action: 'status',
        entityType: 'order',
        entityId: order.id,
        before: current,
        after: { status: move.to, version: updated.version, note: move.note ?? null },
        ...(move.requestId ? { requestId: move.requestId } : {}),
      });

      let refund: OrderMoved['refund'] = null;
      if (
        move.to === 'cancelled' &&
        order.paymentProvider !== 'COD' &&
        order.paymentIntentId &&
        order.totalFils > 0
      ) {
        refund = {
          reference: refundReferenceOf(order.id, order.checkoutId),
          provider: order.paymentProvider,
          paymentId: order.paymentIntentId,
          amountFils: order.totalFils,
        };
        await tx
          .insert(refunds)
          .values({
            orderId: order.id,
            paymentId: refund.paymentId,
            provider: refund.provider,
            amountFils: refund.amountFils,
            reference: refund.reference,
            reason: move.note ?? 'order cancelled',
          })
          .onConflictDoNothing();
      }
      return {
        orderId: order.id,
        moveId: history!.id,
        from: order.status,
        status: move.to,
        version: updated.version,
        paymentProvider: order.paymentProvider,
        refund,
      };
    },
  };
}
