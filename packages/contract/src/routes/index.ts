import type { z } from 'zod';
import { accountRoutes } from './account';
import { bettingRoutes } from './betting';
import { operatorRoutes } from './operator';
import { settingsRoutes } from './settings';
import { sportsRoutes } from './sports';
import { statementRoutes } from './statement';

export { route, type AuthMode, type HttpMethod, type RouteDef } from './route-def';

/*
 * Each feature declares its routes in its own file, named after the server's feature folder that
 * serves them; this is the one table the server binds, the client calls and the OpenAPI document is
 * generated from. A key declared by two features would be overwritten silently by the spread, so
 * index.test.ts checks that keys, and method and path pairs, are unique.
 */
export const routes = {
  ...accountRoutes,
  ...settingsRoutes,
  ...sportsRoutes,
  ...bettingRoutes,
  ...statementRoutes,
  ...operatorRoutes,
} as const;

export type Routes = typeof routes;
export type RouteKey = keyof Routes;
export type RouteResult<K extends RouteKey> = z.infer<Routes[K]['result']>;
export type RouteBody<K extends RouteKey> =
  NonNullable<Routes[K]['body']> extends z.ZodType ? z.input<NonNullable<Routes[K]['body']>> : never;
export type RouteQuery<K extends RouteKey> =
  NonNullable<Routes[K]['query']> extends z.ZodType ? z.input<NonNullable<Routes[K]['query']>> : never;

/** The domain-settings JSON the client fetches from the CDN path, named after the host. */
export const CDN_SETTINGS_PATH = '/cdn/settings';
/** The realtime hub's path under the API base URL. */
export const HUB_PATH = '/notify';
