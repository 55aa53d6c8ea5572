import { rupeesToPaise } from '@backlay/exchange';
import type { StoredUserInfo } from './session-store';

/**
 * Tests only: a signed-in player as the session store holds it (the demo player, user 1, with
 * ₹10,000 and no exposure), with what a test needs changed; money in paise.
 */
export function testUser(over: Partial<StoredUserInfo> = {}): StoredUserInfo {
  return {
    userId: 1,
    userName: 'demo',
    username: 'demo',
    isDemo: true,
    balance: rupeesToPaise(10_000),
    exposure: rupeesToPaise(0),
    football: true,
    tennis: true,
    cricket: true,
    casinoToken: '',
    domain: 'localhost',
    ...over,
  };
}
