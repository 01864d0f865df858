import { isShopperNotified } from '@qahwa/schema/orders';
import type { OrderStatus } from '@qahwa/schema/reference';
import type { Client } from '@temporalio/client';
import { SA } from '../search-attributes';
import { startOrJoin } from '../start-or-join';
import { orderFollowUpWorkflowId } from '../workflow-ids';
import type { orderFollowUp } from './workflow';

export interface OrderFollowUpStart {
  orderId: string;
  status: OrderStatus;
  /** The move's order_status_history row: part of the workflow id. */
  moveId: string;
  requestId?: string | undefined;
}

/** Whether a move to `status` owes the outside world anything (a refund, the shopper's e-mail). */
export const hasFollowUp = (status: OrderStatus) => status === 'cancelled' || isShopperNotified(status);

/**
 * Starts a staff move's follow-up (docs/orders.md), from the gateway right after the commit and
 * from the workers on the outbox's OrderStatusChanged: the same id from both, so whichever comes
 * second is a no-op. A running run is joined (USE_EXISTING); a closed one is not run again
 * (REJECT_DUPLICATE: the default would start a second run once the first has completed).
 * Resolves to the workflow id and whether the run had already ended (`closed`); throws when
 * Temporal could not be asked.
 */
export async function startOrderFollowUp(
  client: Client,
  taskQueue: string,
  move: OrderFollowUpStart,
): Promise<{ workflowId: string; closed: boolean }> {
  const workflowId = orderFollowUpWorkflowId(move.orderId, move.status, move.moveId);
  const started = await startOrJoin(client, () =>
    client.workflow.start<typeof orderFollowUp>('orderFollowUp', {
      taskQueue,
      workflowId,
      args: [
        {
          orderId: move.orderId,
          status: move.status,
          ...(move.requestId ? { requestId: move.requestId } : {}),
        },
      ],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: [{ key: SA.orderNumber, value: move.orderId }],
    }),
  );
  return { workflowId, closed: started === null };
}
