import { ERRORS, type ErrorBody } from '@backlay/contract';
import { internalServerErrorMessage, networkFailureMessage } from '../config/constants';
import { t } from '../i18n/t';
import { AppError } from './errors';

/*
 * A failed call or a refused answer, made an AppError. Only the HTTP client (shared/http/client.ts,
 * loaded after start-up) reads answers, so the contract's table of error codes stays off the first
 * paint; screens import AppError alone, from ./errors.
 */

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

export interface AnswerOptions {
  /** Exempts the sign-in call from the 401 session rules: a wrong password is not a lost session. */
  isAuthenticate?: boolean;
  /**
   * What the player reads for an error the API answered (its code and message): the HTTP client
   * passes the one that speaks the language on screen. Without it, the server's message as sent.
   */
  playerMessage?: (code: string, serverMessage: string) => string;
}

/**
 * The section 8 error catalogue as one pure function. The client's own messages are read in the
 * language on screen (the same text in English).
 */
export function toAppError(failure: FailedCall, options: AnswerOptions = {}): AppError {
  const { response } = failure;
  if (!response) {
    if (failure.code === 'ERR_CANCELED' || failure.code === 'ECONNABORTED') {
      const timedOut = /^timeout of \d+ms exceeded$/.test(failure.message);
      return new AppError({
        code: timedOut ? 'TIMEOUT' : 'ABORTED',
        message: timedOut ? failure.message : t('shared.request.aborted'),
        aborted: !timedOut,
      });
    }
    if (failure.code === 'ETIMEDOUT') return new AppError({ code: 'TIMEOUT', message: failure.message });
    if (failure.code === 'ERR_NETWORK' || failure.message === 'Network Error') {
      return new AppError({ code: 'NETWORK', message: networkFailureMessage() });
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
      message: options.playerMessage ? options.playerMessage(body.code, body.message) : body.message,
      status,
      validationErrors: body.validationErrors ?? [],
      session,
    });
  }
  if (status >= 500) {
    const text = typeof data === 'string' && data.trim() !== '' ? data.trim() : response.statusText?.trim();
    return new AppError({
      code: 'INTERNAL',
      message: text != null && text !== '' ? text : internalServerErrorMessage(),
      status,
      session,
    });
  }
  const result = data != null && typeof data === 'object' ? (data as { result?: unknown }).result : undefined;
  if (typeof result === 'string' && result.trim() !== '') {
    return new AppError({ code: 'FAILED', message: result, status, session });
  }
  if (status < 400) {
    return new AppError({ code: 'NOT_SUCCESS', message: t('shared.request.notSuccessful'), status, session });
  }
  return new AppError({
    code: 'HTTP_' + status,
    message: t('shared.request.failed', { status }),
    status,
    session,
  });
}

/** An answer that arrived but whose `success` is not true: the action fails. */
export function rejectedAnswer(data: unknown, status: number, options: AnswerOptions = {}): AppError {
  return toAppError({ message: 'success is not true', response: { status, data } }, options);
}
