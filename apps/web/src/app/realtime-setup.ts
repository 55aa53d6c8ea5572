import { HUB_PATH } from '@backlay/contract';
import { apiBaseUrl } from '@/shared/http/base-url';
import { parseUserBalance } from '@/shared/realtime/connection';
import { getRealtimeConnection, setRealtimeConnection } from '@/shared/realtime/registry';
import { SignalRConnection } from '@/shared/realtime/signalr-connection';
import { useSessionStore } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/storage/storage';
import { queryClient } from './query-client';

/** Open bets and P/L are read again: positions may have changed (a bet, a settlement, a reconnect). */
function refetchPositions(): void {
  void queryClient.invalidateQueries({ queryKey: ['open-bets'] });
  void queryClient.invalidateQueries({ queryKey: ['expected-profit-loss'] });
}

/**
 * The realtime connection: the SignalR implementation unless a test installed its own. Its
 * UserBalance pushes (parsed with the contract's ServerPush) update the header's balance and
 * exposure and their storage keys. Connected again after a drop (a reconnect, a restart: the
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
        groupBy: () => /^\/markets\/(\d+)/i.exec(window.location.pathname)?.[1] ?? '',
      }),
    );
  }
  const connection = getRealtimeConnection();
  connection?.onMessage((message) => {
    const wallet = parseUserBalance(message);
    if (wallet && useSessionStore.getState().user) {
      useSessionStore.getState().setBalance(wallet.balance, wallet.exposure);
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
