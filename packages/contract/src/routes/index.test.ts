import { describe, expect, it } from 'vitest';
import { accountRoutes } from './account';
import { backofficeRoutes } from './backoffice';
import { bettingRoutes } from './betting';
import { bonusRoutes } from './bonus';
import { casinoRoutes } from './casino';
import { cashierRoutes } from './cashier';
import { devRoutes } from './dev';
import { routes } from './index';
import { operatorRoutes } from './operator';
import { paymentRoutes } from './payment';
import { responsibleGamingRoutes } from './responsible-gaming';
import { settingsRoutes } from './settings';
import { sportsRoutes } from './sports';
import { statementRoutes } from './statement';

const features = [
  accountRoutes,
  settingsRoutes,
  sportsRoutes,
  bettingRoutes,
  statementRoutes,
  operatorRoutes,
  cashierRoutes,
  paymentRoutes,
  backofficeRoutes,
  bonusRoutes,
  casinoRoutes,
  responsibleGamingRoutes,
  devRoutes,
];

describe('the route table', () => {
  it('holds every route of every feature, none declared twice', () => {
    const keys = features.flatMap((table) => Object.keys(table));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(routes).sort()).toEqual([...keys].sort());
  });

  it('binds each method and path once', () => {
    const bindings = Object.values(routes).map((r) => `${r.method} ${r.path.toLowerCase()}`);
    expect(new Set(bindings).size).toBe(bindings.length);
  });
});
