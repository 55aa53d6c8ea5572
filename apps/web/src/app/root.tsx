import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useBlocker, useLocation, useNavigate } from 'react-router';
import { STORAGE_KEYS } from '@backlay/contract';
import { ROUTE_LOADING_CLEAR_MS } from '@/shared/config/constants';
import { notify } from '@/shared/ui/toast';
import { ToastHost } from '@/shared/ui/ToastHost';
import { OfflineNotice } from '@/shared/pwa/OfflineNotice';
import { bus, openModal } from '@/shared/events/bus';
import { storage } from '@/shared/storage/storage';
import { useLayoutStore } from '@/shared/stores/layout';
import { selectIsLoading, useLoadingStore } from '@/shared/stores/loading';
import { useRouteHandle } from '@/shared/lib/route-handle';
import { useUiStore } from '@/shared/stores/ui';
import { checkSession } from '@/shared/session/session-rules';
import { useSessionStore } from '@/shared/session/session-store';
import { dropSessionState } from '@/features/auth/lib/session';
import { flagIsOff, useSettingsStore } from '@/shared/settings/settings-store';
import { loadDomainSettings } from '@/features/settings/api/load-domain-settings';
import { InactivityOverlay } from '@/features/inactivity/components/InactivityOverlay';
import { SessionData } from '@/features/betting/components/SessionData';
import { ModalHost } from './modal-host';
import { queryClient } from './query-client';
import { rememberPage } from './return-to';
import { entryFlagFor, isInPlayPath, isLobbyPath, pageTitle, type RouteHandle } from './route-meta';
import { t } from './i18n';
import { withCatalogs } from '@/shared/i18n';

// A signed-in player's reality check and time-out banner: loaded once someone signs in, never on
// a visitor's first paint.
const PlayRestrictionBanner = lazy(() =>
  withCatalogs(import('@/features/responsible-gaming/components/PlayRestrictionBanner')).then((m) => ({
    default: m.PlayRestrictionBanner,
  })),
);
const RealityCheck = lazy(() =>
  withCatalogs(import('@/features/responsible-gaming/components/RealityCheck')).then((m) => ({
    default: m.RealityCheck,
  })),
);

function LoadingBar() {
  const loading = useLoadingStore(selectIsLoading);
  return (
    <div
      className={`loading-bar ${loading ? 'loading-bar--on' : ''}`}
      role="progressbar"
      aria-hidden={!loading}
      aria-label={t('app.loading')}
    />
  );
}

/** '{domain title} | {route title}', from the deepest route that names a title. */
function usePageTitle() {
  const domainTitle = useSettingsStore((s) => s.settings?.domainTitle);
  const routeTitle = useRouteHandle((handle) => (handle as RouteHandle | undefined)?.title);
  // Read in render: the title follows the language on screen as well as the route.
  const title = routeTitle ? t(routeTitle) : undefined;
  useEffect(() => {
    document.title = pageTitle(domainTitle, title);
  }, [domainTitle, title]);
}

/** Section 2 entry guards: a flag that is exactly false cancels the navigation; the user stays. */
function useEntryGuards() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    const flag = entryFlagFor(nextLocation.pathname);
    return flag != null && flagIsOff(useSettingsStore.getState().settings, flag);
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const flag = entryFlagFor(blocker.location.pathname);
    blocker.reset();
    // The contract's SIGNUP_DISABLED message, in the language on screen.
    if (flag === 'allowSignUp') notify.info(t('app.signupDisabled'), 'signup-off');
  }, [blocker]);
}

/** Every navigation rule of section 2, run on each route change. */
function useNavigationRules() {
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useRef<string | null>(null);
  const settings = useSettingsStore((s) => s.settings);
  const suspended = useSettingsStore((s) => s.siteSuspended);

  useEffect(() => {
    const path = location.pathname;
    const before = previous.current;
    previous.current = path;

    checkSession();

    const loading = useLoadingStore.getState();
    loading.setRouteChanging(true);
    const timer = setTimeout(
      () => useLoadingStore.getState().setRouteChanging(false),
      ROUTE_LOADING_CLEAR_MS,
    );

    if (before != null && before !== path) {
      // Only for a signed-in player: a logout from the lobby must not refetch with a cleared session.
      const signedIn = useSessionStore.getState().user != null;
      if (signedIn && isLobbyPath(before) && !isLobbyPath(path)) {
        void queryClient.invalidateQueries({ queryKey: ['expected-profit-loss'] });
        void queryClient.invalidateQueries({ queryKey: ['open-bets'] });
        useLayoutStore.getState().resetFlags();
      }
      if (isInPlayPath(path) && !isInPlayPath(before)) useUiStore.getState().requestBalanceFetch(true);
    }
    return () => clearTimeout(timer);
  }, [location.pathname]);

  // The page a sign-in returns to, when its link names none.
  useEffect(() => rememberPage(location.pathname, location.search), [location.pathname, location.search]);

  // siteSuspended: any route but /under-maintenance refreshes the settings and goes there.
  useEffect(() => {
    const path = location.pathname.toLowerCase();
    if (path === '/under-maintenance') return;
    if (suspended || storage.getFlag(STORAGE_KEYS.siteSuspended)) {
      void loadDomainSettings();
      void navigate('/under-maintenance', { replace: true });
    }
  }, [location.pathname, suspended, navigate]);

  // A guarded page opened directly (no previous page to stay on) goes to In-Play instead.
  useEffect(() => {
    const flag = entryFlagFor(location.pathname);
    if (flag != null && flagIsOff(settings, flag)) void navigate('/inplay', { replace: true });
  }, [location.pathname, settings, navigate]);
}

/** 401 answers: an HTTP 401 opens the login modal; a session-expired body goes to /Auth/Logout. */
function useSessionEvents() {
  const navigate = useNavigate();
  useEffect(() => {
    const offUnauthorized = bus.on('session:unauthorized', ({ path }) => {
      dropSessionState();
      openModal('login', path);
    });
    const offExpired = bus.on('session:expired', () => {
      dropSessionState();
      void navigate('/Auth/Logout', { replace: true });
    });
    // The reload rule cleared an expired session: its open bets and P/L leave the cache too, so the
    // next player to sign in here never sees them.
    const offCleared = bus.on('session:cleared', () => {
      for (const queryKey of [['open-bets'], ['expected-profit-loss']]) {
        void queryClient.cancelQueries({ queryKey });
        queryClient.removeQueries({ queryKey });
      }
    });
    return () => {
      offUnauthorized();
      offExpired();
      offCleared();
    };
  }, [navigate]);
}

export function Root() {
  const signedIn = useSessionStore((s) => s.user != null);
  usePageTitle();
  useEntryGuards();
  useNavigationRules();
  useSessionEvents();
  return (
    <>
      <LoadingBar />
      {signedIn && (
        <Suspense fallback={null}>
          <PlayRestrictionBanner />
        </Suspense>
      )}
      <Outlet />
      <ModalHost />
      <SessionData />
      {signedIn && (
        <Suspense fallback={null}>
          <RealityCheck />
        </Suspense>
      )}
      <InactivityOverlay />
      <ToastHost />
      <OfflineNotice />
    </>
  );
}
