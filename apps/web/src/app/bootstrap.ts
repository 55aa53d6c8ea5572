import { STORAGE_KEYS } from '@backlay/contract';
import { bus } from '@/shared/events/bus';
import { loadClientIp } from '@/shared/http/client-ip';
import { preloadHttpClient } from '@/shared/http/api';
import { abortPendingRequests } from '@/shared/http/request-tracker';
import { loadSessionLifetimes } from '@/shared/session/session-lifetimes';
import {
  checkSession,
  confirmAccessToken,
  pendingRenewal,
  scheduleRenewal,
} from '@/shared/session/session-rules';
import { storage } from '@/shared/storage/storage';
import { registerDefaultIcons } from '@/shared/ui/icons';
import { loadDomainSettings } from '@/features/settings/api/load-domain-settings';
import { queryClient } from './query-client';

/** Runs after the load event, in an idle moment when the browser can say when one comes. */
function afterLoad(run: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Start-up of section 4: the reload rule (renewing an access token that ran out while the tab
 * slept, if the refresh token still works), the server's lifetimes and its view of the token,
 * settings, the client's IP, realtime, renewal ahead of expiry, and the tab and unload rules.
 */
export function bootstrap(): void {
  registerDefaultIcons();
  preloadHttpClient();
  const valid = checkSession();
  void loadSessionLifetimes().then(() => scheduleRenewal());
  if (valid) void confirmAccessToken();
  void loadDomainSettings();
  void loadClientIp();
  // The realtime client loads once the page has loaded, off the network and main thread the first
  // page needs (a market page polls until the hub is up), with the renewed token if one is on its
  // way; a failed start is logged, never fatal.
  afterLoad(
    () =>
      void (pendingRenewal() ?? Promise.resolve())
        .then(() => import('./realtime-setup'))
        .then((m) => m.setUpRealtime()),
  );
  scheduleRenewal();
  bus.on('session:started', () => {
    scheduleRenewal();
    // A logout cleared every key but baseUrl (the rule keeps it that way): the address comes back
    // with the next sign-in.
    if (storage.getText(STORAGE_KEYS.ip) == null) void loadClientIp();
  });
  bus.on('session:renewed', () => scheduleRenewal());
  bus.on('session:ended', () => scheduleRenewal());
  bus.on('session:cleared', () => scheduleRenewal());

  let hiddenAt: number | null = null;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      hiddenAt = Date.now();
      abortPendingRequests();
      return;
    }
    // Back on the tab: the session first (the token may have run out while it slept; after a
    // minute away the server is asked how long it has), then fresh settings and open bets.
    const away = hiddenAt == null ? 0 : Date.now() - hiddenAt;
    hiddenAt = null;
    if (checkSession() && away >= 60_000) void confirmAccessToken();
    void loadDomainSettings();
    void queryClient.invalidateQueries({ queryKey: ['open-bets'] });
  });
  window.addEventListener('pagehide', () => abortPendingRequests());
  window.addEventListener('beforeunload', () => abortPendingRequests());
}
