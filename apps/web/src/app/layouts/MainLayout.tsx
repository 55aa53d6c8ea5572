import { NavLink, Outlet } from 'react-router';
import { Icon } from '@/shared/ui/Icon';
import { faStar, faTv, faList, faCircleUser, faBook } from '@fortawesome/free-solid-svg-icons';
import { SPORT_IDS, STORAGE_KEYS } from '@backlay/contract';
import { useLayoutFlag } from '@/shared/stores/layout';
import { useSessionStore } from '@/shared/session/session-store';
import { useSportTabs } from '@/features/sports/lib/use-sport-tabs';
import { NewsMarquee, SliderHeader } from '@/features/sports/components/SportsHeaderExtras';
import { isSportVisible } from '@/features/sports/lib/visibility';
import { sportIcon } from '@/features/sports/lib/sport-icons';
import { useSettingsStore } from '@/shared/settings/settings-store';
import { storage } from '@/shared/storage/storage';
import { MarketSlotsContext } from '@/shared/market/market-slots-context';
import { bettingMarketSlots } from '@/features/betting/lazy-market-slots';
import { TopBar } from './TopBar';
import { Footer } from './Footer';
import { useLoginPath } from '../return-to';
import { t } from '../i18n';

/** Sport tabs under the header: In-Play, then each visible sport, Casino and Favourites. */
function SportNav() {
  const { tabs, query } = useSportTabs();
  const user = useSessionStore((s) => s.user);
  const settings = useSettingsStore((s) => s.settings);
  const scrollable = useLayoutFlag('scrollableNavbar');
  const showCasino = isSportVisible(SPORT_IDS.casino, 0, {
    tree: [],
    settings,
    user,
    gamesCount: query.data?.games.length ?? 0,
    casinoIsEmpty: storage.getFlag(STORAGE_KEYS.casinoIsEmpty),
  });
  const liveCount = tabs.reduce(
    (n, tab) => n + tab.events.filter((e) => e.status === 'IN_PLAY' || e.matchDate === 'In-Play').length,
    0,
  );
  return (
    <nav className={`sport-nav ${scrollable ? 'sport-nav--scroll' : ''}`} aria-label={t('app.nav.sports')}>
      <NavLink to="/inplay" className="sport-nav__tab">
        <span className="live-dot" aria-hidden="true" /> {t('app.nav.inPlay')}
        {liveCount > 0 && <span className="sport-nav__count">{liveCount}</span>}
      </NavLink>
      {tabs.map((tab) => (
        <NavLink key={tab.id} to={`/matchlist/${tab.id}`} className="sport-nav__tab">
          <Icon icon={sportIcon(tab.id)} /> {tab.name}
        </NavLink>
      ))}
      {showCasino && (
        <NavLink to="/casino" className="sport-nav__tab">
          <Icon icon={sportIcon(SPORT_IDS.casino)} /> {t('app.nav.casino')}
        </NavLink>
      )}
      <NavLink to="/favorites" className="sport-nav__tab">
        <Icon icon={faStar} /> {t('app.nav.favourites')}
      </NavLink>
    </nav>
  );
}

function Sidebar() {
  const { tabs } = useSportTabs();
  const user = useSessionStore((s) => s.user);
  return (
    <aside className="sidebar" aria-label={t('app.nav.quickLinks')}>
      <h2 className="sidebar__title">{t('app.nav.sports')}</h2>
      <NavLink to="/inplay" className="sidebar__link">
        <Icon icon={faTv} fixedWidth /> {t('app.nav.inPlay')}
      </NavLink>
      <NavLink to="/index" className="sidebar__link">
        <Icon icon={faList} fixedWidth /> {t('app.nav.allSports')}
      </NavLink>
      {tabs.map((tab) => (
        <NavLink key={tab.id} to={`/matchlist/${tab.id}`} className="sidebar__link">
          <Icon icon={sportIcon(tab.id)} fixedWidth /> {tab.name}
          <span className="sidebar__count">{tab.events.length}</span>
        </NavLink>
      ))}
      {user && (
        <>
          <h2 className="sidebar__title">{t('app.nav.myAccount')}</h2>
          <NavLink to="/my-bets" className="sidebar__link">
            <Icon icon={faBook} fixedWidth /> {t('app.menu.myBets')}
          </NavLink>
          <NavLink to="/settings-stake" className="sidebar__link">
            <Icon icon={faCircleUser} fixedWidth /> {t('app.menu.stakeSettings')}
          </NavLink>
        </>
      )}
    </aside>
  );
}

/** Thumb-reach navigation on phones, where the sidebar is hidden. */
function BottomNav() {
  const user = useSessionStore((s) => s.user);
  const loginPath = useLoginPath();
  return (
    <nav className="bottom-nav" aria-label={t('app.nav.quickNavigation')}>
      <NavLink to="/inplay" className="bottom-nav__item">
        <Icon icon={faTv} />
        <span>{t('app.nav.inPlay')}</span>
      </NavLink>
      <NavLink to="/index" className="bottom-nav__item">
        <Icon icon={faList} />
        <span>{t('app.nav.sports')}</span>
      </NavLink>
      <NavLink to="/favorites" className="bottom-nav__item">
        <Icon icon={faStar} />
        <span>{t('app.nav.favourites')}</span>
      </NavLink>
      {user ? (
        <NavLink to="/my-bets" className="bottom-nav__item">
          <Icon icon={faBook} />
          <span>{t('app.menu.myBets')}</span>
        </NavLink>
      ) : (
        <NavLink to={loginPath} className="bottom-nav__item">
          <Icon icon={faCircleUser} />
          <span>{t('app.login')}</span>
        </NavLink>
      )}
    </nav>
  );
}

/** The main layout: dark header with wallet, sport tabs, news and slider, sidebar, footer. */
export function MainLayout() {
  const sidebar = useLayoutFlag('sidebar');
  const footer = useLayoutFlag('footer');
  const allTopHeader = useLayoutFlag('allTopHeader');
  return (
    <div className="app-shell">
      {allTopHeader && (
        <div className="app-top">
          <TopBar />
          <SportNav />
        </div>
      )}
      <NewsMarquee />
      <div className={`app-body ${sidebar ? 'app-body--with-sidebar' : ''}`}>
        {sidebar && <Sidebar />}
        <main className="app-main" id="main">
          <SliderHeader />
          <MarketSlotsContext.Provider value={bettingMarketSlots}>
            <Outlet />
          </MarketSlotsContext.Provider>
        </main>
      </div>
      {footer && <Footer />}
      <BottomNav />
    </div>
  );
}
