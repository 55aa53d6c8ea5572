import { STORAGE_KEYS } from '@backlay/contract';
import { bus } from '../events/bus';
import { call } from '../http/api';
import { AppError } from '../http/errors';
import { clearSessionStorage, getAccessToken, storage } from '../storage/storage';
import { useSessionLifetimes } from './session-lifetimes';
import { useSessionStore } from './session-store';

/*
 * The session rules of section 4 that outlive a single sign-in: the reload rule (run at start-up and
 * on every navigation), renewing the access token with the refresh token, and asking the server how
 * long the access token really has left.
 *
 * The access token lives 15 minutes, the refresh token a day (30 with "remember me"). A phone that
 * suspends the tab comes back with an access token that has run out; the refresh token is then
 * exchanged first, and the reload rule is applied to what the exchange leaves: a renewed expiry keeps
 * the session, a refused refresh token (past its life, revoked) clears it exactly as the rule says.
 */

/** Expiry as epoch milliseconds: now plus expireInSeconds times 1000 ms. */
export function expiryFrom(expireInSeconds: number, now: number = Date.now()): number {
  return now + expireInSeconds * 1000;
}

export function storedExpiry(): number | null {
  return storage.getNumber(STORAGE_KEYS.expireDateTime);
}

function expiryPassed(now: number): boolean {
  const expiry = storedExpiry();
  return expiry == null || expiry <= now;
}

function hasStoredSession(): boolean {
  return getAccessToken() != null || storage.getText(STORAGE_KEYS.userInfo) != null;
}

/** A token refresh replaces only the access token and its expiry. */
export function applyRenewedToken(accessToken: string, expireInSeconds: number): void {
  storage.setText(STORAGE_KEYS.accessToken, accessToken);
  storage.setText(STORAGE_KEYS.expireIn, String(expireInSeconds));
  storage.setText(STORAGE_KEYS.expireDateTime, String(expiryFrom(expireInSeconds)));
}

/**
 * Ours: a refresh that brings a fresh casinoToken (our server's, which lives six hours) replaces the
 * one in the stored user info, so a long session can still launch casino games.
 */
export function renewCasinoToken(casinoToken: string): void {
  const info = storage.getJson<Record<string, unknown>>(STORAGE_KEYS.userInfo);
  if (info && typeof info === 'object') storage.setJson(STORAGE_KEYS.userInfo, { ...info, casinoToken });
}

/**
 * The reload rule's clearing: tokens, user info, open bets, profit/loss and balance data go (the
 * betslip, pins and settings stay), and the signed-in state follows.
 */
export function clearExpiredSession(): void {
  clearSessionStorage();
  useSessionStore.getState().syncFromStorage();
  bus.emit('session:cleared', {});
}

/**
 * What a renewal came to: 'renewed'; 'refused' (the refresh token no longer works: the session has
 * been cleared); 'unreachable' (no answer after a few tries); 'aborted' (the tab hid or the page
 * left); 'none' (no refresh token, or the session changed while it ran).
 */
export type RenewOutcome = 'renewed' | 'refused' | 'unreachable' | 'aborted' | 'none';

/** Tries after the first when the server cannot be reached, and the wait before each. */
export const RENEW_RETRY_DELAYS_MS = [1_000, 3_000];

let renewal: Promise<RenewOutcome> | null = null;

/** The renewal in flight, if any: calls and the realtime start wait for it. */
export function pendingRenewal(): Promise<RenewOutcome> | null {
  return renewal;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The server said no (4xx), as opposed to not answering, being busy or being cut off. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof AppError &&
    error.status != null &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/**
 * Exchanges the stored refresh token for a new access token (`GET Account/RefreshToken`), one
 * exchange at a time: every caller that finds one in flight waits for the same answer. A refused
 * refresh token ends the session as the reload rule does.
 */
export function renewAccessToken(): Promise<RenewOutcome> {
  if (renewal) return renewal;
  const refreshToken = storage.getText(STORAGE_KEYS.refreshToken);
  if (!refreshToken) return Promise.resolve('none');
  const sameSession = () => storage.getText(STORAGE_KEYS.refreshToken) === refreshToken;
  const run = async (): Promise<RenewOutcome> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const result = await call('refreshToken', { query: { refreshToken }, sessionRules: false });
        // Signed out, or signed in afresh, while this was on its way: the answer belongs to nobody.
        if (!sameSession()) return 'none';
        applyRenewedToken(result.accessToken, result.expireInSeconds);
        if (result.casinoToken) renewCasinoToken(result.casinoToken);
        useSessionStore.getState().syncFromStorage();
        bus.emit('session:renewed', {});
        return 'renewed';
      } catch (error) {
        if (!sameSession()) return 'none';
        if (isRefusal(error)) {
          clearExpiredSession();
          return 'refused';
        }
        if (error instanceof AppError && error.aborted) return 'aborted';
        const delay = RENEW_RETRY_DELAYS_MS[attempt];
        if (delay === undefined) return 'unreachable';
        await wait(delay);
        if (!sameSession()) return 'none';
      }
    }
  };
  const current = run().finally(() => {
    if (renewal === current) renewal = null;
  });
  renewal = current;
  return current;
}

/** Renew this long before the expiry: a minute, or a quarter of a shorter lifetime. */
function renewLeadMs(): number {
  return Math.min(60_000, Math.floor(useSessionLifetimes.getState().accessTokenMs / 4));
}

/**
 * Before a signed-in call: an access token past (or within seconds of) its expiry is renewed first,
 * so a tab back from sleep never sends a token the server will refuse. Joins a renewal in flight.
 * Null (nothing to wait for) when the token is fresh or there is none.
 */
export function ensureFreshAccessToken(now: number = Date.now()): Promise<RenewOutcome> | null {
  if (getAccessToken() == null) return null;
  if (renewal) return renewal;
  if (!expiryPassed(now + 5_000)) return null;
  return renewAccessToken();
}

/**
 * The reload rule of section 4, run at start-up and on every navigation. A valid expiry keeps the
 * session. A missing or past one with a refresh token is renewed first, and the rule applies to the
 * outcome: renewed, the session stays; refused or unreachable, tokens, user info, open bets,
 * profit/loss and balance data are cleared. Without a refresh token they are cleared at once.
 * Answers whether the session is valid now.
 */
export function checkSession(now: number = Date.now()): boolean {
  if (!expiryPassed(now)) {
    useSessionStore.getState().syncFromStorage();
    return true;
  }
  if (!hasStoredSession()) {
    useSessionStore.getState().syncFromStorage();
    return false;
  }
  if (storage.getText(STORAGE_KEYS.refreshToken)) {
    void renewAccessToken().then((outcome) => {
      if (outcome === 'unreachable' && hasStoredSession() && expiryPassed(Date.now())) clearExpiredSession();
    });
    return false;
  }
  clearExpiredSession();
  return false;
}

/**
 * Asks the server how long the stored access token really has (`POST
 * Account/GetAccessTokenValidateTime`): at start-up and when the tab is shown again. A valid token's
 * expiry is set from the server's count (a phone's clock may be wrong); a token the server no longer
 * takes (its session was signed out elsewhere, or it ran out) is renewed at once. No answer leaves
 * the stored expiry as it is.
 */
export async function confirmAccessToken(): Promise<void> {
  const accessToken = getAccessToken();
  if (accessToken == null || renewal != null) return;
  let answer;
  try {
    answer = await call('getAccessTokenValidateTime', { query: { accessToken }, sessionRules: false });
  } catch {
    return;
  }
  if (getAccessToken() !== accessToken) return;
  // A bare number is the family's V1 form (an empty form-encoded POST), which this client never sends.
  if (typeof answer !== 'number' && answer.isValid && answer.expireInSeconds > 0) {
    storage.setText(STORAGE_KEYS.expireDateTime, String(expiryFrom(answer.expireInSeconds)));
    bus.emit('session:renewed', {});
    return;
  }
  const outcome = await renewAccessToken();
  if (outcome === 'unreachable' && getAccessToken() === accessToken) clearExpiredSession();
}

let renewTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Renews the access token ahead of its expiry while the tab runs. A sleeping tab's timer fires late
 * or not at all; the calls and navigations after it renew first instead.
 */
export function scheduleRenewal(now: number = Date.now()): void {
  if (renewTimer != null) clearTimeout(renewTimer);
  renewTimer = null;
  const expiry = storedExpiry();
  if (expiry == null || getAccessToken() == null || !storage.getText(STORAGE_KEYS.refreshToken)) return;
  const delay = Math.min(Math.max(expiry - now - renewLeadMs(), 5_000), 2_147_000_000);
  renewTimer = setTimeout(() => {
    renewTimer = null;
    void renewAccessToken();
  }, delay);
}
