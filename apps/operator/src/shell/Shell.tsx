import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { faRightFromBracket } from '@fortawesome/free-solid-svg-icons';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { ROLE_LABELS, screensFor } from '@/session/screens';
import { useSession } from '@/session/session-store';
import { useSessionRenewal } from '@/session/use-session-renewal';
import { formatClock } from '@/shared/format';
import { useSiteName } from '@/shared/site';

/** Everything past sign-in: without a session, the sign-in page, remembering where the operator was going. */
export function RequireSession() {
  const session = useSession((s) => s.session);
  const location = useLocation();
  useSessionRenewal();

  if (!session) {
    return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Shell />;
}

function Shell() {
  const session = useSession((s) => s.session)!;
  const signOut = useSession((s) => s.signOut);
  const siteName = useSiteName();
  const { userName, role } = session.operator;
  const screens = screensFor(role);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="topbar__brand">
          <span className="brand-mark" aria-hidden="true">
            B
          </span>
          <span className="brand-name">Backlay operators</span>
        </span>
        <span className="topbar__site" title="The site this session acts on">
          {siteName}
        </span>
        <span className="topbar__who" aria-label="Signed in as">
          <span className="topbar__name">{userName}</span>
          <span className={`role role--${role}`}>{ROLE_LABELS[role]}</span>
        </span>
        <span className="topbar__expiry muted">until {formatClock(session.expiresAt)}</span>
        <button type="button" className="btn btn--ghost" onClick={signOut}>
          <FontAwesomeIcon icon={faRightFromBracket} /> Sign out
        </button>
      </header>
      <nav className="sidenav" aria-label="Screens">
        {screens.length > 0 ? (
          <ul>
            {screens.map((s) => (
              <li key={s.path}>
                <NavLink to={s.path} className="sidenav__link">
                  <FontAwesomeIcon icon={s.icon} fixedWidth /> {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        ) : (
          <p className="sidenav__empty muted">No screens for your role yet.</p>
        )}
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
