import { ERROR_CATALOGUE, type ErrorBody, type ErrorCode, type FieldIssue } from '@baitcheck/contracts';

/**
 * The one error type the API answers with. The status and default sentence come from the
 * contract's catalogue, so a code always means the same thing to clients.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: FieldIssue[],
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }

  toBody(requestId?: string): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details ? { details: this.details } : {}),
        ...(requestId ? { requestId } : {}),
      },
    };
  }
}
