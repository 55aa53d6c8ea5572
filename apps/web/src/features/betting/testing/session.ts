import { rupeesToPaise } from '@backlay/exchange';
import { useSessionStore } from '@/shared/session/session-store';
import { testUser } from '@/shared/session/testing';

/** Tests only: the demo player signed in (user 1), balance and exposure in rupees. */
export function signInDemo({ balance, exposure }: { balance: number; exposure: number }) {
  useSessionStore.setState({
    user: testUser({ balance: rupeesToPaise(balance), exposure: rupeesToPaise(exposure) }),
  });
}

/** Tests only: nobody signed in (each test's afterEach). */
export function signOut() {
  useSessionStore.setState({ user: null });
}
