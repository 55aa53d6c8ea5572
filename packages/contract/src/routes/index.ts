import type { z } from 'zod';
import { accountRoutes } from './account';
import { backofficeRoutes } from './backoffice';
import { bettingRoutes } from './betting';
import { bonusRoutes } from './bonus';
import { casinoRoutes } from './casino';
import { cashierRoutes } from './cashier';
import { devRoutes } from './dev';
import { operatorRoutes } from './operator';
import { paymentRoutes } from './payment';
import { responsibleGamingRoutes } from './responsible-gaming';
import { settingsRoutes } from './settings';
import { sportsRoutes } from './sports';
import { statementRoutes } from './statement';

export { route, type AuthMode, type HttpMethod, type RouteDef } from './route-def';
export { ROUTE_DOMAIN, type RouteDomain } from './route-domains';
export { CDN_SETTINGS_PATH, HUB_PATH } from './paths';
export { PAYMENT_IMAGE_PATH } from './cashier';
export { casinoWalletRoutes } from './casino';
export {
  SetFeedPricesInputSchema,
  SetFeedPricesResultSchema,
  type SetFeedPricesInput,
  type SetFeedPricesResult,
} from './dev';

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
  ...backofficeRoutes,
  ...cashierRoutes,
  ...paymentRoutes,
  ...bonusRoutes,
  ...casinoRoutes,
  ...responsibleGamingRoutes,
  ...devRoutes,
} as const;

export type Routes = typeof routes;
export type RouteKey = keyof Routes;
export type RouteResult<K extends RouteKey> = z.infer<Routes[K]['result']>;
/**
 * What a caller hands the HTTP client as a route's body: parsed values (money in `Paise`), which the
 * client encodes with the body schema, so the wire gets rupees. A field the wire may leave out (one
 * with a default) may be left out here too: encoding does not apply defaults, the server does.
 */
export type RouteBody<K extends RouteKey> =
  NonNullable<Routes[K]['body']> extends z.ZodType ? Sendable<NonNullable<Routes[K]['body']>> : never;
/** The keys of a wire shape that may be absent. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
/** A schema's output, with the keys its input may leave out made optional (one level deep). */
export type Sendable<S extends z.ZodType> =
  z.output<S> extends readonly unknown[]
    ? z.output<S>
    : z.output<S> extends object
      ? {
          [K in keyof z.output<S> as K extends OptionalKeys<z.input<S>> ? never : K]: z.output<S>[K];
        } & {
          [K in keyof z.output<S> as K extends OptionalKeys<z.input<S>> ? K : never]?: z.output<S>[K];
        }
      : z.output<S>;
export type RouteQuery<K extends RouteKey> =
  NonNullable<Routes[K]['query']> extends z.ZodType ? z.input<NonNullable<Routes[K]['query']>> : never;
