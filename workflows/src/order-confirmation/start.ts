import type { Client } from '@temporalio/client';
import { startOrJoin } from '../start-or-join';

export interface OrderConfirmationStart {
  orderId: string;
  /** orderConfirmationWorkflowId of the run that made the order (workflow-ids.ts). */
  workflowId: string;
  taskQueue: string;
}

/**
 * Starts an order's orderConfirmation workflow (the shopper's e-mail), or finds the run that
 * already has its fixed id: from a checkout's workflow (a local activity) and from the gateway
 * when staff complete a card order. Throws when Temporal could not be asked; `startTimeoutMs`
 * bounds the call, retries included (none: the SDK's own).
 */
export async function startOrderConfirmation(
  client: Client,
  start: OrderConfirmationStart,
  opts: { startTimeoutMs?: number } = {},
): Promise<void> {
  await startOrJoin(
    client,
    () =>
      client.workflow.start('orderConfirmation', {
        workflowId: start.workflowId,
        taskQueue: start.taskQueue,
        args: [start.orderId],
        workflowIdConflictPolicy: 'USE_EXISTING',
        // A run left on a task queue nobody polls any more (a test's) ends by itself.
        workflowExecutionTimeout: '4 days',
      }),
    opts.startTimeoutMs === undefined ? {} : { deadline: Date.now() + opts.startTimeoutMs },
  );
}
