import { ERRORS, type ErrorBody, type ErrorCode } from '@backlay/contract';

/** The one error type services throw: a stable code whose status and default message live in the contract. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly validationErrors?: { field: string; message: string }[],
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }

  toBody(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.validationErrors ? { validationErrors: this.validationErrors } : {}),
    };
  }
}

export const fail = (code: ErrorCode, message?: string) => new AppError(code, message);
