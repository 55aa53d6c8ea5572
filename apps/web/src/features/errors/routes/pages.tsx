import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Icon } from '@/shared/ui/Icon';
import { faBan, faGear, faLifeRing, faMagnifyingGlass } from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import type { ReactNode } from 'react';
import { loadDomainSettings } from '../../settings/api/load-domain-settings';

function FullPage({
  code,
  icon,
  title,
  children,
}: {
  code?: string;
  icon: IconDefinition;
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="full-page">
      <div className="full-page__card">
        <Icon icon={icon} className="full-page__icon" />
        {code && <p className="full-page__code">{code}</p>}
        <h1 className="full-page__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function NotAuthorizedRoute() {
  return (
    <FullPage code="403" icon={faBan} title="You are not authorized to view this page">
      <p>Your account does not have access here.</p>
      <Link to="/inplay" className="btn btn--primary">
        Go to In-Play
      </Link>
    </FullPage>
  );
}

export function NotFoundRoute() {
  return (
    <FullPage code="404" icon={faMagnifyingGlass} title="Page not found">
      <p>The address you opened does not exist.</p>
      <Link to="/inplay" className="btn btn--primary">
        Go to In-Play
      </Link>
    </FullPage>
  );
}

export function ServerErrorRoute() {
  return (
    <FullPage code="500" icon={faLifeRing} title="Something went wrong">
      <p>We could not complete that. Please try again in a moment.</p>
      <Link to="/inplay" className="btn btn--primary">
        Go to In-Play
      </Link>
    </FullPage>
  );
}

export function UnderMaintenanceRoute() {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    const settings = await loadDomainSettings();
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
