import { z } from 'zod';
import * as A from './account';
import { LoginResultSchema } from './account';
import * as S from './settings';
import * as O from './operator';
import * as Sp from './sports';
import * as Bt from './betting';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * none: sent without an Authorization header; optional: a token is used when present; user: a
 * player's token is required; admin: an operator call carrying the X-Admin-Key header.
 */
export type AuthMode = 'none' | 'optional' | 'user' | 'admin';

export interface RouteDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends AuthMode = AuthMode,
> {
  method: HttpMethod;
  /** Relative to the API base URL, as the client calls it; the server matches case-insensitively. */
  path: string;
  auth: A;
  tag: string;
  summary: string;
  query?: Q;
  body?: B;
  result: R;
  /** Documented, but absent when NODE_ENV is production. */
  devOnly?: boolean;
}

export function route<
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
  A extends AuthMode,
>(def: RouteDef<Q, B, R, A>): RouteDef<Q, B, R, A> {
  return def;
}

export const routes = {
  authenticate: route({
    method: 'POST',
    path: '/Account/Authenticate',
    auth: 'none',
    tag: 'Account',
    summary: 'Sign in with user name or e-mail and password',
    query: undefined,
    body: A.AuthenticateInputSchema,
    result: LoginResultSchema,
  }),
  loginAsDemoUser: route({
    method: 'GET',
    path: '/Account/LoginAsDemoUser',
    auth: 'none',
    tag: 'Account',
    summary: 'Sign in as a fresh demo account with play money',
    query: A.DemoLoginQuerySchema,
    body: undefined,
    result: LoginResultSchema,
  }),
  register: route({
    method: 'POST',
    path: '/Account/Register',
    auth: 'none',
    tag: 'Account',
    summary: 'Register with user name, password and Indian mobile; sends a one-time code',
    query: undefined,
    body: A.RegisterInputSchema,
    result: A.RegisterResultSchema,
  }),
  verificationUser: route({
    method: 'POST',
    path: '/Account/VerificationUser',
    auth: 'none',
    tag: 'Account',
    summary: 'Verify the mobile with the one-time code; answers the login result',
    query: undefined,
    body: A.VerificationInputSchema,
    result: LoginResultSchema,
  }),
  resendVerificationCode: route({
    method: 'POST',
    path: '/Account/ResendVerificationCode',
    auth: 'none',
    tag: 'Account',
    summary: 'Send a new one-time code; the previous one stops working',
    query: undefined,
    body: A.ResendCodeInputSchema,
    result: A.ResendCodeResultSchema,
  }),
  getAccessTokenValidateTime: route({
    method: 'POST',
    path: '/Account/GetAccessTokenValidateTime',
    auth: 'none',
    tag: 'Account',
    summary: 'How long an access token stays valid',
    query: A.TokenValidateQuerySchema,
    body: undefined,
    result: A.TokenValidateResultSchema,
  }),
  refreshToken: route({
    method: 'GET',
    path: '/Account/RefreshToken',
    auth: 'none',
    tag: 'Account',
    summary: 'A new access token for a refresh token',
    query: A.RefreshTokenQuerySchema,
    body: undefined,
    result: A.RefreshTokenResultSchema,
  }),
  getSettingExpiry: route({
    method: 'GET',
    path: '/api/setting/GetSettingExpiry',
    auth: 'none',
    tag: 'Account',
    summary: 'Session and code lifetimes the client should honour',
    query: A.SettingExpiryQuerySchema,
    body: undefined,
    result: A.SettingExpiryResultSchema,
  }),
  getUserLoginAttempts: route({
    method: 'POST',
    path: '/Account/GetUserLoginAttempts',
    auth: 'user',
    tag: 'Account',
    summary: "The signed-in user's sign-in attempts, newest first",
    query: A.LoginAttemptsQuerySchema,
    body: undefined,
    result: z.object({ totalCount: z.number().int(), items: z.array(A.LoginAttemptSchema) }),
  }),
  changePassword: route({
    method: 'POST',
    path: '/Account/changePassword',
    auth: 'user',
    tag: 'Account',
    summary: 'Change the password; other sessions are signed out',
    query: undefined,
    body: A.ChangePasswordInputSchema,
    result: A.MessageResultSchema,
  }),
  userStakeAdd: route({
    method: 'POST',
    path: '/UserStake/Add',
    auth: 'user',
    tag: 'Account',
    summary: 'Save the eight quick-stake buttons',
    query: undefined,
    body: A.UserStakeInputSchema,
    result: A.UserStakeResultSchema,
  }),
  getSetting: route({
    method: 'GET',
    path: '/Setting/GetSetting',
    auth: 'none',
    tag: 'Settings',
    summary: "The domain's settings (the client's secondary settings source)",
    query: S.DomainQuerySchema,
    body: undefined,
    result: S.DomainSettingsSchema,
  }),
  getSettingWithSportTree: route({
    method: 'GET',
    path: '/Setting/GetSettingWithSportTree',
    auth: 'optional',
    tag: 'Settings',
    summary: "The domain's settings with the sport tree, bonuses, casino games and TV list",
    query: S.DomainQuerySchema,
    body: undefined,
    result: S.SettingWithSportTreeSchema,
  }),
  getPageContent: route({
    method: 'GET',
    path: '/Setting/GetPageContent',
    auth: 'optional',
    tag: 'Settings',
    summary: "The operator's rules, exclusion policy or responsible-gaming page",
    query: S.PageContentQuerySchema,
    body: undefined,
    result: S.PageContentSchema,
  }),
  clientIp: route({
    method: 'GET',
    path: '/api/client-ip',
    auth: 'none',
    tag: 'Settings',
    summary: "The caller's IP address as the server sees it",
    query: undefined,
    body: undefined,
    result: S.ClientIpResultSchema,
  }),
  otpOutbox: route({
    method: 'GET',
    path: '/dev/otp-outbox',
    auth: 'none',
    tag: 'Development',
    summary: 'The latest one-time code sent to a mobile (not in production)',
    query: S.OtpOutboxQuerySchema,
    body: undefined,
    result: S.OtpOutboxResultSchema,
    devOnly: true,
  }),
  treeSportWithEvent: route({
    method: 'GET',
    path: '/Event/TreeSportWithEvent',
    auth: 'optional',
    tag: 'Sports',
    summary: 'Every sport with its events (in play first), ordered by sport id',
    query: Sp.TreeSportWithEventQuerySchema,
    body: undefined,
    result: Sp.TreeSportWithEventResultSchema,
  }),
  getBySportName: route({
    method: 'GET',
    path: '/event/GetBySportName',
    auth: 'optional',
    tag: 'Sports',
    summary: "A sport's events by name or id",
    query: Sp.GetBySportNameQuerySchema,
    body: undefined,
    result: Sp.GetBySportNameResultSchema,
  }),
  closestEvents: route({
    method: 'GET',
    path: '/Event/Closest',
    auth: 'optional',
    tag: 'Sports',
    summary: 'Upcoming events starting soonest',
    query: Sp.ClosestEventsQuerySchema,
    body: undefined,
    result: Sp.ClosestEventsResultSchema,
  }),
  marketsByEvent: route({
    method: 'GET',
    path: '/Market/GetByEventId',
    auth: 'optional',
    tag: 'Sports',
    summary: "An event's open markets without prices",
    query: Sp.EventIdQuerySchema,
    body: undefined,
    result: Sp.MarketsByEventResultSchema,
  }),
  userOddsV2: route({
    method: 'GET',
    path: '/Odds/GetUserOddsV2',
    auth: 'optional',
    tag: 'Sports',
    summary: "An event's odds by group, versioned (the hub pushes the same snapshots and changes)",
    query: Sp.GetUserOddsV2QuerySchema,
    body: undefined,
    result: Sp.OddsV2Schema,
  }),
  userLimits: route({
    method: 'GET',
    path: '/Odds/GetUserLimits',
    auth: 'optional',
    tag: 'Sports',
    summary: 'Stake limits, max profit, suspension, bet lock and delay per market',
    query: Sp.GetUserLimitsQuerySchema,
    body: undefined,
    result: Sp.GetUserLimitsResultSchema,
  }),
  scoreCard: route({
    method: 'GET',
    path: '/api/services/app/Sport/GetScoreCard',
    auth: 'optional',
    tag: 'Sports',
    summary: "An event's live scorecard",
    query: Sp.GetScoreCardQuerySchema,
    body: undefined,
    result: Sp.ScoreCardSchema,
  }),
  placeBetV2: route({
    method: 'POST',
    path: '/Bet/PlaceBetV2',
    auth: 'user',
    tag: 'Betting',
    summary: 'Place a bet (idempotent by requestId; held for the in-play delay; refused if the odds moved)',
    query: undefined,
    body: Bt.PlaceBetInputSchema,
    result: Bt.PlaceBetResultSchema,
  }),
  cashOutOffer: route({
    method: 'GET',
    path: '/Bet/GetCashOutOffer',
    auth: 'user',
    tag: 'Betting',
    summary:
      'The cash-out hedge of a match-odds market at the current best prices (place it with PlaceBetV2)',
    query: Bt.CashOutOfferQuerySchema,
    body: undefined,
    result: Bt.CashOutOfferResultSchema,
  }),
  userOpenBets: route({
    method: 'GET',
    path: '/Bet/GetUserOpenBets',
    auth: 'user',
    tag: 'Betting',
    summary: 'Open (matched, unsettled) bets with balance and exposure',
    query: Bt.OpenBetsQuerySchema,
    body: undefined,
    result: Bt.OpenBetsResultSchema,
  }),
  userExpectedProfitLoss: route({
    method: 'GET',
    path: '/Bet/GetUserExpectedProfitLoss',
    auth: 'user',
    tag: 'Betting',
    summary: 'Profit or loss per runner (or per run bucket for fancy) of every open market',
    query: Bt.ExpectedProfitLossQuerySchema,
    body: undefined,
    result: Bt.ExpectedProfitLossResultSchema,
  }),
  userBetHistory: route({
    method: 'POST',
    path: '/Bet/GetUserBetHistory',
    auth: 'user',
    tag: 'Betting',
    summary: 'Bets by date range, status and sport, paged',
    query: undefined,
    body: Bt.BetHistoryInputSchema,
    result: Bt.BetHistoryResultSchema,
  }),
  userProfitLoss: route({
    method: 'POST',
    path: '/Bet/GetUserProfitLoss',
    auth: 'user',
    tag: 'Betting',
    summary: 'Settled profit and loss by event over a date range',
    query: undefined,
    body: Bt.ProfitLossInputSchema,
    result: Bt.ProfitLossResultSchema,
  }),
  userProfitLossDetail: route({
    method: 'GET',
    path: '/Bet/GetUserProfitLossDetail',
    auth: 'user',
    tag: 'Betting',
    summary: "One event's settled markets and bets",
    query: Bt.ProfitLossDetailQuerySchema,
    body: undefined,
    result: Bt.ProfitLossDetailResultSchema,
  }),
  transactionHistory: route({
    method: 'GET',
    path: '/Transaction/GetHistory',
    auth: 'user',
    tag: 'Money',
    summary: 'The account cash statement: every ledger movement with a running balance',
    query: Bt.StatementQuerySchema,
    body: undefined,
    result: Bt.StatementResultSchema,
  }),
  transactionDetail: route({
    method: 'GET',
    path: '/Transaction/GetDetail',
    auth: 'user',
    tag: 'Money',
    summary: 'One statement line with the bets it settled',
    query: Bt.StatementDetailQuerySchema,
    body: undefined,
    result: Bt.StatementDetailResultSchema,
  }),
  adminSettleMarket: route({
    method: 'POST',
    path: '/admin/markets/settle',
    auth: 'admin',
    tag: 'Operator',
    summary: 'Settle or void a market by hand (idempotent)',
    query: undefined,
    body: Bt.AdminSettleMarketInputSchema,
    result: Bt.AdminSettleMarketResultSchema,
  }),
  adminAdjustWallet: route({
    method: 'POST',
    path: '/admin/wallets/adjust',
    auth: 'admin',
    tag: 'Operator',
    summary: "Credit or debit a player's wallet with a reason (a balanced journal against the house)",
    query: undefined,
    body: O.WalletAdjustmentInputSchema,
    result: O.WalletAdjustmentResultSchema,
  }),
} as const;

export type Routes = typeof routes;
export type RouteKey = keyof Routes;
export type RouteResult<K extends RouteKey> = z.infer<Routes[K]['result']>;
export type RouteBody<K extends RouteKey> =
  NonNullable<Routes[K]['body']> extends z.ZodType ? z.input<NonNullable<Routes[K]['body']>> : never;
export type RouteQuery<K extends RouteKey> =
  NonNullable<Routes[K]['query']> extends z.ZodType ? z.input<NonNullable<Routes[K]['query']>> : never;

/** The domain-settings JSON the client fetches from the CDN path, named after the host. */
export const CDN_SETTINGS_PATH = '/cdn/settings';
/** The realtime hub's path under the API base URL. */
export const HUB_PATH = '/notify';
