import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DomainSettings } from '@backlay/contract';
import { faGear } from '@fortawesome/free-solid-svg-icons';
import { FullPage } from '../components/FullPage';
import { t } from '../i18n';

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
    <FullPage icon={faGear} title={t('errors.maintenance.title')}>
      <p>{t('errors.maintenance.text')}</p>
      <button type="button" className="btn btn--primary" disabled={checking} onClick={() => void retry()}>
        {checking ? t('errors.maintenance.checking') : t('errors.maintenance.retry')}
      </button>
    </FullPage>
  );
}
