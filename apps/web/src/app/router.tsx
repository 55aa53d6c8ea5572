import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { MainLayout } from './layouts/MainLayout';
import { AuthLayout, AuthModalRoute } from './layouts/AuthLayout';
import { RequireAuth, TvGuard } from './guards';
import { Root } from './root';
import { RootError } from './root-error';
import { LogoutRoute } from './routes/logout';
import type { RouteHandle } from './route-meta';

const t = (title: string): RouteHandle => ({ title });

/** A lazily loaded page: each page is its own chunk, loaded when first visited. */
function page<M>(
  path: string,
  title: string,
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
): RouteObject {
  return { path, handle: t(title), lazy: async () => ({ Component: pick(await load()) }) };
}

const betting = () => import('@/features/betting/routes/pages');
const money = () => import('@/features/money/routes/pages');
const statement = () => import('@/features/betting/routes/statement');
const casino = () => import('@/features/casino/routes/pages');
const content = () => import('@/features/account/routes/content-page');
const errors = () => import('@/features/errors/routes/pages');
const sports = () => import('@/features/sports/routes/inplay');

export const routeTree: RouteObject[] = [
  {
    Component: Root,
    ErrorBoundary: RootError,
    // Shown while the first page's code loads: the dark header band, so nothing jumps.
    HydrateFallback: () => <div className="boot" aria-busy="true" />,
    children: [
      {
        Component: MainLayout,
        children: [
          { index: true, element: <Navigate to="/inplay" replace /> },
          page('index', 'Sports', sports, (m) => m.IndexRoute),
          page('inplay', 'In-Play', sports, (m) => m.InPlayRoute),
          page(
            'markets/:eventid?/:dreamid?',
            'Markets',
            () => import('@/features/sports/routes/markets'),
            (m) => m.MarketsRoute,
          ),
          page(
            'matchlist/:id',
            'Match List',
            () => import('@/features/sports/routes/matchlist'),
            (m) => m.MatchListRoute,
          ),
          page(
            'favorites',
            'Favourites',
            () => import('@/features/sports/routes/favorites'),
            (m) => m.FavoritesRoute,
          ),
          page(
            'underConstruction',
            'Under Construction',
            () => import('@/features/sports/routes/under-construction'),
            (m) => m.UnderConstructionRoute,
          ),
          {
            path: 'tv',
            handle: t('Live TV'),
            lazy: async () => {
              const { TvRoute } = await import('@/features/sports/routes/tv');
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
              page('my-markets', 'My Markets', betting, (m) => m.MyMarketsRoute),
              page('bonus', 'Bonus', money, (m) => m.BonusRoute),
              page('open-bets', 'Open Bets', betting, (m) => m.OpenBetsRoute),
              page('rule-regulations', 'Rules & Regulations', content, (m) => m.RuleRegulationsRoute),
              page('exclusion-policy', 'Exclusion Policy', content, (m) => m.ExclusionPolicyRoute),
              page('responsible-gaming', 'Responsible Gaming', content, (m) => m.ResponsibleGamingRoute),
              page(
                'settings-stake',
                'Stake Settings',
                () => import('@/features/account/routes/settings-stake'),
                (m) => m.SettingsStakeRoute,
              ),
              page(
                'change-password',
                'Change Password',
                () => import('@/features/account/routes/change-password'),
                (m) => m.ChangePasswordRoute,
              ),
              page('account-cash-statement', 'Account Statement', statement, (m) => m.AccountStatementRoute),
              page(
                'account-cash-statement/detail/:id',
                'Transaction Detail',
                statement,
                (m) => m.AccountStatementDetailRoute,
              ),
              page('bet-history', 'Bet History', betting, (m) => m.BetHistoryRoute),
              page('my-bets', 'My Bets', betting, (m) => m.MyBetsRoute),
              page('ProfitLoss', 'Profit & Loss', betting, (m) => m.ProfitLossRoute),
              page('profit-detail/:id', 'Profit & Loss Detail', betting, (m) => m.ProfitDetailRoute),
              page('dwrequests', 'Deposit & Withdrawal Requests', money, (m) => m.DwRequestsRoute),
              page('depositw', 'Deposit', money, (m) => m.DepositRoute),
              page('withdrawal', 'Withdrawal', money, (m) => m.WithdrawalRoute),
              page('referral', 'Refer & Earn', money, (m) => m.ReferralRoute),
            ],
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/LobbyLayout')).LobbyLayout }),
            children: [
              page('lobby', 'Casino Lobby', casino, (m) => m.LobbyRoute),
              page('casino', 'Casino', casino, (m) => m.CasinoRoute),
              page('lobby-page', 'Game', casino, (m) => m.LobbyPageRoute),
            ],
          },
        ],
      },
      {
        path: 'auth',
        Component: AuthLayout,
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'login', handle: t('Login'), element: <AuthModalRoute name="login" /> },
          { path: 'signup', handle: t('Sign Up'), element: <AuthModalRoute name="register" /> },
          { path: 'verfication', handle: t('Verification'), element: <AuthModalRoute name="verification" /> },
          { path: 'logout', Component: LogoutRoute },
        ],
      },
      page('not-authorized', 'Not Authorized', errors, (m) => m.NotAuthorizedRoute),
      page('error-404', 'Page Not Found', errors, (m) => m.NotFoundRoute),
      page('error-500', 'Server Error', errors, (m) => m.ServerErrorRoute),
      page('under-maintenance', 'Under Maintenance', errors, (m) => m.UnderMaintenanceRoute),
      { path: '*', element: <Navigate to="/error-404" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeTree);
}
