import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import {
  ERRORS,
  moneyToWire,
  type RouteBody,
  type RouteKey,
  type RouteQuery,
  type RouteResult,
  type StorageKey,
} from '@backlay/contract';
import { z } from 'zod';
import { HTTP_TIMEOUT_MS } from '../config/constants';
import { bus } from '../events/bus';
import { ensureFreshAccessToken, renewAccessToken } from '../session/session-rules';
import { clearSessionStorage, getAccessToken, storage } from '../storage/storage';
import { apiBaseUrl } from './base-url';
import { AppError } from './errors';
import { rejectedAnswer, toAppError } from './answers';
import { finishRequest, trackRequest } from './request-tracker';
import { routeDef } from './route-defs';
import { sanitizeIncoming, sanitizeOutgoing } from './sanitize';
import { badResponseMessage, playerMessage } from './server-messages';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sent without an Authorization header (section 6). */
    skipAuth?: boolean;
  }
}

/** Opaque credentials: never rewritten by the outgoing sanitiser. */
const EXEMPT_FIELDS = ['accessToken', 'refreshToken'] as const;

export const http = axios.create({ timeout: HTTP_TIMEOUT_MS });

http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  if (config.data !== undefined && !(config.data instanceof FormData)) {
    config.data = sanitizeOutgoing(config.data, EXEMPT_FIELDS);
  }
  if (config.params !== undefined) config.params = sanitizeOutgoing(config.params, EXEMPT_FIELDS);
  const token = getAccessToken();
  if (config.skipAuth) config.headers.delete('Authorization');
  else if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

http.interceptors.response.use((response) => {
  response.data = sanitizeIncoming(response.data);
  return response;
});

function onSessionProblem(error: AppError, path: string): void {
  if (error.session == null) return;
  clearSessionStorage();
  bus.emit(error.session === 'expired' ? 'session:expired' : 'session:unauthorized', { path });
}

function asFailure(error: unknown) {
  if (error instanceof AxiosError) {
    return {
      code: error.code,
      message: error.message,
      response: error.response
        ? { status: error.response.status, statusText: error.response.statusText, data: error.response.data }
        : undefined,
    };
  }
  if (axios.isCancel(error)) return { code: 'ERR_CANCELED', message: 'Request aborted' };
  return { message: error instanceof Error ? error.message : String(error) };
}

/** One tracked request; resolves with the envelope's result or rejects with an AppError. */
async function send(
  config: AxiosRequestConfig & { url: string },
  options: { isAuthenticate?: boolean; signal?: AbortSignal | null | undefined } = {},
): Promise<unknown> {
  const tracked = trackRequest(config.url, options.signal);
  try {
    const response = await http.request({ ...config, signal: tracked.signal });
    const data = response.data as { success?: unknown; result?: unknown } | null;
    if (data == null || data.success !== true) {
      throw rejectedAnswer(data, response.status, {
        isAuthenticate: options.isAuthenticate ?? false,
        playerMessage,
      });
    }
    finishRequest(tracked.id, true);
    return data.result;
  } catch (error) {
    finishRequest(tracked.id, false);
    throw error instanceof AppError
      ? error
      : toAppError(asFailure(error), { isAuthenticate: options.isAuthenticate ?? false, playerMessage });
  }
}

export interface CallOptions<K extends RouteKey> {
  query?: RouteQuery<K>;
  /** Parsed values (money in paise): the route's money codecs send the money as rupees. */
  body?: RouteBody<K>;
  signal?: AbortSignal | null;
  /**
   * false: a refusal does not run the section 8 session rules (clear, login modal, /Auth/Logout);
   * the caller decides (the session's own calls: renewal, token check, lifetimes).
   */
  sessionRules?: boolean;
}

/** A signed-in call with no session to send it with: refused here, never sent (it would answer 401). */
function signedOut(): AppError {
  return new AppError({
    code: 'SIGNED_OUT',
    message: playerMessage('UNAUTHENTICATED', ERRORS.UNAUTHENTICATED.message),
    aborted: true,
  });
}

/**
 * The body as the wire has it: its money (paise) encoded by the route's money codecs into rupees,
 * the rest as given. The server validates the body, as it always has.
 */
function bodyOnTheWire(schema: z.ZodType | undefined, body: unknown): unknown {
  return schema === undefined || body === undefined ? body : moneyToWire(schema, body);
}

/**
 * Calls one operation of the contract's route table and parses its result with the route's
 * schema, so nothing unchecked reaches a screen.
 */
export async function call<K extends RouteKey>(
  key: K,
  options: CallOptions<K> = {},
): Promise<RouteResult<K>> {
  const route = await routeDef(key);
  const withToken = route.auth !== 'none';
  // A tab back from sleep holds an access token that ran out: renew it before using it.
  const renewing = withToken ? ensureFreshAccessToken() : null;
  if (renewing) await renewing;
  if (route.auth === 'user' && getAccessToken() == null) throw signedOut();
  const data = bodyOnTheWire(route.body, options.body);
  const attempt = () =>
    send(
      {
        method: route.method,
        url: apiBaseUrl() + route.path,
        params: options.query,
        data,
        skipAuth: !withToken,
      },
      { isAuthenticate: key === 'authenticate', signal: options.signal },
    );
  const sentWith = getAccessToken();
  let result: unknown;
  try {
    result = await attempt();
  } catch (error) {
    let failure: unknown = error;
    // The server says the token ran out (its clock, not ours): renew once and send again.
    if (withToken && sentWith != null && error instanceof AppError && error.code === 'TOKEN_EXPIRED') {
      const current = getAccessToken();
      const again = current != null && current !== sentWith ? true : (await renewAccessToken()) === 'renewed';
      if (again) {
        try {
          result = await attempt();
          failure = null;
        } catch (retryError) {
          failure = retryError;
        }
      }
    }
    if (failure != null) {
      if (failure instanceof AppError && options.sessionRules !== false)
        onSessionProblem(failure, window.location.pathname);
      throw failure;
    }
  }
  const parsed = route.result.safeParse(result);
  if (!parsed.success) {
    throw new AppError({ code: 'BAD_RESPONSE', message: badResponseMessage() });
  }
  return parsed.data as RouteResult<K>;
}

/** Keeps a route's answer under a storage key as the server sent it: encoded, money in rupees. */
export async function storeAnswer<K extends RouteKey>(
  storageKey: StorageKey,
  key: K,
  result: RouteResult<K>,
): Promise<void> {
  const route = await routeDef(key);
  storage.setJson(storageKey, z.encode(route.result, result));
}

/** An answer kept by storeAnswer, parsed like a fresh one; undefined when absent or unreadable. */
export async function readStoredAnswer<K extends RouteKey>(
  storageKey: StorageKey,
  key: K,
): Promise<RouteResult<K> | undefined> {
  const stored = storage.getJson<unknown>(storageKey);
  if (stored == null) return undefined;
  const parsed = (await routeDef(key)).result.safeParse(stored);
  return parsed.success ? (parsed.data as RouteResult<K>) : undefined;
}

/** A GET of an absolute URL outside the route table (CDN files), with no Authorization header. */
export async function getExternal(url: string, signal?: AbortSignal): Promise<unknown> {
  const tracked = trackRequest(url, signal);
  try {
    const response = await http.request({ method: 'GET', url, skipAuth: true, signal: tracked.signal });
    finishRequest(tracked.id, true);
    return response.data;
  } catch (error) {
    finishRequest(tracked.id, false);
    throw error instanceof AppError ? error : toAppError(asFailure(error), { playerMessage });
  }
}
