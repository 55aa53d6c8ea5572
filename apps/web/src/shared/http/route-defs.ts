import { ROUTE_DOMAIN, type RouteDomain, type RouteKey, type Routes } from '@backlay/contract';

/**
 * The contract's route table, one feature file at a time: a route's definition (its method, path
 * and schemas) is loaded when the client first calls a route of its feature, so a visit builds the
 * schemas of the features it uses, and each feature's in a task of its own, not the whole table's
 * (about 1,300 zod schemas: on a phone, a long task of its own after start-up). The contract's
 * ROUTE_DOMAIN says which file declares a key; this module holds no schema.
 */
type Table = Partial<Routes>;

const loaders: Record<RouteDomain, () => Promise<Table>> = {
  account: () => import('@backlay/contract/routes/account').then((m) => m.accountRoutes),
  settings: () => import('@backlay/contract/routes/settings').then((m) => m.settingsRoutes),
  sports: () => import('@backlay/contract/routes/sports').then((m) => m.sportsRoutes),
  betting: () => import('@backlay/contract/routes/betting').then((m) => m.bettingRoutes),
  statement: () => import('@backlay/contract/routes/statement').then((m) => m.statementRoutes),
  operator: () => import('@backlay/contract/routes/operator').then((m) => m.operatorRoutes),
  backoffice: () => import('@backlay/contract/routes/backoffice').then((m) => m.backofficeRoutes),
  cashier: () => import('@backlay/contract/routes/cashier').then((m) => m.cashierRoutes),
  payment: () => import('@backlay/contract/routes/payment').then((m) => m.paymentRoutes),
  bonus: () => import('@backlay/contract/routes/bonus').then((m) => m.bonusRoutes),
  casino: () => import('@backlay/contract/routes/casino').then((m) => m.casinoRoutes),
  'responsible-gaming': () =>
    import('@backlay/contract/routes/responsible-gaming').then((m) => m.responsibleGamingRoutes),
  dev: () => import('@backlay/contract/routes/dev').then((m) => m.devRoutes),
};

const loading = new Map<RouteDomain, Promise<Table>>();

function table(domain: RouteDomain): Promise<Table> {
  let pending = loading.get(domain);
  if (pending === undefined) {
    pending = loaders[domain]();
    loading.set(domain, pending);
    // A failed load (a network blip) is tried again by the next call.
    pending.catch(() => loading.delete(domain));
  }
  return pending;
}

/**
 * Features every page calls at once (the site's settings, the sports tree and prices): their chunks
 * are asked for with the client, so a page's first calls do not wait for them one round trip later.
 */
export const FIRST_CALLED: readonly RouteDomain[] = ['settings', 'sports'];

export function preloadRouteDefs(domains: readonly RouteDomain[] = FIRST_CALLED): void {
  for (const domain of domains) void table(domain).catch(() => undefined);
}

/** A route's definition, its feature's schemas loaded (once) first. */
export async function routeDef<K extends RouteKey>(key: K): Promise<Routes[K]> {
  const def = (await table(ROUTE_DOMAIN[key]))[key];
  if (def === undefined) throw new Error(`The route ${key} is not in routes/${ROUTE_DOMAIN[key]}.ts`);
  return def as Routes[K];
}
