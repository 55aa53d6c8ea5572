import { useMutation } from '@tanstack/react-query';
import { LOGIN_LINK_PATH, type LoginResult } from '@backlay/contract';
import { call } from '@/shared/http/api';

export interface LoginLinkCode {
  /** The player the link names ('user' in the link). */
  userName: string;
  /** The one-time code ('code' in the link). */
  code: string;
}

/**
 * Section 7's `POST /api/v1/token/token` for a sign-in link: the one-time code for the normal
 * tokens. The browser is a public client, so it sends no secret; `redirect_uri` is this page's own
 * address, which must be the one the link was issued for.
 */
export function exchangeLoginCode(
  { userName, code }: LoginLinkCode,
  origin: string = window.location.origin,
): Promise<LoginResult> {
  return call('tokenExchange', {
    body: {
      client_user: userName,
      client_secret: '',
      redirect_uri: origin + LOGIN_LINK_PATH,
      grant_type: 'authorization_code',
      code,
    },
  });
}

export function useExchangeLoginCode() {
  return useMutation({ mutationFn: (link: LoginLinkCode) => exchangeLoginCode(link) });
}
