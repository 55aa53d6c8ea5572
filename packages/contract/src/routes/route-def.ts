import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * none: sent without an Authorization header; optional: a token is used when present; user: a
 * player's token is required; operator: an operator's token is required (`POST /admin/auth/login`;
 * a player's token never passes; there is no shared operator key).
 */
export type AuthMode = 'none' | 'optional' | 'user' | 'operator';

export interface RouteDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends AuthMode = AuthMode,
> {
  method: HttpMethod;
  /** Relative to the API base URL, as the client calls it; the server matches case-insensitively. */
  path: string;
  auth: A;
  tag: string;
  summary: string;
  query?: Q;
  body?: B;
  result: R;
  /** Documented, but absent when NODE_ENV is production. */
  devOnly?: boolean;
}

export function route<
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
  A extends AuthMode,
>(def: RouteDef<Q, B, R, A>): RouteDef<Q, B, R, A> {
  return def;
}
