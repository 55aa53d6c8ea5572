import { bus } from '@/shared/events/bus';
import { preloadHttpClient } from '@/shared/http/api';
import { abortPendingRequests } from '@/shared/http/request-tracker';
import { getAccessToken } from '@/shared/storage/storage';
import { registerDefaultIcons } from '@/shared/ui/icons';
import { refreshAccessToken } from '@/features/auth/api/refresh-token';
import { checkSessionExpiry, storedExpiry } from '@/features/auth/lib/session';
import { loadDomainSettings } from '@/features/settings/api/load-domain-settings';
import { queryClient } from './query-client';

/** Refresh a minute before expiry; never sooner than 5 s, never later than setTimeout allows. */
const REFRESH_LEAD_MS = 60_000;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleRefresh(): void {
  if (refreshTimer != null) clearTimeout(refreshTimer);
  refreshTimer = null;
  const expiry = storedExpiry();
  if (expiry == null || getAccessToken() == null) return;
  const delay = Math.min(Math.max(expiry - Date.now() - REFRESH_LEAD_MS, 5_000), 2_147_000_000);
  refreshTimer = setTimeout(() => {
    refreshAccessToken()
      .then(() => scheduleRefresh())
      .catch(() => {
        // A rejected refresh token already ended the session through the 401 rules.
      });
  }, delay);
}

/** Start-up of section 4: session from storage, settings, realtime, refresh, tab and unload rules. */
export function bootstrap(): void {
  registerDefaultIcons();
  preloadHttpClient();
  checkSessionExpiry();
  void loadDomainSettings();
  // The realtime client loads after the first paint; a failed start is logged, never fatal.
  void import('./realtime-setup').then((m) => m.setUpRealtime());
  scheduleRefresh();
  bus.on('session:started', scheduleRefresh);
  bus.on('session:ended', scheduleRefresh);

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      abortPendingRequests();
      return;
    }
    // Back on the tab: fresh settings and open bets.
    void loadDomainSettings();
    void queryClient.invalidateQueries({ queryKey: ['open-bets'] });
  });
  window.addEventListener('pagehide', () => abortPendingRequests());
  window.addEventListener('beforeunload', () => abortPendingRequests());
}
