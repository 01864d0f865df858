export type GatewayErrorCode = 'UNAUTHORIZED' | 'FORBIDDEN' | 'UNAVAILABLE' | 'BAD_RESPONSE';

/** A gateway call that did not give the page its data. Pages branch on `code`. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  readonly code: GatewayErrorCode;
  readonly status: number | null;

  constructor(code: GatewayErrorCode, message: string, status: number | null = null, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.status = status;
  }
}

export function isGatewayError(error: unknown, code?: GatewayErrorCode): error is GatewayError {
  return error instanceof GatewayError && (code === undefined || error.code === code);
}

export function errorCodeForStatus(status: number): GatewayErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  return status >= 500 ? 'UNAVAILABLE' : 'BAD_RESPONSE';
}
