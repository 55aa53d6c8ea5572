import { describe, expect, it } from 'vitest';
import { forgetPage, isReturnPage, rememberPage, returnTarget } from './return-to';

describe('where a sign-in returns to', () => {
  it('the last page shown before the auth pages, with its query', () => {
    forgetPage();
    expect(returnTarget()).toBeUndefined();
    rememberPage('/inplay', '');
    rememberPage('/markets/31', '?tab=fancy');
    rememberPage('/auth/login', '');
    expect(returnTarget()).toBe('/markets/31?tab=fancy');
  });

  it('never an auth, error or maintenance page, nor the bare root', () => {
    for (const path of [
      '/auth/login',
      '/Auth/Logout',
      '/auth/token',
      '/error-404',
      '/under-maintenance',
      '/',
    ])
      expect(isReturnPage(path), path).toBe(false);
    for (const path of ['/inplay', '/markets/31/2', '/open-bets', '/lobby'])
      expect(isReturnPage(path), path).toBe(true);
  });

  it('a logout forgets it', () => {
    rememberPage('/open-bets', '');
    forgetPage();
    expect(returnTarget()).toBeUndefined();
  });
});
