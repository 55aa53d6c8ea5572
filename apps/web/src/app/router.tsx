import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { MainLayout } from './layouts/MainLayout';
import { AuthLayout, AuthModalRoute } from './layouts/AuthLayout';
import { RequireAuth, TvGuard } from './guards';
import { Root } from './root';
import { RootError } from './root-error';
import { Shell } from './shell';
import { LogoutRoute } from './routes/logout';
import type { RouteHandle } from './route-meta';
import { withCatalogs } from '@/shared/i18n';

const t = (title: string): RouteHandle => ({ title });

/** A lazily loaded page: each page is its own chunk, loaded when first visited. */
function page<M>(
  path: string,
  title: string,
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
): RouteObject {
  return { path, handle: t(title), lazy: async () => ({ Component: pick(await withCatalogs(load())) }) };
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
                'My Markets',
                () => import('@/features/betting/routes/my-markets'),
                (m) => m.MyMarketsRoute,
              ),
              page(
                'bonus',
                'Bonus',
                () => import('@/features/bonus/routes/bonus'),
                (m) => m.BonusRoute,
              ),
              page(
                'open-bets',
                'Open Bets',
                () => import('@/features/betting/routes/open-bets'),
                (m) => m.OpenBetsRoute,
              ),
              page('rule-regulations', 'Rules & Regulations', content, (m) => m.RuleRegulationsRoute),
              page('exclusion-policy', 'Exclusion Policy', content, (m) => m.ExclusionPolicyRoute),
              page('responsible-gaming', 'Responsible Gaming', content, (m) => m.ResponsibleGamingRoute),
              page(
                'settings-stake',
                'Stake Settings',
                () => import('./routes/settings-stake'),
                (m) => m.SettingsStakePage,
              ),
              page(
                'change-password',
                'Change Password',
                () => import('@/features/account/routes/change-password'),
                (m) => m.ChangePasswordRoute,
              ),
              page(
                'account-cash-statement',
                'Account Statement',
                () => import('@/features/betting/routes/account-statement'),
                (m) => m.AccountStatementRoute,
              ),
              page(
                'account-cash-statement/detail/:id',
                'Transaction Detail',
                () => import('@/features/betting/routes/account-statement-detail'),
                (m) => m.AccountStatementDetailRoute,
              ),
              page(
                'bet-history',
                'Bet History',
                () => import('@/features/betting/routes/bet-history'),
                (m) => m.BetHistoryRoute,
              ),
              page(
                'my-bets',
                'My Bets',
                () => import('@/features/betting/routes/my-bets'),
                (m) => m.MyBetsRoute,
              ),
              page(
                'ProfitLoss',
                'Profit & Loss',
                () => import('@/features/betting/routes/profit-loss'),
                (m) => m.ProfitLossRoute,
              ),
              page(
                'profit-detail/:id',
                'Profit & Loss Detail',
                () => import('@/features/betting/routes/profit-detail'),
                (m) => m.ProfitDetailRoute,
              ),
              page(
                'dwrequests',
                'Deposit & Withdrawal Requests',
                () => import('@/features/money/routes/dw-requests'),
                (m) => m.DwRequestsRoute,
              ),
              page(
                'depositw',
                'Deposit',
                () => import('@/features/money/routes/deposit'),
                (m) => m.DepositRoute,
              ),
              page(
                'withdrawal',
                'Withdrawal',
                () => import('@/features/money/routes/withdrawal'),
                (m) => m.WithdrawalRoute,
              ),
              page(
                'referral',
                'Refer & Earn',
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
                'Casino Lobby',
                () => import('@/features/casino/routes/lobby'),
                (m) => m.LobbyRoute,
              ),
              page(
                'casino',
                'Casino',
                () => import('@/features/casino/routes/casino'),
                (m) => m.CasinoRoute,
              ),
              page(
                'lobby-page',
                'Game',
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
          { path: 'login', handle: t('Login'), element: <AuthModalRoute name="login" /> },
          { path: 'signup', handle: t('Sign Up'), element: <AuthModalRoute name="register" /> },
          { path: 'verfication', handle: t('Verification'), element: <AuthModalRoute name="verification" /> },
          { path: 'logout', Component: LogoutRoute },
          {
            path: 'token',
            handle: t('Sign in with a link'),
            lazy: async () => ({
              Component: (await withCatalogs(import('./routes/login-link'))).LoginLinkRoute,
            }),
          },
        ],
      },
      page(
        'not-authorized',
        'Not Authorized',
        () => import('@/features/errors/routes/not-authorized'),
        (m) => m.NotAuthorizedRoute,
      ),
      page(
        'error-404',
        'Page Not Found',
        () => import('@/features/errors/routes/not-found'),
        (m) => m.NotFoundRoute,
      ),
      page(
        'error-500',
        'Server Error',
        () => import('@/features/errors/routes/server-error'),
        (m) => m.ServerErrorRoute,
      ),
      page(
        'under-maintenance',
        'Under Maintenance',
        () => import('./routes/under-maintenance'),
        (m) => m.UnderMaintenancePage,
      ),
      { path: '*', element: <Navigate to="/error-404" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeTree);
}
