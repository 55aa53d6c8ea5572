import { useEffect } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useLayoutFlag, useLayoutStore } from '@/shared/stores/layout';
import { TopBar } from './TopBar';
import { t } from '../i18n';

/** The casino lobby: the header and a slim bar back to sports. */
export function LobbyLayout() {
  const backToSports = useLayoutFlag('backToSports');
  // The lobby sets its navbar flags; leaving it resets them (a navigation rule in the root).
  useEffect(() => {
    useLayoutStore.getState().setFlags({ backToSports: true, sidebar: false, newsMarquee: false });
  }, []);
  return (
    <div className="app-shell app-shell--lobby">
      <div className="app-top">
        <TopBar />
        <nav className="sport-nav" aria-label={t('app.nav.lobby')}>
          {backToSports && (
            <NavLink to="/inplay" className="sport-nav__tab">
              {t('app.nav.backToSports')}
            </NavLink>
          )}
          <NavLink to="/lobby" className="sport-nav__tab">
            {t('app.nav.lobby')}
          </NavLink>
          <NavLink to="/casino" className="sport-nav__tab">
            {t('app.nav.casino')}
          </NavLink>
        </nav>
      </div>
      <main className="app-main app-main--full">
        <Outlet />
      </main>
    </div>
  );
}
