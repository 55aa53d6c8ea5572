import type { DomainSettings } from '@backlay/contract';
import type { LayoutHandle } from '@/shared/stores/layout';
import type { AppMessageId } from './i18n';

/** What a route declares beside its component (and the layout flags it holds, LayoutHandle). */
export interface RouteHandle extends LayoutHandle {
  /** The route's title as a message id: the document title shows it in the language on screen. */
  title: AppMessageId;
}

/** Section 2 entry guards: the domain flag each path needs; exactly false cancels navigation. */
export const ENTRY_FLAGS: { path: string; flag: keyof DomainSettings }[] = [
  { path: '/dwrequests', flag: 'showDWRequests' },
  { path: '/depositw', flag: 'showDepositW' },
  { path: '/withdrawal', flag: 'showDepositW' },
  { path: '/casino', flag: 'casino' },
  { path: '/auth/signup', flag: 'allowSignUp' },
];

/** The flag a path needs, matched as the router matches: case-insensitive, trailing slash ignored. */
export function entryFlagFor(pathname: string): keyof DomainSettings | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return ENTRY_FLAGS.find((e) => e.path === path)?.flag ?? null;
}

export function isLobbyPath(pathname: string): boolean {
  return /^\/(lobby|casino|lobby-page)(\/|$)/i.test(pathname);
}

export function isInPlayPath(pathname: string): boolean {
  return /^\/inplay\/?$/i.test(pathname);
}

export function pageTitle(
  domainTitle: string | null | undefined,
  routeTitle: string | null | undefined,
): string {
  const domain = domainTitle?.trim() || 'Backlay';
  return routeTitle ? `${domain} | ${routeTitle}` : domain;
}

export function tvAllowed(hostname: string, fragment: string): boolean {
  return hostname.toLowerCase().includes(fragment.toLowerCase());
}
