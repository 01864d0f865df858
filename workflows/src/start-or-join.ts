import {
  type Client,
  isGrpcServiceError,
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
} from '@temporalio/client';

/*
 * The one rule every starter in this package follows when it starts (or signals-with-starts) a run
 * under its fixed workflow id: a run that already has the id is an answer, not an error, and
 * Temporal out of reach is the caller's own "try again" error, so its process can answer 503.
 */

/** gRPC status codes (the SDK's grpc-js is not ours to import): the server did not answer in time. */
const CANCELLED = 1;
const UNAVAILABLE = 14;
const DEADLINE_EXCEEDED = 4;

/**
 * The call did not reach Temporal, or not in time. The native connection (the gateway's eager
 * client) reports our own deadline as CANCELLED "Timeout expired", not DEADLINE_EXCEEDED: seen
 * as 2,479 answers of 500 in an overloaded bench that should have been 503 "try again".
 * CANCELLED counts only once the deadline has passed (nothing else cancels a start).
 */
export function isUnreachable(err: unknown, deadline = Number.POSITIVE_INFINITY): boolean {
  const cause = err instanceof ServiceError ? err.cause : err;
  if (!isGrpcServiceError(cause)) return false;
  return (
    cause.code === UNAVAILABLE ||
    cause.code === DEADLINE_EXCEEDED ||
    (cause.code === CANCELLED && Date.now() >= deadline)
  );
}

export interface StartOrJoinOptions {
  /** When Temporal must have answered (epoch ms); none: the SDK's own retries and timeouts. */
  deadline?: number;
  /**
   * Temporal out of reach becomes this error; without it, the SDK's error propagates as it is.
   * (A call that failed otherwise always propagates as it is.)
   */
  unavailable?: (cause: unknown) => Error;
  /** A CANCELLED answer past the deadline counts as out of reach (the start a shopper waits on). */
  cancelledPastDeadline?: boolean;
}

/**
 * Runs `call` (a `client.workflow.start` or `signalWithStart` under a fixed id) within the
 * deadline. Resolves to its answer, or to null when the id's conflict or reuse policy refused a
 * new run: a run with this id exists (or existed), and what it did or does stands.
 */
export async function startOrJoin<T>(
  client: Client,
  call: () => Promise<T>,
  opts: StartOrJoinOptions = {},
): Promise<T | null> {
  const { deadline, unavailable } = opts;
  try {
    return deadline === undefined ? await call() : await client.connection.withDeadline(deadline, call);
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return null;
    if (unavailable && isUnreachable(err, opts.cancelledPastDeadline ? deadline : undefined)) {
      throw unavailable(err);
    }
    throw err;
  }
}
