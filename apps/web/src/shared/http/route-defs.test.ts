import { describe, expect, it } from 'vitest';
import { routes, type RouteKey } from '@backlay/contract';
import { routeDef } from './route-defs';

describe('routeDef', () => {
  it('gives every route of the contract its own definition, loaded from its feature file', async () => {
    for (const key of Object.keys(routes) as RouteKey[]) {
      expect(await routeDef(key)).toBe(routes[key]);
    }
  });

  it('refuses a key the table does not hold', async () => {
    await expect(routeDef('noSuchRoute' as RouteKey)).rejects.toThrow();
  });
});
