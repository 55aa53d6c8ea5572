import { describe, expect, it } from 'vitest';
import { entryFlagFor, isInPlayPath, isLobbyPath, pageTitle, tvAllowed } from './route-meta';
import { loginPathFor, safeTarget } from '@/features/auth/lib/targets';
import { randomCacheKey, settingsFileName } from '@/shared/config/host';
import { parseEnv } from '@/shared/config/env';
import { parseHubMessage, parseUserBalance } from '@/shared/realtime/connection';

describe('navigation rules', () => {
  it('entry guards name the section 2 flags, matched case-insensitively', () => {
    expect(entryFlagFor('/dwrequests')).toBe('showDWRequests');
    expect(entryFlagFor('/depositw')).toBe('showDepositW');
    expect(entryFlagFor('/withdrawal/')).toBe('showDepositW');
    expect(entryFlagFor('/Casino')).toBe('casino');
    expect(entryFlagFor('/auth/signup')).toBe('allowSignUp');
    expect(entryFlagFor('/inplay')).toBeNull();
  });

  it('page title is {domain title} | {route title}', () => {
    expect(pageTitle('Backlay Demo', 'In-Play')).toBe('Backlay Demo | In-Play');
    expect(pageTitle('', 'Login')).toBe('Backlay | Login');
  });

  it('knows lobby and in-play paths', () => {
    expect(isLobbyPath('/lobby')).toBe(true);
    expect(isLobbyPath('/casino')).toBe(true);
    expect(isLobbyPath('/lobby-page')).toBe(true);
    expect(isLobbyPath('/inplay')).toBe(false);
    expect(isInPlayPath('/inplay')).toBe(true);
    expect(isInPlayPath('/index')).toBe(false);
  });

  it('/tv needs the host fragment', () => {
    expect(tvAllowed('livetv.example.com', 'livetv')).toBe(true);
    expect(tvAllowed('localhost', 'livetv')).toBe(false);
  });

  it('login targets stay inside the app and read /auth/login?to=/bonus', () => {
    expect(loginPathFor('/bonus')).toBe('/auth/login?to=/bonus');
    expect(loginPathFor('/markets/1?x=a&b')).toBe('/auth/login?to=/markets/1%3Fx%3Da%26b');
    expect(safeTarget('/bonus', '/inplay')).toBe('/bonus');
    expect(safeTarget(null, '/inplay')).toBe('/inplay');
    expect(safeTarget('', '/')).toBe('/');
    expect(safeTarget('//evil.example', '/inplay')).toBe('/inplay');
    expect(safeTarget('https://evil.example', '/inplay')).toBe('/inplay');
  });
});

describe('domain settings source', () => {
  it('test, localhost and preview hosts read test.json; others their own host', () => {
    expect(settingsFileName('localhost')).toBe('test');
    expect(settingsFileName('test.backlay.in')).toBe('test');
    expect(settingsFileName('preview-12.backlay.in')).toBe('test');
    expect(settingsFileName('Suspended.Backlay.Local')).toBe('suspended.backlay.local');
  });

  it('the cache key lies between 100 and 1000', () => {
    expect(randomCacheKey(() => 0)).toBe(100);
    expect(randomCacheKey(() => 0.999999)).toBe(1000);
    for (let i = 0; i < 200; i += 1) {
      const k = randomCacheKey();
      expect(k).toBeGreaterThanOrEqual(100);
      expect(k).toBeLessThanOrEqual(1000);
    }
  });
});

describe('environment', () => {
  it('defaults the skip-verification code to 000000 and refuses a bad one', () => {
    expect(parseEnv({}).VITE_SKIP_VERIFICATION_CODE).toBe('000000');
    expect(() => parseEnv({ VITE_SKIP_VERIFICATION_CODE: '12' })).toThrow();
    expect(parseEnv({ VITE_BLUE_HOSTS: 'A.com, b.com' }).VITE_BLUE_HOSTS).toEqual(['a.com', 'b.com']);
  });
});

describe('hub messages', () => {
  it('parses UserBalance from an object or its JSON, and ignores the unparseable', () => {
    const m = parseHubMessage('{"Code":"UserBalance","Data":{"Balance":1500.5,"Exposure":-200}}');
    // Rupees on the wire, paise once parsed.
    expect(m && parseUserBalance(m)).toEqual({ balance: 150_050, exposure: -20_000 });
    expect(parseHubMessage('{not json')).toBeNull();
    expect(parseHubMessage(42)).toBeNull();
    expect(parseHubMessage({ Data: {} })).toBeNull();
    expect(parseHubMessage({ Code: 'UserBalance', Data: { Balance: 'x', Exposure: 0 } })).toBeNull();
  });
});
