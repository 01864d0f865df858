import type { AuditActor, Db } from '@qahwa/db';
import { isOrderMoveError, type OrderMoved } from '@qahwa/db';
import type { Locale } from '@qahwa/schema';
import type { MoveOrderStatus, OrderStatusMoved } from '@qahwa/schema/contracts';
import { transitionRefusal } from '@qahwa/schema/orders';
import { hasFollowUp, startOrderFollowUp } from '@qahwa/workflows';
import type { Client } from '@temporalio/client';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { GatewayConfig } from '../config';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';

/** How long a staff move waits for the gateway's own start of its follow-up (the workers' is durable). */
const FOLLOW_UP_START_DEADLINE_MS = 2_000;

export interface OrderMoveDeps {
  /** The app's deps, read at each move as the route always did: the Temporal client there may be swapped. */
  deps: { db: Db; temporal: Client; config: Pick<GatewayConfig, 'checkoutTaskQueue'> };
  repos: Pick<Repositories, 'orderAdmin'>;
}

export interface OrderMoveRequest {
  orderId: string;
  body: z.infer<typeof MoveOrderStatus>;
  actor: AuditActor;
  locale: Locale;
  requestId: string;
  log: FastifyBaseLogger;
}

/**
 * Staff moving an order to another status (POST /api/admin/orders/:id/status, docs/orders.md).
 * The move is one transaction (status, history, audit, outbox, stock and the refund it owes);
 * a move the order's state or version refuses is a 409 saying why. The follow-up that talks to
 * the outside world (the provider's refund, the shopper's e-mail) is a Temporal workflow
 * started after the commit.
 */
export function createOrderMove({ deps, repos }: OrderMoveDeps) {
  const repo = repos.orderAdmin;

  /**
   * Starts the move's follow-up (the refund a cancellation owes, the shopper's e-mail) right
   * after the commit, so the shopper's e-mail does not wait for the outbox. The workers start the
   * same run (same id) from the move's OrderStatusChanged, so if Temporal cannot be reached here
   * the follow-up still happens; the move stays done either way (it is the truth). The attempt
   * is held to FOLLOW_UP_START_DEADLINE_MS: unbounded, an unreachable Temporal kept the staff
   * member's answer waiting about 18 s (measured) for a start the workers make anyway.
   */
  async function startFollowUp(req: OrderMoveRequest, moved: OrderMoved): Promise<string | null> {
    if (!hasFollowUp(moved.status)) return null;
    const { temporal, config } = deps;
    try {
      const { workflowId } = await temporal.connection.withDeadline(
        Date.now() + FOLLOW_UP_START_DEADLINE_MS,
        () =>
          startOrderFollowUp(temporal, config.checkoutTaskQueue, {
            orderId: moved.orderId,
            status: moved.status,
            moveId: moved.moveId,
            requestId: req.requestId,
          }),
      );
      return workflowId;
    } catch (err) {
      // Not an error for the staff member: the workers start it from the event.
      req.log.warn(
        { err, orderId: moved.orderId, moveId: moved.moveId },
        'order follow-up left to the workers',
      );
      return null;
    }
  }

  return async function moveOrder(req: OrderMoveRequest): Promise<z.infer<typeof OrderStatusMoved>> {
    const { orderId, body, locale } = req;
    let moved: OrderMoved;
    try {
      moved = await deps.db.transaction((tx) =>
        repo.move(
          {
            orderId,
            to: body.to,
            version: body.version,
            actor: req.actor,
            note: body.note,
            requestId: req.requestId,
          },
          tx,
        ),
      );
    } catch (err) {
      if (!isOrderMoveError(err)) throw err;
      if (err.code === 'not-found') throw new HttpError(404, 'ORDER_NOT_FOUND', t('notFound', locale));
      const current = err.current ?? { status: body.to, version: body.version };
      req.log.info(
        { orderId, to: body.to, version: body.version, current },
        `order move refused: ${err.code}`,
      );
      throw new HttpError(
        409,
        err.code === 'stale' ? 'ORDER_CHANGED' : 'ILLEGAL_TRANSITION',
        transitionRefusal(err.code, { orderId, from: current.status, to: body.to }, locale),
      );
    }
    req.log.info({ orderId: moved.orderId, from: moved.from, to: moved.status }, 'order moved');
    const workflowId = await startFollowUp(req, moved);
    return {
      orderId: moved.orderId,
      from: moved.from,
      status: moved.status,
      version: moved.version,
      ...(workflowId ? { workflowId } : {}),
    };
  };
}
