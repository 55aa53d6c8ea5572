import { useEffect, useState } from 'react';
import { t } from '@/shared/i18n/t';
import './offline-notice.css';

/** The page was opened by the service worker without a network (sw.ts marks its <html>). */
function openedOffline(): boolean {
  return document.documentElement.hasAttribute('data-offline');
}

/**
 * Says so while the player is offline, and what it means for the money on screen: prices, bets
 * and the balance shown are the last ones known. Offline from the start (the service worker's
 * page, or no network at all) until the browser reports the network back; Retry opens the page
 * again. The live region stays in the page, so screen readers announce the notice when it comes.
 */
export function OfflineNotice() {
  const [offline, setOffline] = useState(() => openedOffline() || !navigator.onLine);

  useEffect(() => {
    const online = () => setOffline(false);
    const offlineNow = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', offlineNow);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offlineNow);
    };
  }, []);

  return (
    <div role="status">
      {offline && (
        <div className="offline-notice" data-testid="offline-notice">
          <p className="offline-notice__text">{t('shared.offlineNotice')}</p>
          <button
            type="button"
            className="btn offline-notice__retry"
            onClick={() => window.location.reload()}
          >
            {t('shared.offlineRetry')}
          </button>
        </div>
      )}
    </div>
  );
}
