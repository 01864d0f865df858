import { CHECKOUT_TASK_QUEUE, contactOf } from '@qahwa/schema';
import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import type { SearchAttributePair } from '@temporalio/common';
import { SA } from '../search-attributes';
import { startOrJoin } from '../start-or-join';
import { payLaterWorkflowId } from '../workflow-ids';
import {
  type PayLaterInput,
  type PayLaterReturn,
  type PayLaterState,
  type payLaterReconciliation,
  payLaterStateQuery,
  shopperReturnedSignal,
  webhookReceivedSignal,
} from './workflow';

/*
 * The gateway's side of the payLaterReconciliation workflow (docs/pay-later.md): it starts the
 * run when the session is made, signals it the webhook and the shopper's return, and reads its
 * state for the shopper's answer.
 */

/** The Temporal service could not be reached: nothing was signalled or started. */
export class PayLaterUnavailableError extends Error {
  override readonly name = 'PayLaterUnavailableError';
  readonly code = 'CHECKOUT_UNAVAILABLE';
}
export const isPayLaterUnavailable = (e: unknown): e is PayLaterUnavailableError =>
  e instanceof PayLaterUnavailableError;

const unavailable = (cause: unknown) => new PayLaterUnavailableError('Temporal is unreachable', { cause });

export interface PayLaterClientOptions {
  taskQueue?: string;
  startTimeoutMs?: number;
}

function startOptions(input: PayLaterInput, opts: PayLaterClientOptions) {
  const email = contactOf(input.checkout.order.customerInfo).email;
  return {
    taskQueue: opts.taskQueue ?? CHECKOUT_TASK_QUEUE,
    workflowId: payLaterWorkflowId(input.paymentId),
    args: [input] as [PayLaterInput],
    // A checkout that ended (cancelled, expired) keeps its run: a late webhook must not start a
    // second one that would read the payment and act again.
    workflowIdReusePolicy: 'REJECT_DUPLICATE' as const,
    memo: { requestId: input.checkout.requestId },
    // The operator finds it by the provider's payment id from the start, by the order number
    // once the workflow has made the order (docs/pay-later.md).
    typedSearchAttributes: <SearchAttributePair[]>[
      { key: SA.checkoutId, value: input.checkout.checkoutId },
      { key: SA.customerEmail, value: email },
      { key: SA.paymentProvider, value: 'TABBY' },
      { key: SA.paymentId, value: input.paymentId },
    ],
  };
}

/** Starts payLaterReconciliation for a new session (joins the run if one exists). */
export async function startPayLater(
  client: Client,
  input: PayLaterInput,
  opts: PayLaterClientOptions = {},
): Promise<void> {
  await startOrJoin(
    client,
    () =>
      client.workflow.start<typeof payLaterReconciliation>('payLaterReconciliation', {
        ...startOptions(input, opts),
        workflowIdConflictPolicy: 'USE_EXISTING',
      }),
    { deadline: Date.now() + (opts.startTimeoutMs ?? 3000), unavailable },
  );
}

/**
 * Tells the workflow of this payment that something happened (the webhook, the shopper's return),
 * starting it first if the gateway could not when the session was made. A run that already
 * ended answers 'ended': nothing to do, its outcome stands.
 */
export type PayLaterNews = { webhook: { status?: string } } | { returned: { result: PayLaterReturn } };

export async function signalPayLater(
  client: Client,
  input: PayLaterInput,
  news: PayLaterNews,
  opts: PayLaterClientOptions = {},
): Promise<'signalled' | 'ended'> {
  const signalled = await startOrJoin(
    client,
    () =>
      'webhook' in news
        ? client.workflow.signalWithStart('payLaterReconciliation', {
            ...startOptions(input, opts),
            signal: webhookReceivedSignal,
            signalArgs: [news.webhook],
          })
        : client.workflow.signalWithStart('payLaterReconciliation', {
            ...startOptions(input, opts),
            signal: shopperReturnedSignal,
            signalArgs: [news.returned],
          }),
    { deadline: Date.now() + (opts.startTimeoutMs ?? 3000), unavailable },
  );
  return signalled ? 'signalled' : 'ended';
}

/** The workflow's state now (its result once it ended); null when there is no run. */
export async function payLaterStateOf(client: Client, paymentId: string): Promise<PayLaterState | null> {
  const handle = client.workflow.getHandle<typeof payLaterReconciliation>(payLaterWorkflowId(paymentId));
  try {
    const described = await handle.describe();
    switch (described.status.name) {
      case 'RUNNING':
        return await handle.query(payLaterStateQuery);
      case 'COMPLETED':
        return await handle.result();
      default:
        // Failed, terminated, timed out: no order was made by it.
        return { status: 'failed', reason: 'rejected' };
    }
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return null;
    throw err;
  }
}

/** Asks until the state is no longer pending or the time is up (the shopper's return waits ~8 s). */
export async function waitForPayLaterState(
  client: Client,
  paymentId: string,
  waitMs: number,
): Promise<PayLaterState | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const state = await payLaterStateOf(client, paymentId);
    if ((state && state.status !== 'pending') || Date.now() >= until) return state;
    await new Promise((r) => setTimeout(r, 250));
  }
}
