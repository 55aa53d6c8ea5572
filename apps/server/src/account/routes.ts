import { normaliseMobile, routes, type LoginAttempt } from '@backlay/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from '../auth';
import type { Config } from '../config';
import { AppError } from '../platform/http/app-error';
import { isFormPost } from '../platform/http/body-parsers';
import { defineRoute } from '../platform/http/define-route';
import type { OutboxSmsSender } from '../platform/sms/sms-sender';
import { SignInDelayed, type AccountService, type SignInClient } from './account-service';
import { clientInfo } from './client-info';
import { deviceIdFor, readDeviceId } from './device-cookie';
import { pageLoginAttempts } from './login-attempt-repository';
import type { SessionService } from './session-service';

export interface AccountRoutesOptions {
  accounts: AccountService;
  sessions: SessionService;
  tokens: TokenService;
  config: Config;
  outbox: OutboxSmsSender | null;
}

/** Idle time before the "are you still there?" prompt, and the time a player has to answer it. */
const INACTIVITY_PROMPT_SECONDS = 9 * 60;
const INACTIVITY_ANSWER_SECONDS = 10;

export async function accountRoutes(app: FastifyInstance, opts: AccountRoutesOptions) {
  const { accounts, sessions, tokens, config } = opts;
  /**
   * Per-IP limits on the calls that guess secrets or send SMS (config.ts; 20, 10 and 10 a minute),
   * and a flood guard on the token calls every signed-in player makes (300 a minute);
   * sign-in limits per account and address or device live in sign-in-guard.ts, code limits per
   * account in the service.
   */
  const perIp = {
    signIn: { max: config.SIGN_INS_PER_MINUTE_PER_IP, timeWindow: 60_000 },
    tokens: { max: config.TOKEN_CALLS_PER_MINUTE_PER_IP, timeWindow: 60_000 },
    codes: { max: config.CODES_PER_MINUTE_PER_IP, timeWindow: 60_000 },
    register: { max: config.SIGN_UPS_PER_MINUTE_PER_IP, timeWindow: 60_000 },
  };

  /** Where a sign-in comes from; a browser without a device cookie gets one with this answer. */
  const signInClient = (req: FastifyRequest, reply: FastifyReply): SignInClient => ({
    ...clientInfo(req),
    deviceId: deviceIdFor(req, reply, config.isProduction),
  });

  defineRoute(
    app,
    routes.authenticate,
    async ({ body, req, reply }) => {
      try {
        return await accounts.authenticate(req.domain, body, signInClient(req, reply));
      } catch (err) {
        if (err instanceof SignInDelayed) void reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
    {
      rateLimit: perIp.signIn,
    },
  );

  defineRoute(
    app,
    routes.loginAsDemoUser,
    ({ req }) => accounts.loginAsDemo(req.domain, { ...clientInfo(req), deviceId: readDeviceId(req) }),
    {
      rateLimit: { max: config.DEMO_LOGINS_PER_MINUTE_PER_IP, timeWindow: 60_000 },
    },
  );

  // The device cookie is handed out at sign-up already: the referral checks compare it.
  defineRoute(
    app,
    routes.register,
    ({ body, req, reply }) =>
      accounts.register(req.domain, body, {
        deviceId: deviceIdFor(req, reply, config.isProduction),
        ip: req.ip,
      }),
    {
      rateLimit: perIp.register,
    },
  );

  defineRoute(
    app,
    routes.verificationUser,
    ({ body, req, reply }) => accounts.verify(req.domain, body, signInClient(req, reply)),
    {
      rateLimit: perIp.codes,
    },
  );

  defineRoute(app, routes.resendVerificationCode, ({ body, req }) => accounts.resendCode(req.domain, body), {
    rateLimit: perIp.codes,
  });

  defineRoute(
    app,
    routes.getAccessTokenValidateTime,
    async ({ query, req }) => {
      // The family's V1 clients post nothing as a form (axios with null data) and read a number.
      const v1 = isFormPost(req.headers['content-type']);
      if (query.accessToken === undefined) {
        if (v1) return config.ACCESS_TOKEN_TTL_SECONDS;
        throw new AppError('VALIDATION_FAILED', 'Access token is required', [
          { field: 'accessToken', message: 'Access token is required' },
        ]);
      }
      const verified = await tokens.verifyAccess(query.accessToken);
      const left =
        verified.ok && verified.claims.domainId === req.domain.id
          ? Math.max(0, Math.floor((verified.expiresAt.getTime() - Date.now()) / 1000))
          : 0;
      if (v1) return left;
      if (!verified.ok || verified.claims.domainId !== req.domain.id) {
        return { isValid: false, expireInSeconds: 0, expireDateTime: null };
      }
      return { isValid: left > 0, expireInSeconds: left, expireDateTime: verified.expiresAt.toISOString() };
    },
    { rateLimit: perIp.tokens },
  );

  defineRoute(
    app,
    routes.refreshToken,
    async ({ query, req }) => {
      const refreshed = await sessions.refresh(query.refreshToken, req.domain);
      if (!refreshed) throw new AppError('REFRESH_TOKEN_INVALID');
      return refreshed;
    },
    { rateLimit: perIp.tokens },
  );

  defineRoute(app, routes.getSettingExpiry, async () => ({
    accessTokenExpireInSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenExpireInSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    rememberedRefreshTokenExpireInSeconds: config.REMEMBERED_REFRESH_TOKEN_TTL_SECONDS,
    inactivityPromptSeconds: INACTIVITY_PROMPT_SECONDS,
    inactivityAnswerSeconds: INACTIVITY_ANSWER_SECONDS,
    otpValiditySeconds: 120,
    // The family's V1 names for the inactivity prompt and the time to answer it.
    timeOutSecond: INACTIVITY_PROMPT_SECONDS,
    showTimeOutNotificationSecond: INACTIVITY_ANSWER_SECONDS,
  }));

  defineRoute(app, routes.getUserLoginAttempts, async ({ query, user }) => {
    const page = await pageLoginAttempts(
      app.db,
      user.userId,
      query.Result,
      query.MaxResultCount,
      query.SkipCount,
    );
    return {
      totalCount: page.totalCount,
      items: page.items.map((a) => ({
        id: a.id,
        creationTime: a.createdAt.toISOString(),
        clientIpAddress: a.ip,
        browserInfo: a.browser,
        clientName: a.clientName,
        userNameOrEmailAddress: a.userNameOrEmail,
        result: a.result as LoginAttempt['result'],
      })),
    };
  });

  defineRoute(
    app,
    routes.changePassword,
    ({ body, user }) => accounts.changePassword(user.userId, user.sessionId, body),
    {
      rateLimit: perIp.signIn,
    },
  );

  defineRoute(app, routes.userStakeAdd, ({ body, user }) => accounts.saveStakes(user.userId, body));

  if (opts.outbox && !config.isProduction) {
    const outbox = opts.outbox;
    defineRoute(app, routes.otpOutbox, async ({ query }) => {
      const mobile = normaliseMobile(query.mobile);
      const sms = await outbox.latest(mobile);
      if (!sms) throw new AppError('NOT_FOUND', 'No code has been sent to this mobile.');
      return {
        mobile,
        code: sms.code,
        sentAt: sms.sentAt.toISOString(),
        expiresAt: sms.expiresAt.toISOString(),
      };
    });
  }
  if (!config.isProduction) {
    defineRoute(app, routes.devAgeOtp, ({ body, req }) =>
      accounts.ageCodes(req.domain.id, body.mobile, body.seconds),
    );
  }
}
