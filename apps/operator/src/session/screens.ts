import type { OperatorRole } from '@backlay/contract';
import type { IconDefinition } from '@fortawesome/fontawesome-svg-core';
import {
  faChartLine,
  faClipboardList,
  faGear,
  faMoneyCheckDollar,
  faScaleBalanced,
  faUsers,
} from '@fortawesome/free-solid-svg-icons';

/**
 * The console's screens and the roles that see each, as the server binds their calls (the server
 * decides; this only hides what a role may not use): the dashboard admits every role, the players
 * `finance` and `support` (lock and unlock `support`), the finance queue's calls `finance`, the
 * markets' results `trader`, and `owner` every call of its site; the site's settings and the audit
 * log `owner` alone (apps/server/src/backoffice/README.md, apps/server/src/money/routes.ts,
 * apps/server/src/operator/routes.ts).
 */
export interface Screen {
  path: string;
  label: string;
  icon: IconDefinition;
  roles: readonly OperatorRole[];
}

export const SCREENS = {
  dashboard: {
    path: '/dashboard',
    label: 'Dashboard',
    icon: faChartLine,
    roles: ['owner', 'finance', 'trader', 'support'],
  },
  finance: {
    path: '/finance',
    label: 'Finance queue',
    icon: faMoneyCheckDollar,
    roles: ['owner', 'finance'],
  },
  trading: { path: '/trading', label: 'Trading', icon: faScaleBalanced, roles: ['owner', 'trader'] },
  players: { path: '/players', label: 'Players', icon: faUsers, roles: ['owner', 'finance', 'support'] },
  site: { path: '/site', label: 'Site', icon: faGear, roles: ['owner'] },
  audit: { path: '/audit', label: 'Audit log', icon: faClipboardList, roles: ['owner'] },
} as const satisfies Record<string, Screen>;

export type ScreenKey = keyof typeof SCREENS;

export function mayUse(role: OperatorRole, screen: ScreenKey): boolean {
  return (SCREENS[screen].roles as readonly OperatorRole[]).includes(role);
}

export function screensFor(role: OperatorRole): Screen[] {
  return (Object.keys(SCREENS) as ScreenKey[]).filter((k) => mayUse(role, k)).map((k) => SCREENS[k]);
}

export const ROLE_LABELS: Record<OperatorRole, string> = {
  owner: 'Owner',
  finance: 'Finance',
  trader: 'Trader',
  support: 'Support',
};
