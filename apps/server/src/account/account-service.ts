import { paise } from '@backlay/exchange';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_STAKE_BUTTONS,
  looksLikeMobile,
  normaliseMobile,
  OTP_MAX_WRONG_TRIES,
  OTP_VALIDITY_SECONDS,
  type LoginResult,
  type RegisterResult,
  type StakeButton,
} from '@backlay/contract';
import { hashPassword, verifyPassword, type SessionRevocationAnnouncer } from '../auth';
import type { Config } from '../config';
import type { Ledger } from '../ledger';
import type { Db } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import type { SmsSender } from '../platform/sms/sms-sender';
import { recordVerifiedReferral } from '../referral';
import type { Domain } from '../settings';
import * as attempts from './login-attempt-repository';
import { describeWait, judgeSignIn, SIGN_IN_LIMITS, type SignInVerdict } from './sign-in-guard';
import * as otps from './otp-repository';
import type { ClientInfo, SessionService } from './session-service';
import { revokeSessions } from './session-repository';
import * as repo from './user-repository';

/** Limits on codes per account; sign-in limits live in sign-in-guard.ts, per-IP limits on the routes. */
export const LIMITS = {
  resendMinIntervalMs: 30_000,
  codesPerHour: 6,
} as const;

/** Where a sign-in comes from: the login-activity fields and the device cookie. */
export type SignInClient = ClientInfo & { clientName: string; deviceId: string | null };

/** A sign-in refused for now: the player may try again after `retryAfterSeconds`. */
export class SignInDelayed extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'RATE_LIMITED',
      `Too many failed sign-ins. Please try again in ${describeWait(retryAfterSeconds)}.`,
    );
  }
}

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly sessions: SessionService,
    private readonly sms: SmsSender,
    private readonly config: Config,
    private readonly revocations: SessionRevocationAnnouncer,
  ) {}

  // ------------------------------------------------------------ sign in
  /** Sign in with a user name, an e-mail address or a registered mobile number, and the password. */
  async authenticate(
    domain: Domain,
    input: { userNameOrEmailAddress: string; password: string; rememberClient: boolean },
    client: SignInClient,
  ): Promise<LoginResult> {
    const login = input.userNameOrEmailAddress;
    // A user name or e-mail first (a user name may be all digits), then a registered mobile number.
    const user =
      (await repo.findUserByLogin(this.db, domain.id, login)) ??
      (looksLikeMobile(login)
        ? await repo.findUserByMobile(this.db, domain.id, normaliseMobile(login))
        : null);
    const attempt = attempts.loginAttemptOf(domain.id, user?.id ?? null, login, client);
    const verdict = await this.signInVerdict(domain.id, login, user, client);
    if (!verdict.allowed) {
      await attempts.recordLoginAttempt(this.db, { ...attempt, result: 'RateLimited' });
      if (verdict.reason === 'wait') throw new SignInDelayed(verdict.retryAfterSeconds);
      throw new AppError(
        'RATE_LIMITED',
        'Too many failed sign-ins on this account. Please sign in from a device or network you have used before, or try again later.',
      );
    }
    const ok = await verifyPassword(user && !user.isDemo ? user.passwordHash : null, input.password);
    if (!user || !ok) {
      await attempts.recordLoginAttempt(this.db, { ...attempt, result: 'InvalidUserNameOrPassword' });
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (user.status === 'pending') {
      await attempts.recordLoginAttempt(this.db, { ...attempt, result: 'UserIsNotVerified' });
      throw new AppError('USER_NOT_VERIFIED');
    }
    if (user.status !== 'active') {
      await attempts.recordLoginAttempt(this.db, { ...attempt, result: 'UserIsLocked' });
      throw new AppError('USER_LOCKED');
    }
    const result = await this.sessions.open(user, domain, { remember: input.rememberClient, client });
    await attempts.recordLoginAttempt(this.db, { ...attempt, result: 'Success' });
    return result;
  }

  /** Whether this origin may try a password on this account now (see sign-in-guard.ts). */
  private async signInVerdict(
    domainId: number,
    login: string,
    user: repo.UserRow | null,
    client: SignInClient,
  ): Promise<SignInVerdict> {
    const now = Date.now();
    const since = new Date(now - SIGN_IN_LIMITS.windowMs);
    const known = user
      ? await attempts.lastSignInsFrom(this.db, user.id, client, new Date(now - SIGN_IN_LIMITS.knownForMs))
      : { address: null, device: null };
    const after = (t: Date | null) => (t && t > since ? t : since);
    const failures = await attempts.signInFailures(
      this.db,
      user ? { userId: user.id } : { domainId, login },
      client,
      { since, addressSince: after(known.address), deviceSince: after(known.device) },
    );
    return judgeSignIn(
      {
        accountFailures: failures.account,
        address: { ...failures.address, known: known.address !== null },
        device: client.deviceId ? { ...failures.device, known: known.device !== null } : null,
      },
      now,
    );
  }

  /** A fresh, isolated demo account with the domain's play money, signed in. */
  async loginAsDemo(domain: Domain, client: SignInClient): Promise<LoginResult> {
    const userName = `demo_${randomBytes(5).toString('hex')}`;
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url') + '1!a');
    const user = await this.ledger.transaction(async (money) => {
      const row = await repo.insertUser(money.tx, {
        domainId: domain.id,
        userName,
        passwordHash,
        status: 'active',
        isDemo: true,
        referralCode: newReferralCode(),
        verifiedAt: new Date(),
      });
      const cash = await money.openWallet(row.id, domain.id);
      await repo.createUserSettings(money.tx, row.id, DEFAULT_STAKE_BUTTONS);
      await money.post({
        domainId: domain.id,
        kind: 'demo_funding',
        reference: `demo:${row.id}`,
        description: 'Play money for a demo account',
        lines: [
          {
            account: await money.houseAccount(domain.id, 'HOUSE_PLAY_MONEY'),
            amount: paise(-domain.demoBalancePaise),
          },
          { account: cash, amount: domain.demoBalancePaise },
        ],
      });
      return row;
    });
    const result = await this.sessions.open(user, domain, { remember: false, client });
    await attempts.recordLoginAttempt(this.db, {
      ...attempts.loginAttemptOf(domain.id, user.id, userName, client),
      result: 'Success',
    });
    return result;
  }

  // ------------------------------------------------------------ registration
  /**
   * `from` is where the sign-up came from (the device cookie, the address): stored with a new
   * account, so referral checks can tell a player who refers themselves.
   */
  async register(
    domain: Domain,
    input: { userName: string; password: string; mobile: string; referralCode?: string | null | undefined },
    from: { deviceId: string | null; ip: string } = { deviceId: null, ip: '' },
  ): Promise<RegisterResult> {
    if (domain.settings.allowSignUp === false) throw new AppError('SIGNUP_DISABLED');
    const mobile = normaliseMobile(input.mobile);
    const referralCode = input.referralCode?.trim() || null;
    const referrer = referralCode
      ? await repo.findUserByReferralCode(this.db, domain.id, referralCode)
      : null;
    if (referralCode && !referrer) {
      throw new AppError('VALIDATION_FAILED', 'Referral code is not valid', [
        { field: 'referralCode', message: 'Referral code is not valid' },
      ]);
    }
    const passwordHash = await hashPassword(input.password);
    const existing = await repo.findUserByName(this.db, domain.id, input.userName);
    // Someone who registered but never verified may register again with the same name and mobile.
    // Someone who registered but never verified may register again, but only with the password they
    // chose: otherwise a stranger who knows the name and mobile could set the password of an account
    // its owner is about to verify.
    const retrying =
      existing &&
      existing.status === 'pending' &&
      existing.mobile === mobile &&
      (await verifyPassword(existing.passwordHash, input.password));
    if (existing && !retrying) throw new AppError('USERNAME_TAKEN');
    if (await repo.mobileTaken(this.db, domain.id, mobile, existing?.id)) throw new AppError('MOBILE_TAKEN');

    const userId = await this.ledger
      .transaction(async (money) => {
        const tx = money.tx;
        if (existing) {
          await repo.updateRegistration(tx, existing.id, {
            passwordHash,
            referredByUserId: referrer?.id ?? null,
          });
          return existing.id;
        }
        const row = await repo.insertUser(tx, {
          domainId: domain.id,
          userName: input.userName,
          mobile,
          passwordHash,
          status: 'pending',
          referralCode: newReferralCode(),
          referredByUserId: referrer?.id ?? null,
          signupDeviceId: from.deviceId,
          signupIp: from.ip || null,
        });
        await money.openWallet(row.id, domain.id);
        await repo.createUserSettings(tx, row.id, DEFAULT_STAKE_BUTTONS);
        return row.id;
      })
      .catch((err: unknown) => {
        // Two sign-ups racing for one name or mobile: the loser sees what a slower one would.
        const constraint = uniqueViolation(err);
        if (constraint === 'users_domain_user_name') throw new AppError('USERNAME_TAKEN');
        if (constraint === 'users_domain_mobile') throw new AppError('MOBILE_TAKEN');
        throw err;
      });
    if (!domain.settings.skipVerification)
      await this.issueCode(userId, mobile, { checkLimits: Boolean(existing) });
    return {
      userName: existing?.userName ?? input.userName,
      mobile,
      domain: domain.name,
      skipVerification: domain.settings.skipVerification,
      otpExpiresInSeconds: OTP_VALIDITY_SECONDS,
    };
  }

  async resendCode(domain: Domain, input: { userName: string; mobile: string; domain: string }) {
    const user = await this.pendingUser(domain, input);
    await this.issueCode(user.id, user.mobile ?? '', { checkLimits: true });
    return { otpExpiresInSeconds: OTP_VALIDITY_SECONDS };
  }

  async verify(
    domain: Domain,
    input: { userName: string; mobile: string; domain: string; otp: string },
    client: SignInClient,
  ): Promise<LoginResult> {
    const user = await this.pendingUser(domain, input);
    const fixedCodeAccepted =
      domain.settings.skipVerification && input.otp === this.config.SKIP_VERIFICATION_CODE;
    if (!fixedCodeAccepted) await this.checkCode(user.id, input.otp);

    await this.db.transaction(async (tx) => {
      await repo.activateUser(tx, user.id);
      await otps.endChallengesVerified(tx, user.id);
      if (user.referredByUserId) {
        await recordVerifiedReferral(tx, {
          domainId: domain.id,
          referrerUserId: user.referredByUserId,
          referredUserId: user.id,
        });
      }
    });
    const active = { ...user, status: 'active' as const };
    const result = await this.sessions.open(active, domain, { remember: false, client });
    await attempts.recordLoginAttempt(this.db, {
      ...attempts.loginAttemptOf(domain.id, user.id, user.userName, client),
      result: 'Success',
    });
    return result;
  }

  private async pendingUser(domain: Domain, input: { userName: string; mobile: string; domain: string }) {
    // The domain named in the body must be the site the request comes from.
    const user =
      input.domain.toLowerCase() === domain.name
        ? await repo.findUserByName(this.db, domain.id, input.userName)
        : null;
    if (!user || user.mobile !== normaliseMobile(input.mobile)) {
      throw new AppError('VALIDATION_FAILED', 'No registration waits for this user name and mobile.', [
        { field: 'userName', message: 'No registration waits for this user name and mobile.' },
      ]);
    }
    if (user.status !== 'pending') throw new AppError('ALREADY_VERIFIED');
    return user;
  }

  /**
   * Development only (POST /dev/otp-outbox/age): the codes sent to a mobile of this site as if sent
   * `seconds` earlier. How many moved; none when no player of the site has that mobile.
   */
  async ageCodes(domainId: number, mobile: string, seconds: number): Promise<{ aged: number }> {
    const user = await repo.findUserByMobile(this.db, domainId, normaliseMobile(mobile));
    if (!user) return { aged: 0 };
    return { aged: await otps.ageChallenges(this.db, user.id, seconds) };
  }

  private async issueCode(userId: number, mobile: string, opts: { checkLimits: boolean }) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(Date.now() + OTP_VALIDITY_SECONDS * 1000);
    await this.db.transaction(async (tx) => {
      // One code at a time per user: a double-clicked resend waits here, then meets the throttle.
      await repo.lockUser(tx, userId);
      if (opts.checkLimits) {
        const recent = await otps.challengesSince(tx, userId, new Date(Date.now() - 3_600_000));
        if (recent.count >= LIMITS.codesPerHour)
          throw new AppError('RATE_LIMITED', 'Too many codes requested. Please try again in an hour.');
        if (recent.lastAt && Date.now() - recent.lastAt.getTime() < LIMITS.resendMinIntervalMs) {
          throw new AppError('RATE_LIMITED', 'Please wait 30 seconds before asking for another code.');
        }
      }
      await otps.endOpenChallenges(tx, userId, 'resent');
      await otps.insertChallenge(tx, { userId, mobile, codeHash: this.hashCode(userId, code), expiresAt });
    });
    await this.sms.sendOtp(mobile, code, expiresAt);
  }

  private async checkCode(userId: number, otp: string) {
    const challenge = await otps.latestChallenge(this.db, userId);
    // No code was ever sent (e.g. a domain that skips verification): the code cannot be right.
    if (!challenge) throw new AppError('OTP_INVALID');
    if (challenge.endReason === 'too_many_tries') throw new AppError('OTP_ATTEMPTS_EXCEEDED');
    if (challenge.endedAt || challenge.expiresAt.getTime() <= Date.now()) throw new AppError('OTP_EXPIRED');
    const expected = Buffer.from(challenge.codeHash, 'hex');
    const given = Buffer.from(this.hashCode(userId, otp), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) return;
    const wrongTries = challenge.wrongTries + 1;
    const burnt = wrongTries >= OTP_MAX_WRONG_TRIES;
    await otps.recordWrongCode(this.db, challenge.id, wrongTries, burnt);
    throw new AppError(burnt ? 'OTP_ATTEMPTS_EXCEEDED' : 'OTP_INVALID');
  }

  private hashCode(userId: number, code: string): string {
    return createHmac('sha256', this.config.jwtSecret).update(`${userId}:${code}`).digest('hex');
  }

  // ------------------------------------------------------------ account settings
  async changePassword(
    userId: number,
    sessionId: number,
    input: { currentPassword: string; newPassword: string },
  ) {
    const user = await repo.findUserById(this.db, userId);
    if (!user || user.isDemo) throw new AppError('FORBIDDEN', 'Demo accounts have no password to change.');
    if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw new AppError('PASSWORD_INCORRECT');
    if (input.currentPassword === input.newPassword) throw new AppError('PASSWORD_REUSED');
    const passwordHash = await hashPassword(input.newPassword);
    const revoked = await this.db.transaction(async (tx) => {
      await repo.setPasswordHash(tx, userId, passwordHash);
      return revokeSessions(tx, userId, sessionId);
    });
    // Only after the commit: a rolled-back change must not sign anyone out.
    await this.revocations.announce(revoked);
    return { message: 'Password changed. Your other sessions have been signed out.' };
  }

  async saveStakes(userId: number, stakes: StakeButton[]): Promise<StakeButton[]> {
    await repo.saveStakes(this.db, userId, stakes);
    return stakes;
  }
}

/** The constraint a unique violation (SQLSTATE 23505) names, looking through driver and ORM wrappers. */
function uniqueViolation(err: unknown): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = cause;
  }
  return null;
}

/** Eight characters from an alphabet without look-alikes (no 0/O, 1/I). */
function newReferralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 8; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}
