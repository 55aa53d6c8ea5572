import { afterEach, describe, expect, it, vi } from 'vitest';
import { paise } from '@backlay/exchange';
import { priceSelection } from '@/shared/market/testing';
import { setRealtimeConnection } from '@/shared/realtime/registry';
import { FakeConnection } from '@/shared/realtime/testing';
import { notify } from '@/shared/ui/toast';
import { useBetslipStore } from '@/features/betting/stores/betslip';
import { useSessionStore } from '@/shared/session/session-store';
import { testUser } from '@/shared/session/testing';
import { queryClient } from './query-client';
import { setUpRealtime } from './realtime-setup';

/** A connection the test drives: it changes state and delivers pushes when told. */
class DrivenConnection extends FakeConnection {
  constructor() {
    super('Disconnected');
  }
  override async start() {
    this.setState('Connecting');
    this.setState('Connected');
  }
  override async stop() {
    this.setState('Disconnected');
  }
  override async restart() {
    await this.stop();
    await this.start();
  }
}

const player = testUser({
  userId: 7,
  userName: 'asha',
  username: 'asha',
  isDemo: false,
  balance: paise(100_000),
  exposure: paise(0),
});

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

    connection.setState('Reconnecting');
    connection.setState('Connected');
    expect(keys()).toEqual(['open-bets', 'expected-profit-loss']);

    connection.setState('Disconnected');
    await connection.restart();
    expect(keys()).toEqual(['open-bets', 'expected-profit-loss', 'open-bets', 'expected-profit-loss']);

    // The balance the server pushes as the connection registers goes to the header.
    connection.push({ Code: 'UserBalance', Data: { Balance: paise(123_450), Exposure: paise(-2_000) } });
    expect(useSessionStore.getState()).toMatchObject({ balance: 123_450, exposure: -2_000 });
    // A push without BonusBalance (a backend without bonuses) says nothing of it.
    expect(useSessionStore.getState().bonusBalance).toBeNull();
    connection.push({
      Code: 'UserBalance',
      Data: { Balance: paise(123_450), Exposure: paise(0), BonusBalance: paise(250_000) },
    });
    expect(useSessionStore.getState()).toMatchObject({
      balance: 123_450,
      exposure: 0,
      bonusBalance: 250_000,
    });
  });

  it('a BetChange push reads positions again, toasts its message and updates the order the slip shows', async () => {
    const connection = new DrivenConnection();
    setRealtimeConnection(connection);
    useSessionStore.getState().setUser(player);
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const info = vi.spyOn(notify, 'info').mockImplementation(() => undefined);
    useBetslipStore.setState({
      placed: {
        selection: priceSelection({ minStake: paise(10_000), maxStake: paise(50_000_000) }),
        orderId: 41,
        status: 'UNMATCHED',
        requestedRate: 2.1,
        matchedStake: paise(0),
        unmatchedStake: paise(50_000),
        fills: [],
        message: 'Bet placed: unmatched',
      },
    });
    await setUpRealtime();
    const keys = invalidated();

    connection.push({
      Code: 'BetChange',
      Data: {
        betId: 41,
        eventId: 7,
        marketId: '1.7001',
        status: 'PARTIALLY_MATCHED',
        matchedStake: paise(30_000),
        unmatchedStake: paise(20_000),
        fills: [{ betId: 42, rate: 2.1, stake: paise(30_000) }],
        message: 'Back India ₹300 matched @ 2.10; ₹200 still unmatched',
      },
    });
    expect(keys()).toEqual(['open-bets', 'expected-profit-loss', 'cash-out']);
    expect(success).toHaveBeenCalledWith(
      'Back India ₹300 matched @ 2.10; ₹200 still unmatched',
      expect.any(String),
    );
    expect(useBetslipStore.getState().placed).toMatchObject({
      status: 'PARTIALLY_MATCHED',
      matchedStake: 30_000,
      unmatchedStake: 20_000,
      fills: [{ betId: 42, rate: 2.1, stake: 30_000 }],
    });

    // A lapse matches nothing: said as information; another order leaves the slip's alone.
    connection.push({
      Code: 'BetChange',
      Data: {
        betId: 77,
        eventId: 7,
        marketId: '1.7001',
        status: 'LAPSED',
        matchedStake: paise(0),
        unmatchedStake: paise(0),
        fills: [],
        message: 'Lay India ₹100 @ 1.50 lapsed: the market was suspended',
      },
    });
    expect(info).toHaveBeenCalledWith(
      'Lay India ₹100 @ 1.50 lapsed: the market was suspended',
      expect.any(String),
    );
    expect(useBetslipStore.getState().placed?.status).toBe('PARTIALLY_MATCHED');
    useBetslipStore.getState().dismissPlaced();
  });

  it('a visitor who is not signed in has nothing to read again', async () => {
    const connection = new DrivenConnection();
    setRealtimeConnection(connection);
    const keys = invalidated();
    await setUpRealtime();
    connection.setState('Reconnecting');
    connection.setState('Connected');
    expect(keys()).toEqual([]);
  });
});
