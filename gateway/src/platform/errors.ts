/** An error with an HTTP status and a message already written for the user. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;
