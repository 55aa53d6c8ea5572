import { HUB_PATH, type BetChange } from '@backlay/contract';
import { useBetslipStore } from '@/features/betting/stores/betslip';
import { apiBaseUrl } from '@/shared/http/base-url';
import { parseUserBalance } from '@/shared/realtime/connection';
import { getRealtimeConnection, setRealtimeConnection } from '@/shared/realtime/registry';
import { SignalRConnection } from '@/shared/realtime/signalr-connection';
import { useSessionStore } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/storage/storage';
import { notify } from '@/shared/ui/toast';
import { hubGroupByOfPath } from '@/features/sports/lib/hub-group-by';
import { queryClient } from './query-client';

/** Open bets and P/L are read again: positions may have changed (a bet, a settlement, a reconnect). */
function refetchPositions(): void {
  void queryClient.invalidateQueries({ queryKey: ['open-bets'] });
  void queryClient.invalidateQueries({ queryKey: ['expected-profit-loss'] });
}

/**
 * An order of the player's changed away from the slip (matched by the market, lapsed, or cancelled
 * or edited in another tab or on another page): positions are read again, a toast says what
 * happened ("Back India ₹300 matched @ 2.10"), and the slip's result follows when it shows that order.
 */
function onBetChange(change: BetChange): void {
  refetchPositions();
  void queryClient.invalidateQueries({ queryKey: ['cash-out'] });
  const matched = change.fills.length > 0;
  const id = `bet-change-${change.betId}-${change.status}-${change.matchedStake}-${change.unmatchedStake}`;
  if (matched) notify.success(change.message, id);
  else notify.info(change.message, id);
  useBetslipStore.getState().applyOrderChange({
    orderId: change.betId,
    status: change.status,
    matchedStake: change.matchedStake,
    unmatchedStake: change.unmatchedStake,
    fills: change.fills,
    message: change.message,
  });
}

/**
 * The realtime connection: the SignalR implementation unless a test installed its own. Its
 * UserBalance pushes (parsed with the contract's ServerPush) update the header's balance and
 * exposure and their storage keys, and the bonus balance when the push carries it; BetChange pushes refresh positions and say what changed. Connected again after a drop (a reconnect, a restart: the
 * server pushes the balance as it registers), the open bets and P/L are read again, since pushes
 * sent while it was away were lost.
 */
export async function setUpRealtime(): Promise<void> {
  if (!getRealtimeConnection()) {
    setRealtimeConnection(
      new SignalRConnection({
        hubUrl: () => apiBaseUrl() + HUB_PATH,
        accessToken: getAccessToken,
        clientInfo: () => ({
          Browser: navigator.userAgent,
          Domain: window.location.hostname,
          CurrentPage: window.location.pathname,
          Token: getAccessToken() ?? '',
        }),
        // An event page its event's odds, a list of events its list's prices.
        groupBy: () => hubGroupByOfPath(window.location.pathname),
      }),
    );
  }
  const connection = getRealtimeConnection();
  connection?.onMessage((message) => {
    if (message.Code === 'BetChange') {
      if (useSessionStore.getState().user) onBetChange(message.Data);
      return;
    }
    const wallet = parseUserBalance(message);
    if (wallet && useSessionStore.getState().user) {
      useSessionStore.getState().setBalance(wallet.balance, wallet.exposure);
      if (wallet.bonus !== undefined) useSessionStore.getState().setBonusBalance(wallet.bonus);
      // A push follows a bet or a settlement: positions changed too, and a read already in flight
      // would bring back the balance from before it.
      refetchPositions();
    }
  });
  let connectedBefore = false;
  connection?.onStateChange((state) => {
    if (state !== 'Connected') return;
    if (connectedBefore && useSessionStore.getState().user) refetchPositions();
    connectedBefore = true;
  });
  await connection?.start();
}
