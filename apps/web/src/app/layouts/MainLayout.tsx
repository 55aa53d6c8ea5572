import { NavLink, Outlet } from 'react-router';
import { Icon } from '@/shared/ui/Icon';
import { faStar, faTv, faList, faCircleUser, faBook } from '@fortawesome/free-solid-svg-icons';
import { SPORT_IDS, STORAGE_KEYS } from '@backlay/contract';
import { useLayoutStore } from '@/shared/stores/layout';
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

/** Sport tabs under the header: In-Play, then each visible sport, Casino and Favourites. */
function SportNav() {
  const { tabs, query } = useSportTabs();
  const user = useSessionStore((s) => s.user);
  const settings = useSettingsStore((s) => s.settings);
  const scrollable = useLayoutStore((s) => s.scrollableNavbar);
  const showCasino = isSportVisible(SPORT_IDS.casino, 0, {
    tree: [],
    settings,
    user,
    gamesCount: query.data?.games.length ?? 0,
    casinoIsEmpty: storage.getFlag(STORAGE_KEYS.casinoIsEmpty),
  });
  const liveCount = tabs.reduce(
    (n, t) => n + t.events.filter((e) => e.status === 'IN_PLAY' || e.matchDate === 'In-Play').length,
    0,
  );
  return (
    <nav className={`sport-nav ${scrollable ? 'sport-nav--scroll' : ''}`} aria-label="Sports">
      <NavLink to="/inplay" className="sport-nav__tab">
        <span className="live-dot" aria-hidden="true" /> In-Play
        {liveCount > 0 && <span className="sport-nav__count">{liveCount}</span>}
      </NavLink>
      {tabs.map((t) => (
        <NavLink key={t.id} to={`/matchlist/${t.id}`} className="sport-nav__tab">
          <Icon icon={sportIcon(t.id)} /> {t.name}
        </NavLink>
      ))}
      {showCasino && (
        <NavLink to="/casino" className="sport-nav__tab">
          <Icon icon={sportIcon(SPORT_IDS.casino)} /> Casino
        </NavLink>
      )}
      <NavLink to="/favorites" className="sport-nav__tab">
        <Icon icon={faStar} /> Favourites
      </NavLink>
    </nav>
  );
}

function Sidebar() {
  const { tabs } = useSportTabs();
  const user = useSessionStore((s) => s.user);
  return (
    <aside className="sidebar" aria-label="Quick links">
      <h2 className="sidebar__title">Sports</h2>
      <NavLink to="/inplay" className="sidebar__link">
        <Icon icon={faTv} fixedWidth /> In-Play
      </NavLink>
      <NavLink to="/index" className="sidebar__link">
        <Icon icon={faList} fixedWidth /> All sports
      </NavLink>
      {tabs.map((t) => (
        <NavLink key={t.id} to={`/matchlist/${t.id}`} className="sidebar__link">
          <Icon icon={sportIcon(t.id)} fixedWidth /> {t.name}
          <span className="sidebar__count">{t.events.length}</span>
        </NavLink>
      ))}
      {user && (
        <>
          <h2 className="sidebar__title">My account</h2>
          <NavLink to="/my-bets" className="sidebar__link">
            <Icon icon={faBook} fixedWidth /> My Bets
          </NavLink>
          <NavLink to="/settings-stake" className="sidebar__link">
            <Icon icon={faCircleUser} fixedWidth /> Stake Settings
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
    <nav className="bottom-nav" aria-label="Quick navigation">
      <NavLink to="/inplay" className="bottom-nav__item">
        <Icon icon={faTv} />
        <span>In-Play</span>
      </NavLink>
      <NavLink to="/index" className="bottom-nav__item">
        <Icon icon={faList} />
        <span>Sports</span>
      </NavLink>
      <NavLink to="/favorites" className="bottom-nav__item">
        <Icon icon={faStar} />
        <span>Favourites</span>
      </NavLink>
      {user ? (
        <NavLink to="/my-bets" className="bottom-nav__item">
          <Icon icon={faBook} />
          <span>My Bets</span>
        </NavLink>
      ) : (
        <NavLink to={loginPath} className="bottom-nav__item">
          <Icon icon={faCircleUser} />
          <span>Login</span>
        </NavLink>
      )}
    </nav>
  );
}

/** The main layout: dark header with wallet, sport tabs, news and slider, sidebar, footer. */
export function MainLayout() {
  const { sidebar, footer, allTopHeader } = useLayoutStore();
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
