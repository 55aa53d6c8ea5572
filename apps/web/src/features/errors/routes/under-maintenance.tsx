import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DomainSettings } from '@backlay/contract';
import { faGear } from '@fortawesome/free-solid-svg-icons';
import { FullPage } from '../components/FullPage';

/**
 * /under-maintenance: where every route goes while the domain settings failed or say the site is
 * suspended. "Try again" reloads the settings through the loader app/ passes in.
 */
export function UnderMaintenanceRoute({
  reloadSettings,
}: {
  reloadSettings: () => Promise<DomainSettings | null>;
}) {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    const settings = await reloadSettings();
    setChecking(false);
    if (settings && !settings.siteSuspended) void navigate('/inplay', { replace: true });
  };
  return (
    <FullPage icon={faGear} title="Under maintenance">
      <p>We are improving the site and will be back shortly. Your balance and bets are safe.</p>
      <button type="button" className="btn btn--primary" disabled={checking} onClick={() => void retry()}>
        {checking ? 'Checking…' : 'Try again'}
      </button>
    </FullPage>
  );
}
