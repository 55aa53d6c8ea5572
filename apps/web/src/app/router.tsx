import type { ComponentType } from 'react';
import {
  Navigate,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from 'react-router';
import { MainLayout } from './layouts/MainLayout';
import { AuthLayout, AuthModalRoute } from './layouts/AuthLayout';
import { RequireAuth, TvGuard } from './guards';
import { Root } from './root';
import { RootError } from './root-error';
import { Shell } from './shell';
import { LogoutRoute } from './routes/logout';
import type { RouteHandle } from './route-meta';
import { withCatalogs } from '@/shared/i18n';
import type { AppMessageId } from './i18n';

/** A route's title: a message id of app/, translated where the title is shown (root.tsx). */
const titled = (title: AppMessageId, layout?: RouteHandle['layout']): RouteHandle => ({ title, layout });

/** A lazily loaded page: each page is its own chunk, loaded when first visited. */
function page<M>(
  path: string,
  title: AppMessageId,
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
  layout?: RouteHandle['layout'],
): RouteObject {
  return {
    path,
    handle: titled(title, layout),
    lazy: async () => ({ Component: pick(await withCatalogs(load())) }),
  };
}

const content = () => import('@/features/account/routes/content-page');
const sports = () => import('@/features/sports/routes/inplay');

export const routeTree: RouteObject[] = [
  {
    Component: Root,
    ErrorBoundary: RootError,
    // Shown while the first page's code loads: the shell index.html painted, so nothing jumps.
    HydrateFallback: Shell,
    children: [
      {
        Component: MainLayout,
        children: [
          { index: true, element: <Navigate to="/inplay" replace /> },
          // The sports' pages show the image slider above them (section 2's slider header flag).
          page('index', 'app.nav.sports', sports, (m) => m.IndexRoute, { sliderHeader: true }),
          page('inplay', 'app.nav.inPlay', sports, (m) => m.InPlayRoute, { sliderHeader: true }),
          page(
            'markets/:eventid?/:dreamid?',
            'app.title.markets',
            () => import('@/features/sports/routes/markets'),
            (m) => m.MarketsRoute,
          ),
          page(
            'matchlist/:id',
            'app.title.matchList',
            () => import('@/features/sports/routes/matchlist'),
            (m) => m.MatchListRoute,
          ),
          page(
            'favorites',
            'app.nav.favourites',
            () => import('@/features/sports/routes/favorites'),
            (m) => m.FavoritesRoute,
          ),
          page(
            'underConstruction',
            'app.title.underConstruction',
            () => import('@/features/sports/routes/under-construction'),
            (m) => m.UnderConstructionRoute,
          ),
          {
            path: 'tv',
            handle: titled('app.title.liveTv'),
            lazy: async () => {
              const { TvRoute } = await withCatalogs(import('@/features/sports/routes/tv'));
              return {
                Component: () => (
                  <TvGuard>
                    <TvRoute />
                  </TvGuard>
                ),
              };
            },
          },
          {
            Component: RequireAuth,
            children: [
              page(
                'my-markets',
                'app.title.myMarkets',
                () => import('@/features/betting/routes/my-markets'),
                (m) => m.MyMarketsRoute,
              ),
              page(
                'bonus',
                'app.menu.bonus',
                () => import('@/features/bonus/routes/bonus'),
                (m) => m.BonusRoute,
              ),
              page(
                'open-bets',
                'app.title.openBets',
                () => import('@/features/betting/routes/open-bets'),
                (m) => m.OpenBetsRoute,
              ),
              page('rule-regulations', 'app.menu.rules', content, (m) => m.RuleRegulationsRoute),
              page('exclusion-policy', 'app.menu.exclusionPolicy', content, (m) => m.ExclusionPolicyRoute),
              {
                // The operator's text, then the player's own limits, reality check and breaks.
                path: 'responsible-gaming',
                handle: titled('app.menu.responsibleGaming'),
                lazy: async () => {
                  const [operator, { ResponsibleGamingRoute }] = await withCatalogs(
                    Promise.all([
                      content(),
                      import('@/features/responsible-gaming/routes/responsible-gaming'),
                    ]),
                  );
                  const OperatorText = operator.ResponsibleGamingRoute;
                  return { Component: () => <ResponsibleGamingRoute operatorText={<OperatorText />} /> };
                },
              },
              page(
                'settings-stake',
                'app.menu.stakeSettings',
                () => import('./routes/settings-stake'),
                (m) => m.SettingsStakePage,
              ),
              page(
                'change-password',
                'app.menu.changePassword',
                () => import('@/features/account/routes/change-password'),
                (m) => m.ChangePasswordRoute,
              ),
              page(
                'account-cash-statement',
                'app.menu.accountStatement',
                () => import('@/features/betting/routes/account-statement'),
                (m) => m.AccountStatementRoute,
              ),
              page(
                'account-cash-statement/detail/:id',
                'app.title.transactionDetail',
                () => import('@/features/betting/routes/account-statement-detail'),
                (m) => m.AccountStatementDetailRoute,
              ),
              page(
                'bet-history',
                'app.menu.betHistory',
                () => import('@/features/betting/routes/bet-history'),
                (m) => m.BetHistoryRoute,
              ),
              page(
                'my-bets',
                'app.menu.myBets',
                () => import('@/features/betting/routes/my-bets'),
                (m) => m.MyBetsRoute,
              ),
              page(
                'ProfitLoss',
                'app.menu.profitLoss',
                () => import('@/features/betting/routes/profit-loss'),
                (m) => m.ProfitLossRoute,
              ),
              page(
                'profit-detail/:id',
                'app.title.profitLossDetail',
                () => import('@/features/betting/routes/profit-detail'),
                (m) => m.ProfitDetailRoute,
              ),
              page(
                'dwrequests',
                'app.title.dwRequests',
                () => import('@/features/money/routes/dw-requests'),
                (m) => m.DwRequestsRoute,
              ),
              page(
                'depositw',
                'app.menu.deposit',
                () => import('@/features/money/routes/deposit'),
                (m) => m.DepositRoute,
              ),
              page(
                'withdrawal',
                'app.menu.withdrawal',
                () => import('@/features/money/routes/withdrawal'),
                (m) => m.WithdrawalRoute,
              ),
              page(
                'referral',
                'app.menu.referEarn',
                () => import('@/features/referral/routes/referral'),
                (m) => m.ReferralRoute,
              ),
            ],
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({
              Component: (await withCatalogs(import('./layouts/LobbyLayout'))).LobbyLayout,
            }),
            children: [
              page(
                'lobby',
                'app.title.casinoLobby',
                () => import('@/features/casino/routes/lobby'),
                (m) => m.LobbyRoute,
              ),
              page(
                'casino',
                'app.nav.casino',
                () => import('@/features/casino/routes/casino'),
                (m) => m.CasinoRoute,
              ),
              page(
                'lobby-page',
                'app.title.game',
                () => import('@/features/casino/routes/lobby-page'),
                (m) => m.LobbyPageRoute,
              ),
            ],
          },
        ],
      },
      {
        path: 'auth',
        Component: AuthLayout,
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'login', handle: titled('app.login'), element: <AuthModalRoute name="login" /> },
          { path: 'signup', handle: titled('app.signUp'), element: <AuthModalRoute name="register" /> },
          {
            path: 'verfication',
            handle: titled('app.title.verification'),
            element: <AuthModalRoute name="verification" />,
          },
          { path: 'logout', Component: LogoutRoute },
          {
            path: 'token',
            handle: titled('app.link.title'),
            lazy: async () => ({
              Component: (await withCatalogs(import('./routes/login-link'))).LoginLinkRoute,
            }),
          },
        ],
      },
      page(
        'not-authorized',
        'app.title.notAuthorized',
        () => import('@/features/errors/routes/not-authorized'),
        (m) => m.NotAuthorizedRoute,
      ),
      page(
        'error-404',
        'app.title.notFound',
        () => import('@/features/errors/routes/not-found'),
        (m) => m.NotFoundRoute,
      ),
      page(
        'error-500',
        'app.title.serverError',
        () => import('@/features/errors/routes/server-error'),
        (m) => m.ServerErrorRoute,
      ),
      page(
        'under-maintenance',
        'app.title.maintenance',
        () => import('./routes/under-maintenance'),
        (m) => m.UnderMaintenancePage,
      ),
      { path: '*', element: <Navigate to="/error-404" replace /> },
    ],
  },
];

/**
 * The app's router, made as React Router's createBrowserRouter makes it (its own history, route
 * properties and hydration rules; the UNSAFE_ names are the parts it exports for that) but not yet
 * started: start-up calls `initialize()` a task later. Made and started in one call, the two were
 * one task of 15-25 ms under Lighthouse here (four times that on the phone it simulates): the route
 * tree matched, then the first navigation matching again and asking for its page's code.
 */
export function createAppRouter() {
  return createRouter({
    history: createBrowserHistory({ window }),
    routes: routeTree,
    mapRouteProperties,
    hydrationRouteProperties,
  });
}
