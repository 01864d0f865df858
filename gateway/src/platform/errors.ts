import type { ErrorIssue } from '@qahwa/schema';

/**
 * An error with an HTTP status and a message already written for the user. Routes throw it; the
 * one error handler in app.ts turns it into the shared `ErrorBody`.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra parts of the body; only `issues` is kept (the body shape is fixed). */
    readonly body: { issues?: ErrorIssue[] } & Record<string, unknown> = {},
    /** Headers to send with the answer (Retry-After for a locked account). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;
