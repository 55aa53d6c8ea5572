import { describe, expect, it } from 'vitest';
import { accountRoutes } from './account';
import { backofficeRoutes } from './backoffice';
import { bettingRoutes } from './betting';
import { bonusRoutes } from './bonus';
import { casinoRoutes } from './casino';
import { cashierRoutes } from './cashier';
import { devRoutes } from './dev';
import { ROUTE_DOMAIN, routes, type RouteDomain } from './index';
import { operatorRoutes } from './operator';
import { paymentRoutes } from './payment';
import { responsibleGamingRoutes } from './responsible-gaming';
import { settingsRoutes } from './settings';
import { sportsRoutes } from './sports';
import { statementRoutes } from './statement';

const byDomain: Record<RouteDomain, Record<string, unknown>> = {
  account: accountRoutes,
  settings: settingsRoutes,
  sports: sportsRoutes,
  betting: bettingRoutes,
  statement: statementRoutes,
  operator: operatorRoutes,
  backoffice: backofficeRoutes,
  cashier: cashierRoutes,
  payment: paymentRoutes,
  bonus: bonusRoutes,
  casino: casinoRoutes,
  'responsible-gaming': responsibleGamingRoutes,
  dev: devRoutes,
};

const features = Object.values(byDomain);

describe('the route table', () => {
  it('holds every route of every feature, none declared twice', () => {
    const keys = features.flatMap((table) => Object.keys(table));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(routes).sort()).toEqual([...keys].sort());
  });

  it("names the file that declares each route (the client loads a feature's schemas by it)", () => {
    for (const [domain, table] of Object.entries(byDomain)) {
      for (const key of Object.keys(table))
        expect([key, ROUTE_DOMAIN[key as keyof typeof ROUTE_DOMAIN]]).toEqual([key, domain]);
    }
    expect(Object.keys(ROUTE_DOMAIN).sort()).toEqual(Object.keys(routes).sort());
  });

  it('binds each method and path once', () => {
    const bindings = Object.values(routes).map((r) => `${r.method} ${r.path.toLowerCase()}`);
    expect(new Set(bindings).size).toBe(bindings.length);
  });
});
