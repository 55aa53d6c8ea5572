import { z } from 'zod';
import * as A from './account';
import { LoginResultSchema } from './account';
import * as S from './settings';
import * as O from './operator';

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
export type RouteBody<K extends RouteKey> = Routes[K]['body'] extends z.ZodType
  ? z.input<NonNullable<Routes[K]['body']>>
  : never;
export type RouteQuery<K extends RouteKey> = Routes[K]['query'] extends z.ZodType
  ? z.input<NonNullable<Routes[K]['query']>>
  : never;

/** The domain-settings JSON the client fetches from the CDN path, named after the host. */
export const CDN_SETTINGS_PATH = '/cdn/settings';
/** The realtime hub's path under the API base URL. */
export const HUB_PATH = '/notify';
