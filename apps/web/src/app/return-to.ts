import { useLocation } from 'react-router';
import { loginPathFor, safeTarget } from '@/features/auth/lib/targets';

/*
 * Where a sign-in returns to: the page the player was on. The header's and bottom bar's Login links
 * carry it as '?to=' (it survives a reload of the login page); links that carry nothing (the
 * betslip's 'Log in to place bets') fall back to the last page this tab showed before the auth pages.
 */

/** Pages a sign-in does not return to: the auth pages themselves, error and maintenance pages. */
const NOT_A_RETURN = /^\/(auth(\/|$)|error-404|error-500|not-authorized|under-maintenance|$)/i;

export function isReturnPage(pathname: string): boolean {
  return !NOT_A_RETURN.test(pathname);
}

let lastPage: string | null = null;

/** Called on every navigation: remembers the page, unless it is one a sign-in does not return to. */
export function rememberPage(pathname: string, search: string): void {
  if (isReturnPage(pathname)) lastPage = safeTarget(pathname + search, '') || null;
}

/** The page to return to after a sign-in that names none; undefined before any page was shown. */
export function returnTarget(): string | undefined {
  return lastPage ?? undefined;
}

/** After a logout the next sign-in starts afresh. */
export function forgetPage(): void {
  lastPage = null;
}

/** The Login link for the page being shown: '/auth/login?to=<this page>'. */
export function useLoginPath(): string {
  const { pathname, search } = useLocation();
  return isReturnPage(pathname) ? loginPathFor(pathname + search) : '/auth/login';
}
