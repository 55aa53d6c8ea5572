import { beforeEach, describe, expect, it } from 'vitest';
import { ALL_STORAGE_KEYS, STORAGE_KEYS } from '@backlay/contract';
import { SESSION_KEYS, clearSessionStorage, getAccessToken, storage } from './storage';

describe('local-storage keys (section 3)', () => {
  beforeEach(() => window.localStorage.clear());

  it('are exactly the names of the specification', () => {
    expect(ALL_STORAGE_KEYS.sort()).toEqual(
      [
        'baseUrl',
        'accessToken',
        'refresh_token',
        'userinfo',
        'expire_in',
        'expire_DateTime',
        'betslips',
        'OpenBets',
        'ProfitLoss',
        'balance',
        'exposure',
        'casino_is_empty',
        'games',
        'domainSetting',
        'siteSuspended',
        'TreeSportWithEvent',
        'tv',
        'pins',
        'ip',
        'confirmBeforePlaceBet',
      ].sort(),
    );
  });

  it('stores flags as the text true / false', () => {
    storage.setFlag(STORAGE_KEYS.casinoIsEmpty, true);
    expect(window.localStorage.getItem('casino_is_empty')).toBe('true');
    storage.setFlag(STORAGE_KEYS.casinoIsEmpty, false);
    expect(window.localStorage.getItem('casino_is_empty')).toBe('false');
    expect(storage.getFlag(STORAGE_KEYS.casinoIsEmpty)).toBe(false);
  });

  it('stores objects as JSON and reads corrupt JSON as null', () => {
    storage.setJson(STORAGE_KEYS.pins, [3, 7]);
    expect(window.localStorage.getItem('pins')).toBe('[3,7]');
    window.localStorage.setItem('pins', '{oops');
    expect(storage.getJson(STORAGE_KEYS.pins)).toBeNull();
  });

  it('logout keeps only baseUrl', () => {
    for (const key of ALL_STORAGE_KEYS) window.localStorage.setItem(key, 'x');
    window.localStorage.setItem('somethingElse', 'y');
    storage.clearAllExceptBaseUrl();
    expect(Object.keys(window.localStorage)).toEqual(['baseUrl']);
    expect(window.localStorage.getItem('baseUrl')).toBe('x');
  });

  it('a lost session clears tokens, user info, expiry, open bets, profit/loss, balance, exposure and the casino flag', () => {
    for (const key of ALL_STORAGE_KEYS) window.localStorage.setItem(key, 'x');
    clearSessionStorage();
    expect(SESSION_KEYS).toEqual([
      'accessToken',
      'refresh_token',
      'userinfo',
      'expire_in',
      'expire_DateTime',
      'OpenBets',
      'ProfitLoss',
      'balance',
      'exposure',
      'casino_is_empty',
    ]);
    for (const key of SESSION_KEYS) expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.localStorage.getItem('pins')).toBe('x');
    expect(getAccessToken()).toBeNull();
  });
});
