import { afterEach, describe, expect, it, vi } from 'vitest';
import { paise } from '@backlay/exchange';
import type { ConnectionState, HubMessage, RealtimeConnection } from '@/shared/realtime/connection';
import { setRealtimeConnection } from '@/shared/realtime/registry';
import { useSessionStore, type StoredUserInfo } from '@/shared/session/session-store';
import { queryClient } from './query-client';
import { setUpRealtime } from './realtime-setup';

/** A connection the test drives: it changes state and delivers pushes when told. */
class DrivenConnection implements RealtimeConnection {
  state: ConnectionState = 'Disconnected';
  private readonly messages = new Set<(m: HubMessage) => void>();
  private readonly states = new Set<(s: ConnectionState) => void>();
  async start() {
    this.go('Connecting');
    this.go('Connected');
  }
  async stop() {
    this.go('Disconnected');
  }
  async restart() {
    await this.stop();
    await this.start();
  }
  onMessage(handler: (m: HubMessage) => void) {
    this.messages.add(handler);
    return () => this.messages.delete(handler);
  }
  onStateChange(handler: (s: ConnectionState) => void) {
    this.states.add(handler);
    return () => this.states.delete(handler);
  }
  go(state: ConnectionState) {
    this.state = state;
    for (const handler of this.states) handler(state);
  }
  push(message: HubMessage) {
    for (const handler of this.messages) handler(message);
  }
}

const player = {
  userId: 7,
  userName: 'asha',
  username: 'asha',
  isDemo: false,
  balance: paise(100_000),
  exposure: paise(0),
  football: true,
  tennis: true,
  cricket: true,
  casinoToken: '',
  domain: 'localhost',
} satisfies StoredUserInfo;

/** Which of the session's position queries were invalidated, in order. */
function invalidated() {
  const spy = vi.spyOn(queryClient, 'invalidateQueries');
  return () => spy.mock.calls.map(([filters]) => (filters?.queryKey as string[] | undefined)?.[0]);
}

describe('the realtime setup', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useSessionStore.getState().setUser(null);
  });

  it('reads open bets and P/L again when the connection is back after a drop or a restart', async () => {
    const connection = new DrivenConnection();
    setRealtimeConnection(connection);
    useSessionStore.getState().setUser(player);
    const keys = invalidated();
    await setUpRealtime();
    // The first connect is the start-up's own load.
    expect(keys()).toEqual([]);

    connection.go('Reconnecting');
    connection.go('Connected');
    expect(keys()).toEqual(['open-bets', 'expected-profit-loss']);

    connection.go('Disconnected');
    await connection.restart();
    expect(keys()).toEqual(['open-bets', 'expected-profit-loss', 'open-bets', 'expected-profit-loss']);

    // The balance the server pushes as the connection registers goes to the header.
    connection.push({ Code: 'UserBalance', Data: { Balance: paise(123_450), Exposure: paise(-2_000) } });
    expect(useSessionStore.getState()).toMatchObject({ balance: 123_450, exposure: -2_000 });
  });

  it('a visitor who is not signed in has nothing to read again', async () => {
    const connection = new DrivenConnection();
    setRealtimeConnection(connection);
    const keys = invalidated();
    await setUpRealtime();
    connection.go('Reconnecting');
    connection.go('Connected');
    expect(keys()).toEqual([]);
  });
});
