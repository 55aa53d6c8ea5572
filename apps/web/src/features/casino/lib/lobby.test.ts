import { describe, expect, it } from 'vitest';
import { byCategory, wireGame } from '../testing/fake-casino-api';
import { categoriesOf, filterGames, lobbyPagePath, mergeProviders, platformFor, tileName } from './lobby';

const roulette = wireGame('international', 'r1', 'Roulette', 'Roulette');
const teenPatti = wireGame('dream', 'tp2020', 'Teen Patti 2020', 'Table games');
const lucky7 = wireGame('king', 'l7', 'Lucky 7', 'Table games');
const dice = wireGame('king', 'dice', 'Dice', 'Dice');

describe('the lobby list', () => {
  it('merges the answered providers in order, skips the pending and failed, and keeps a game once', () => {
    const games = mergeProviders([
      { provider: 'international', status: 'success', categories: byCategory([roulette]) },
      { provider: 'dream', status: 'pending' },
      {
        provider: 'king',
        status: 'success',
        categories: [...byCategory([lucky7, dice]), byCategory([lucky7])[0]!],
      },
      { provider: 'mac', status: 'error', reason: 'Not answering right now' },
    ]);
    expect(games.map((g) => g.id)).toEqual(['international-r1', 'king-l7', 'king-dice']);
    expect(categoriesOf([roulette, teenPatti, lucky7, dice])).toEqual(['Roulette', 'Table games', 'Dice']);
  });

  it('filters by category, provider and a case-insensitive part of the name, all at once', () => {
    const all = [roulette, teenPatti, lucky7, dice];
    const none = { category: null, provider: null, search: '' } as const;
    expect(filterGames(all, none)).toEqual(all);
    expect(filterGames(all, { ...none, category: 'Table games' })).toEqual([teenPatti, lucky7]);
    expect(filterGames(all, { ...none, provider: 'king' })).toEqual([lucky7, dice]);
    expect(filterGames(all, { ...none, search: '  teen PATTI ' })).toEqual([teenPatti]);
    expect(filterGames(all, { category: 'Table games', provider: 'king', search: '7' })).toEqual([lucky7]);
    expect(filterGames(all, { category: 'Dice', provider: 'dream', search: '' })).toEqual([]);
  });

  it("names a tile '<game> by <provider>', links it by provider and code, and picks the platform by width", () => {
    expect(tileName(teenPatti)).toBe('Teen Patti 2020, Dream');
    expect(lobbyPagePath(teenPatti)).toBe('/lobby-page?provider=dream&code=tp2020');
    expect(lobbyPagePath({ provider: 'mac', code: 'a&b c' })).toBe('/lobby-page?provider=mac&code=a%26b+c');
    expect(platformFor(360)).toBe('mobile');
    expect(platformFor(767)).toBe('mobile');
    expect(platformFor(768)).toBe('desktop');
    expect(platformFor(1280)).toBe('desktop');
  });
});
