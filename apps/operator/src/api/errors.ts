import { AxiosError } from 'axios';
import type { ErrorBody } from '@backlay/contract';

/**
 * What a failed call becomes: the server's coded error (code, message, HTTP status, the fields it
 * refused), or one of ours when no answer came (NETWORK, TIMEOUT) or the answer could not be read
 * (BAD_RESPONSE). Screens switch on `code` and `status`, never on the message.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number | null;
  readonly validationErrors: { field: string; message: string }[];
  /** A 429's Retry-After, in seconds, when the server sent one. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    code: string;
    message: string;
    status?: number | null;
    validationErrors?: { field: string; message: string }[];
    retryAfterSeconds?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status ?? null;
    this.validationErrors = init.validationErrors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

export const NETWORK_MESSAGE = 'The server could not be reached. Check the connection and try again.';
export const BAD_RESPONSE_MESSAGE = 'The server sent an answer this console cannot read.';

/** The envelope's `error` when it has the contract's shape; null otherwise. */
function errorBodyOf(data: unknown): ErrorBody | null {
  if (data == null || typeof data !== 'object') return null;
  const error = (data as { error?: unknown }).error;
  if (error == null || typeof error !== 'object') return null;
  const e = error as Partial<ErrorBody>;
  if (typeof e.code !== 'string' || typeof e.message !== 'string') return null;
  return {
    code: e.code,
    message: e.message,
    ...(Array.isArray(e.validationErrors) ? { validationErrors: e.validationErrors } : {}),
  };
}

function retryAfterOf(headers: unknown): number | null {
  const raw =
    headers != null && typeof headers === 'object'
      ? (headers as Record<string, unknown>)['retry-after']
      : undefined;
  const seconds = typeof raw === 'string' || typeof raw === 'number' ? Number(raw) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

/** An answer (any status) whose envelope is not a success. */
export function apiErrorOfAnswer(status: number, data: unknown, headers?: unknown): ApiError {
  const body = errorBodyOf(data);
  const retryAfterSeconds = retryAfterOf(headers);
  if (body) {
    return new ApiError({
      code: body.code,
      message: body.message,
      status,
      validationErrors: body.validationErrors ?? [],
      retryAfterSeconds,
    });
  }
  if (status >= 500) {
    return new ApiError({ code: 'INTERNAL', message: `The server failed (HTTP ${status}).`, status });
  }
  if (status >= 400) {
    return new ApiError({ code: `HTTP_${status}`, message: `The server refused (HTTP ${status}).`, status });
  }
  return new ApiError({ code: 'BAD_RESPONSE', message: BAD_RESPONSE_MESSAGE, status });
}

/** Anything a call threw, as an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    if (error.response) {
      return apiErrorOfAnswer(error.response.status, error.response.data, error.response.headers);
    }
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
      return new ApiError({ code: 'TIMEOUT', message: 'The server took too long to answer. Try again.' });
    }
    if (error.code === 'ERR_CANCELED') return new ApiError({ code: 'ABORTED', message: 'Cancelled.' });
    return new ApiError({ code: 'NETWORK', message: NETWORK_MESSAGE });
  }
  return new ApiError({ code: 'CLIENT', message: error instanceof Error ? error.message : String(error) });
}

/** A refusal because of the operator's role (or a player's token): the screen says "not allowed". */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}
