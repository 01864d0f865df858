export type TabbyErrorCode = 'TABBY_HTTP' | 'TABBY_NETWORK' | 'TABBY_TIMEOUT' | 'TABBY_BAD_RESPONSE';

/**
 * A failed Tabby call. `status` is the HTTP status (0 when no answer came); `retryable` is true for
 * 5xx, 429, timeouts and network failures, false for the answers that will not change on a retry
 * (400 not authorised, 401 bad key, 404 unknown payment, 409 already captured).
 */
export class TabbyError extends Error {
  override readonly name = 'TabbyError';
  constructor(
    message: string,
    readonly code: TabbyErrorCode,
    readonly status: number,
    readonly body: unknown,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export function isTabbyError(err: unknown): err is TabbyError {
  return err instanceof Error && err.name === 'TabbyError' && 'retryable' in err;
}
