import { SPORT_IDS, type DomainSettings, type SportTreeEntry, type TreeEvent } from '@backlay/contract';
import { sportName } from './sport-names';
import { currentLanguage } from '@/shared/i18n';

export interface SportTab {
  id: number;
  name: string;
  order: number;
  events: TreeEvent[];
}

export interface VisibilityInput {
  tree: SportTreeEntry[];
  settings: DomainSettings | null;
  /** The signed-in user's sport flags; null for a visitor. */
  user: { football: boolean; tennis: boolean; cricket: boolean } | null;
  gamesCount: number;
  /** The stored casino_is_empty flag. */
  casinoIsEmpty: boolean;
}

const DOMAIN_FLAG: Partial<Record<number, keyof DomainSettings>> = {
  [SPORT_IDS.football]: 'football',
  [SPORT_IDS.tennis]: 'tennis',
  [SPORT_IDS.cricket]: 'cricket',
  [SPORT_IDS.horseRacing]: 'horseRacing',
  [SPORT_IDS.kabaddi]: 'kabaddi',
};
const USER_FLAG: Partial<Record<number, 'football' | 'tennis' | 'cricket'>> = {
  [SPORT_IDS.football]: 'football',
  [SPORT_IDS.tennis]: 'tennis',
  [SPORT_IDS.cricket]: 'cricket',
};

/**
 * Section 4 sport visibility: a sport with events shows; otherwise a signed-in user's own flags
 * decide football, tennis and cricket, and the domain decides horse racing and kabaddi; a
 * visitor follows the domain. Casino: visitors need games and the domain's casino flag; users
 * see it unless casino_is_empty is 'true'.
 */
export function isSportVisible(sportId: number, eventCount: number, input: VisibilityInput): boolean {
  if (sportId === SPORT_IDS.casino) {
    if (input.user == null) return input.gamesCount > 0 && input.settings?.casino === true;
    return !input.casinoIsEmpty;
  }
  if (eventCount > 0) return true;
  const userFlag = USER_FLAG[sportId];
  if (input.user != null && userFlag) return input.user[userFlag];
  const domainFlag = DOMAIN_FLAG[sportId];
  return domainFlag ? input.settings?.[domainFlag] === true : false;
}

/** Sports in tab order (order is the id), with pins applied and only the visible ones. */
export function visibleSportTabs(input: VisibilityInput, pins: number[] = []): SportTab[] {
  const byId = new Map<number, SportTab>();
  for (const entry of input.tree) {
    byId.set(entry.id, {
      id: entry.id,
      // The tree's `name` is the family's key ('cricket'); people read the display name.
      // A Hindi reader reads our Hindi names of the five sports; otherwise the site's own name.
      name:
        (currentLanguage() === 'hi' ? sportName(entry.id) : undefined) ??
        entry.displayName ??
        sportName(entry.id) ??
        entry.name,
      order: entry.order,
      events: entry.events.map((e) => ({ ...e, pin: pins.includes(e.id) })),
    });
  }
  // A sport the tree does not carry (no events) is named by us.
  const known = [
    SPORT_IDS.cricket,
    SPORT_IDS.football,
    SPORT_IDS.tennis,
    SPORT_IDS.horseRacing,
    SPORT_IDS.kabaddi,
  ];
  for (const id of known) {
    if (!byId.has(id)) byId.set(id, { id, name: sportName(id) ?? '', order: id, events: [] });
  }
  return [...byId.values()]
    .filter((s) => isSportVisible(s.id, s.events.length, input))
    .sort((a, b) => a.order - b.order);
}

export function isLive(event: Pick<TreeEvent, 'status' | 'matchDate'>): boolean {
  return event.status === 'IN_PLAY' || event.matchDate === 'In-Play';
}

/** The two-events view: the first two events of each sport. */
export function firstTwoPerSport(tabs: SportTab[]): SportTab[] {
  return tabs.map((t) => ({ ...t, events: t.events.slice(0, 2) }));
}

/** The search text of the ui store: events whose title, teams or competition contain it. */
export function matchesSearch(event: TreeEvent, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (needle === '') return true;
  return [event.title, event.team1, event.team2, event.competition, event.sportName].some(
    (field) => field != null && field.toLowerCase().includes(needle),
  );
}

/** Tabs keep their place while searching; only their event lists narrow. */
export function filterTabs(tabs: SportTab[], text: string): SportTab[] {
  if (text.trim() === '') return tabs;
  return tabs.map((t) => ({ ...t, events: t.events.filter((e) => matchesSearch(e, text)) }));
}
