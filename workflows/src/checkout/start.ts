import {
  CHECKOUT_TASK_QUEUE,
  type CheckoutToOrderInput,
  type CheckoutToOrderResult,
  contactOf,
} from '@qahwa/schema';
import type { Client } from '@temporalio/client';
import type { SearchAttributePair } from '@temporalio/common';
import { SA } from '../search-attributes';
import { startOrJoin } from '../start-or-join';
import { workflowIdOf } from '../workflow-ids';
import { type checkoutToOrder, paymentSucceededSignal } from './workflow';

/** The Temporal service could not be reached to start a checkout: nothing was started. */
export class CheckoutUnavailableError extends Error {
  override readonly name = 'CheckoutUnavailableError';
  readonly code = 'CHECKOUT_UNAVAILABLE';
}
export const isCheckoutUnavailable = (e: unknown): e is CheckoutUnavailableError =>
  e instanceof CheckoutUnavailableError;

export interface RunCheckoutOptions {
  taskQueue?: string;
  /**
   * How long the start may take, retries included. The SDK retries an unreachable server for
   * about 15 s; a shopper should hear "try again in a moment" well before that.
   */
  startTimeoutMs?: number;
  /**
   * Ask the server to hand the first workflow task straight back (eager start). Only for a
   * client on a NativeConnection shared with a running worker of this task queue.
   */
  eager?: boolean;
}

export interface TimedCheckout {
  result: CheckoutToOrderResult;
  /** ms: the start call, and the wait for the workflow's result after it. */
  timings: { startMs: number; workflowMs: number };
  /** The server gave the first workflow task to this process's worker in the start response. */
  eagerlyStarted: boolean;
}

/** Searchable from the start: the order number is added by the workflow once it exists. */
function searchAttributesOf(input: CheckoutToOrderInput): SearchAttributePair[] {
  const order = input.order;
  return [
    { key: SA.checkoutId, value: input.checkoutId },
    { key: SA.customerEmail, value: contactOf(order.customerInfo).email },
    { key: SA.paymentProvider, value: order.paymentProvider ?? 'COD' },
    ...(order.paymentIntentId ? [{ key: SA.paymentId, value: order.paymentIntentId }] : []),
  ];
}

/**
 * Starts checkoutToOrder for a checkout, or joins the run that already exists for it
 * (a double click, a retry with the same Idempotency-Key), and waits for its result.
 * Throws CheckoutUnavailableError when Temporal cannot be reached to start it.
 */
export async function runCheckoutTimed(
  client: Client,
  input: CheckoutToOrderInput,
  opts: RunCheckoutOptions = {},
): Promise<TimedCheckout> {
  const workflowId = workflowIdOf(input);
  const t0 = performance.now();
  const started = await startOrJoin(
    client,
    () =>
      client.workflow.start<typeof checkoutToOrder>('checkoutToOrder', {
        ...(opts.eager ? { requestEagerStart: true } : {}),
        taskQueue: opts.taskQueue ?? CHECKOUT_TASK_QUEUE,
        workflowId,
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
        memo: { requestId: input.requestId },
        typedSearchAttributes: searchAttributesOf(input),
      }),
    {
      deadline: Date.now() + (opts.startTimeoutMs ?? 3000),
      cancelledPastDeadline: true,
      unavailable: (cause) =>
        new CheckoutUnavailableError('Temporal is unreachable; the checkout was not started', { cause }),
    },
  );
  // Already completed before: the completed run's result is the answer.
  const handle: { result(): Promise<CheckoutToOrderResult> } =
    started ?? client.workflow.getHandle<typeof checkoutToOrder>(workflowId);
  const eagerlyStarted = started?.eagerlyStarted ?? false;
  const t1 = performance.now();
  const result = await handle.result();
  return { result, timings: { startMs: t1 - t0, workflowMs: performance.now() - t1 }, eagerlyStarted };
}

export async function runCheckout(
  client: Client,
  input: CheckoutToOrderInput,
  taskQueue: string = CHECKOUT_TASK_QUEUE,
): Promise<CheckoutToOrderResult> {
  return (await runCheckoutTimed(client, input, { taskQueue })).result;
}

/**
 * The Stripe webhook's half of a card checkout: signals the run of this payment intent that the
 * payment succeeded, starting it first if the browser never did (the tab closed right after
 * paying). Does not wait for the order. A run that already completed answers "already started":
 * the order exists, nothing to do. Throws CheckoutUnavailableError when Temporal is unreachable
 * (the webhook answers 503 and Stripe delivers again).
 */
export async function signalPaymentSucceeded(
  client: Client,
  input: CheckoutToOrderInput,
  eventId: string,
  opts: Pick<RunCheckoutOptions, 'taskQueue' | 'startTimeoutMs'> = {},
): Promise<'signalled' | 'completed'> {
  const signalled = await startOrJoin(
    client,
    () =>
      client.workflow.signalWithStart<typeof checkoutToOrder, [{ eventId: string }]>('checkoutToOrder', {
        taskQueue: opts.taskQueue ?? CHECKOUT_TASK_QUEUE,
        workflowId: workflowIdOf(input),
        args: [input],
        signal: paymentSucceededSignal,
        signalArgs: [{ eventId }],
        workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
        memo: { requestId: input.requestId },
        typedSearchAttributes: searchAttributesOf(input),
      }),
    {
      deadline: Date.now() + (opts.startTimeoutMs ?? 3000),
      unavailable: (cause) =>
        new CheckoutUnavailableError('Temporal is unreachable; the payment was not signalled', { cause }),
    },
  );
  return signalled ? 'signalled' : 'completed';
}
