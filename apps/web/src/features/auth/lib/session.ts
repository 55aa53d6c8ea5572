import { STORAGE_KEYS, type LoginResult } from '@backlay/contract';
import { clearSessionStorage, storage } from '@/shared/storage/storage';
import { bus } from '@/shared/events/bus';
import { restartRealtime } from '@/shared/realtime/registry';
import { useUiStore } from '@/shared/stores/ui';
import {
  useSessionStore,
  writeStoredBalance,
  writeStoredUserInfo,
  type StoredUserInfo,
} from '@/shared/session/session-store';

/** Expiry as epoch milliseconds: now plus expireInSeconds times 1000 ms. */
export function expiryFrom(expireInSeconds: number, now: number = Date.now()): number {
  return now + expireInSeconds * 1000;
}

/**
 * A login, demo login or verification: tokens, expiry, user info with the casino token, the
 * stake buttons into the betslip, then a fresh realtime connection for the signed-in user.
 */
export function startSession(result: LoginResult, typedUserName: string): StoredUserInfo {
  storage.setText(STORAGE_KEYS.accessToken, result.accessToken);
  storage.setText(STORAGE_KEYS.refreshToken, result.refreshToken);
  storage.setText(STORAGE_KEYS.expireIn, String(result.expireInSeconds));
  storage.setText(STORAGE_KEYS.expireDateTime, String(expiryFrom(result.expireInSeconds)));
  const user: StoredUserInfo = {
    userId: result.userId,
    userName: result.userName,
    username: typedUserName || result.userName,
    isDemo: result.isDemo,
    balance: result.balance,
    exposure: result.exposure,
    football: result.football,
    tennis: result.tennis,
    cricket: result.cricket,
    casinoToken: result.casinoToken,
    domain: result.domain,
  };
  writeStoredUserInfo(user);
  writeStoredBalance(result.balance, result.exposure);
  if (result.stakes.length > 0) useUiStore.getState().setStakeButtons(result.stakes);
  useSessionStore.getState().setUser(user);
  bus.emit('session:started', { userName: user.userName });
  void restartRealtime();
  return user;
}

/** A token refresh replaces only the access token and its expiry. */
export function applyRefreshedToken(accessToken: string, expireInSeconds: number): void {
  storage.setText(STORAGE_KEYS.accessToken, accessToken);
  storage.setText(STORAGE_KEYS.expireIn, String(expireInSeconds));
  storage.setText(STORAGE_KEYS.expireDateTime, String(expiryFrom(expireInSeconds)));
}

export function storedExpiry(): number | null {
  return storage.getNumber(STORAGE_KEYS.expireDateTime);
}

/**
 * On reload and on every navigation: a missing or past expiry clears tokens, user info, open
 * bets, profit/loss and balance data; a valid one keeps the session (the bearer is read from
 * storage on each request, and the stake buttons from the betslip key).
 */
export function checkSessionExpiry(now: number = Date.now()): boolean {
  const expiry = storedExpiry();
  const valid = expiry != null && expiry > now;
  if (!valid && storage.getText(STORAGE_KEYS.accessToken) != null) clearSessionStorage();
  if (!valid && storage.getText(STORAGE_KEYS.userInfo) != null) clearSessionStorage();
  useSessionStore.getState().syncFromStorage();
  return valid;
}

/** Logout: all local storage goes except baseUrl, and the user info with it. */
export function endSession(): void {
  storage.clearAllExceptBaseUrl();
  useSessionStore.getState().setUser(null);
  useUiStore.getState().reloadFromStorage();
  bus.emit('session:ended', {});
  void restartRealtime();
}

/** After a 401: the session rows of section 8 are already cleared from storage by the client. */
export function dropSessionState(): void {
  useSessionStore.getState().setUser(null);
}
