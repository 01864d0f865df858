import {
  CHECKOUT_TASK_QUEUE,
  type CheckoutToOrderInput,
  type CheckoutToOrderResult,
  checkoutWorkflowId,
} from '@qahwa/schema';
import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { checkoutToOrder } from './workflows';

/**
 * Starts checkoutToOrder for a checkout, or joins the run that already exists for it
 * (a double click, a retry with the same Idempotency-Key), and waits for its result.
 */
export async function runCheckout(
  client: Client,
  input: CheckoutToOrderInput,
  taskQueue: string = CHECKOUT_TASK_QUEUE,
): Promise<CheckoutToOrderResult> {
  const workflowId = checkoutWorkflowId(input.checkoutId);
  try {
    const handle = await client.workflow.start<typeof checkoutToOrder>('checkoutToOrder', {
      taskQueue,
      workflowId,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
      memo: { requestId: input.requestId },
    });
    return await handle.result();
  } catch (err) {
    // Already completed before: the completed run's result is the answer.
    if (err instanceof WorkflowExecutionAlreadyStartedError) {
      return client.workflow.getHandle<typeof checkoutToOrder>(workflowId).result();
    }
    throw err;
  }
}
