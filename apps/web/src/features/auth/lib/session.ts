import { STORAGE_KEYS, type LoginResult } from '@backlay/contract';
import { storage } from '@/shared/storage/storage';
import { bus } from '@/shared/events/bus';
import { restartRealtime } from '@/shared/realtime/registry';
import { useUiStore } from '@/shared/stores/ui';
import {
  useSessionStore,
  writeStoredBalance,
  writeStoredUserInfo,
  type StoredUserInfo,
} from '@/shared/session/session-store';
import { expiryFrom } from '@/shared/session/session-rules';

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

// The reload rule, token renewal and the expiry check live in shared/session/session-rules.ts:
// the HTTP client renews before a signed-in call, and app/ runs the rule on every navigation.

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
