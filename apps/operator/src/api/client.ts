import axios, { type AxiosResponse } from 'axios';
import {
  moneyToWire,
  routes,
  type RouteBody,
  type RouteKey,
  type RouteQuery,
  type RouteResult,
  type Routes,
} from '@backlay/contract';
import type { z } from 'zod';
import { accessToken, SESSION_ENDED_MESSAGE, useSession } from '@/session/session-store';
import { ApiError, apiErrorOfAnswer, BAD_RESPONSE_MESSAGE, toApiError } from './errors';

/**
 * The console's HTTP client over the contract's route table: the same origin as the console (the
 * server serves it at /operator/ on the site's host, and the site is picked by that host), the
 * operator's bearer token on `auth: 'operator'` routes, the envelope unwrapped and the result
 * parsed with the route's schema, so nothing unchecked reaches a screen.
 */
export const http = axios.create({ timeout: 20_000 });

/** The routes the console may call: the operator's own, and the public ones (no token). */
export type ConsoleRouteKey = {
  [K in RouteKey]: Routes[K]['auth'] extends 'operator' | 'none' ? K : never;
}[RouteKey];

export interface CallOptions<K extends RouteKey> {
  query?: RouteQuery<K>;
  /** Parsed values (money in paise): the route's money codecs put rupees on the wire. */
  body?: RouteBody<K>;
  signal?: AbortSignal;
}

/** A 401 on an operator call: the token is gone (expired, TOTP reset, disabled): back to sign-in. */
function onUnauthenticated(error: ApiError): void {
  if (error.status !== 401 || useSession.getState().session == null) return;
  useSession.getState().expire(SESSION_ENDED_MESSAGE);
}

function bearer(): Record<string, string> {
  const token = accessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export async function call<K extends ConsoleRouteKey>(
  key: K,
  options: CallOptions<K> = {},
): Promise<RouteResult<K>> {
  const route = routes[key] as Routes[ConsoleRouteKey];
  const operator = route.auth === 'operator';
  let response: AxiosResponse<unknown>;
  try {
    response = await http.request({
      method: route.method,
      url: route.path,
      params: options.query,
      data:
        route.body === undefined || options.body === undefined
          ? options.body
          : moneyToWire(route.body as z.ZodType, options.body),
      headers: operator ? bearer() : {},
      signal: options.signal,
    });
  } catch (thrown) {
    const error = toApiError(thrown);
    if (operator) onUnauthenticated(error);
    throw error;
  }
  const envelope = response.data as { success?: unknown; result?: unknown } | null;
  if (envelope == null || typeof envelope !== 'object' || envelope.success !== true) {
    throw apiErrorOfAnswer(response.status, envelope, response.headers);
  }
  const parsed = (route.result as z.ZodType).safeParse(envelope.result);
  if (!parsed.success) {
    throw new ApiError({ code: 'BAD_RESPONSE', message: BAD_RESPONSE_MESSAGE, status: response.status });
  }
  return parsed.data as RouteResult<K>;
}

/**
 * A payment screenshot (`imageUrl` of a request, served with the operator's token, not an
 * envelope) as a data URL for an <img>: an <img src> cannot carry the bearer token, and the
 * server's content security policy takes data: images but not blob: ones.
 */
export async function fetchImage(url: string, signal?: AbortSignal): Promise<string> {
  let blob: Blob;
  try {
    const response = await http.get<Blob>(url, { responseType: 'blob', headers: bearer(), signal });
    blob = response.data;
  } catch (thrown) {
    const error = toApiError(thrown);
    onUnauthenticated(error);
    throw error;
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () =>
      reject(new ApiError({ code: 'BAD_RESPONSE', message: 'The screenshot could not be read.' }));
    reader.readAsDataURL(blob);
  });
}
