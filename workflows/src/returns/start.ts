import { returnWorkflowId } from '@qahwa/schema/returns';
import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { SA } from '../search-attributes';
import type { ReturnProcessInput } from './workflow';

export { returnWorkflowId };

/**
 * Starts a return's `returnProcess` (id `return-<number>`, the order number as a search
 * attribute so the Temporal UI finds it by order), from the gateway right after the request's
 * commit and from the workers on ReturnRequested: the second is a no-op. A run still open under
 * the same id for another database's return (its memo's return id differs: numbers restart in a
 * fresh database, Temporal keeps its runs) is ended and ours started; a closed run of ours is
 * started again harmlessly (it reads the row and ends at once if nothing is owed).
 */
export async function startReturnProcess(
  client: Client,
  taskQueue: string,
  input: ReturnProcessInput,
): Promise<{ workflowId: string; started: boolean }> {
  const workflowId = returnWorkflowId(input.returnNumber);
  const start = () =>
    client.workflow.start('returnProcess', {
      taskQueue,
      workflowId,
      args: [input],
      memo: { returnId: input.returnId },
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      typedSearchAttributes: [{ key: SA.orderNumber, value: input.orderId }],
    });
  try {
    await start();
    return { workflowId, started: true };
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
  const running = client.workflow.getHandle(workflowId);
  const info = await running.describe();
  if (info.memo?.returnId === input.returnId) return { workflowId, started: false };
  await running.terminate('another database’s return under the same number').catch((e) => {
    if (!(e instanceof WorkflowNotFoundError)) throw e;
  });
  await start();
  return { workflowId, started: true };
}

/** Wakes the return's run after a staff action committed (it reads the row again). */
export async function signalReturnChanged(client: Client, returnNumber: string): Promise<void> {
  await client.workflow.getHandle(returnWorkflowId(returnNumber)).signal('returnChanged');
}
