import { ERRORS, type ErrorBody } from '@backlay/contract';
import { INTERNAL_SERVER_ERROR_MESSAGE, NETWORK_FAILURE_MESSAGE } from '../config/constants';

/**
 * What a failed call becomes. `session` says what the session must do about it:
 * 'expired' (clear and go to /Auth/Logout), 'unauthorized' (clear and open the login modal).
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number | null;
  readonly validationErrors: { field: string; message: string }[];
  readonly session: 'expired' | 'unauthorized' | null;
  readonly aborted: boolean;

  constructor(init: {
    code: string;
    message: string;
    status?: number | null;
    validationErrors?: { field: string; message: string }[];
    session?: 'expired' | 'unauthorized' | null;
    aborted?: boolean;
  }) {
    super(init.message);
    this.name = 'AppError';
    this.code = init.code;
    this.status = init.status ?? null;
    this.validationErrors = init.validationErrors ?? [];
    this.session = init.session ?? null;
    this.aborted = init.aborted ?? false;
  }
}

/** The shape of a failed axios call, without depending on axios here. */
export interface FailedCall {
  /** axios error code: ERR_NETWORK, ECONNABORTED, ETIMEDOUT, ERR_CANCELED, ERR_BAD_RESPONSE, … */
  code?: string | undefined;
  /** The client's own message: 'Network Error', 'Request aborted', 'timeout of Nms exceeded', … */
  message: string;
  response?: { status: number; statusText?: string; data?: unknown } | undefined;
}

/** The session-expired codes: a body that says 401 for a token that no longer works. */
const SESSION_EXPIRED_CODES = new Set(['TOKEN_EXPIRED', 'REFRESH_TOKEN_INVALID']);
/** Codes whose 401 is an answer about credentials, not about the session. */
const CREDENTIAL_CODES = new Set(['INVALID_CREDENTIALS']);

function errorBodyOf(data: unknown): ErrorBody | null {
  if (data == null || typeof data !== 'object') return null;
  const error = (data as { error?: unknown }).error;
  if (error == null || typeof error !== 'object') return null;
  const e = error as Partial<ErrorBody>;
  if (typeof e.message !== 'string') return null;
  return {
    code: typeof e.code === 'string' ? e.code : 'UNKNOWN',
    message: e.message,
    ...(e.details != null ? { details: e.details } : {}),
    ...(Array.isArray(e.validationErrors) ? { validationErrors: e.validationErrors } : {}),
  };
}

/** A status written inside the body (`{ status: 401 }`), or implied by a 401 error code. */
function bodyStatusOf(data: unknown, body: ErrorBody | null): number | null {
  if (data != null && typeof data === 'object') {
    const s =
      (data as { status?: unknown; statusCode?: unknown }).status ??
      (data as { statusCode?: unknown }).statusCode;
    if (typeof s === 'number') return s;
  }
  if (body && body.code in ERRORS) return ERRORS[body.code as keyof typeof ERRORS].status;
  return null;
}

/**
 * The section 8 error catalogue as one pure function. `isAuthenticate` exempts the sign-in call
 * from the 401 session rules: a wrong password is not a lost session.
 */
export function toAppError(failure: FailedCall, options: { isAuthenticate?: boolean } = {}): AppError {
  const { response } = failure;
  if (!response) {
    if (failure.code === 'ERR_CANCELED' || failure.code === 'ECONNABORTED') {
      const timedOut = /^timeout of \d+ms exceeded$/.test(failure.message);
      return new AppError({
        code: timedOut ? 'TIMEOUT' : 'ABORTED',
        message: timedOut ? failure.message : 'Request aborted',
        aborted: !timedOut,
      });
    }
    if (failure.code === 'ETIMEDOUT') return new AppError({ code: 'TIMEOUT', message: failure.message });
    if (failure.code === 'ERR_NETWORK' || failure.message === 'Network Error') {
      return new AppError({ code: 'NETWORK', message: NETWORK_FAILURE_MESSAGE });
    }
    return new AppError({ code: 'CLIENT', message: failure.message });
  }

  const { status, data } = response;
  const body = errorBodyOf(data);
  const bodyStatus = bodyStatusOf(data, body);
  const credentialAnswer =
    options.isAuthenticate === true || (body != null && CREDENTIAL_CODES.has(body.code));
  let session: AppError['session'] = null;
  if (!credentialAnswer) {
    if (status === 401) {
      session = body != null && SESSION_EXPIRED_CODES.has(body.code) ? 'expired' : 'unauthorized';
    } else if (bodyStatus === 401) {
      session = 'expired';
    }
  }

  if (body) {
    return new AppError({
      code: body.code,
      message: body.message,
      status,
      validationErrors: body.validationErrors ?? [],
      session,
    });
  }
  if (status >= 500) {
    const text = typeof data === 'string' && data.trim() !== '' ? data.trim() : response.statusText?.trim();
    return new AppError({
      code: 'INTERNAL',
      message: text != null && text !== '' ? text : INTERNAL_SERVER_ERROR_MESSAGE,
      status,
      session,
    });
  }
  const result = data != null && typeof data === 'object' ? (data as { result?: unknown }).result : undefined;
  if (typeof result === 'string' && result.trim() !== '') {
    return new AppError({ code: 'FAILED', message: result, status, session });
  }
  if (status < 400) {
    return new AppError({ code: 'NOT_SUCCESS', message: 'The request was not successful.', status, session });
  }
  return new AppError({
    code: 'HTTP_' + status,
    message: `Request failed with status code ${status}`,
    status,
    session,
  });
}

/** An answer that arrived but whose `success` is not true: the action fails. */
export function rejectedAnswer(
  data: unknown,
  status: number,
  options: { isAuthenticate?: boolean } = {},
): AppError {
  return toAppError({ message: 'success is not true', response: { status, data } }, options);
}
