import { STORAGE_KEYS, type RefreshTokenResult } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { storage } from '@/shared/storage/storage';
import { applyRefreshedToken } from '../lib/session';

/** Exchanges the stored refresh token; only the access token and its expiry change. */
export async function refreshAccessToken(): Promise<RefreshTokenResult | null> {
  const refreshToken = storage.getText(STORAGE_KEYS.refreshToken);
  if (!refreshToken) return null;
  const result = await call('refreshToken', { query: { refreshToken } });
  applyRefreshedToken(result.accessToken, result.expireInSeconds);
  return result;
}
