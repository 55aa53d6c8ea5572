import { rupeesToPaise } from '@backlay/exchange';
import { useSessionStore } from '@/shared/session/session-store';
import { testUser } from '@/shared/session/testing';

/** A signed-in player in the session store (as the header reads it), balance and exposure in rupees. */
export function signIn({ balance = 10_000, exposure = 0, isDemo = false } = {}) {
  window.localStorage.setItem('accessToken', 'token');
  useSessionStore.setState({
    user: testUser({
      userId: 7,
      userName: 'ravi',
      username: 'ravi',
      isDemo,
      balance: rupeesToPaise(balance),
      exposure: rupeesToPaise(exposure),
      domain: 'test',
    }),
    balance: rupeesToPaise(balance),
    exposure: rupeesToPaise(exposure),
    bonusBalance: null,
  });
}
