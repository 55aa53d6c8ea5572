import { describe, expect, it } from 'vitest';
import { SPORT_IDS, type DomainSettings } from '@backlay/contract';
import {
  filterTabs,
  firstTwoPerSport,
  isLive,
  isSportVisible,
  visibleSportTabs,
  type VisibilityInput,
} from './visibility';

const settings = (over: Partial<DomainSettings> = {}) =>
  ({
    football: false,
    tennis: false,
    cricket: false,
    horseRacing: false,
    kabaddi: false,
    casino: false,
    ...over,
  }) as DomainSettings;
const input = (over: Partial<VisibilityInput> = {}): VisibilityInput => ({
  tree: [],
  settings: settings(),
  user: null,
  gamesCount: 0,
  casinoIsEmpty: false,
  ...over,
});
const event = (id: number, sportId: number, live = false) => ({
  id,
  title: `E${id}`,
  status: live ? 'IN_PLAY' : 'OPEN',
  matchDate: live ? 'In-Play' : '2026-11-22',
  startTime: '2026-11-22T10:00:00Z',
  sportId,
  sportName: 'x',
});

describe('sport visibility (section 4)', () => {
  it('a sport with events always shows', () => {
    expect(isSportVisible(SPORT_IDS.cricket, 2, input())).toBe(true);
  });

  it('without events, a signed-in user follows their own flags for football, tennis, cricket', () => {
    const user = { football: true, tennis: false, cricket: true };
    expect(
      isSportVisible(SPORT_IDS.football, 0, input({ user, settings: settings({ football: false }) })),
    ).toBe(true);
    expect(isSportVisible(SPORT_IDS.tennis, 0, input({ user, settings: settings({ tennis: true }) }))).toBe(
      false,
    );
  });

  it('without events, horse racing and kabaddi follow the domain for everyone', () => {
    const user = { football: true, tennis: true, cricket: true };
    expect(
      isSportVisible(SPORT_IDS.horseRacing, 0, input({ user, settings: settings({ horseRacing: true }) })),
    ).toBe(true);
    expect(isSportVisible(SPORT_IDS.kabaddi, 0, input({ user }))).toBe(false);
  });

  it('a visitor follows the domain', () => {
    expect(isSportVisible(SPORT_IDS.tennis, 0, input({ settings: settings({ tennis: true }) }))).toBe(true);
    expect(isSportVisible(SPORT_IDS.tennis, 0, input())).toBe(false);
  });

  it('casino: visitors need games and the domain flag; users see it unless casino_is_empty', () => {
    expect(
      isSportVisible(SPORT_IDS.casino, 0, input({ gamesCount: 3, settings: settings({ casino: true }) })),
    ).toBe(true);
    expect(
      isSportVisible(SPORT_IDS.casino, 0, input({ gamesCount: 0, settings: settings({ casino: true }) })),
    ).toBe(false);
    expect(isSportVisible(SPORT_IDS.casino, 0, input({ gamesCount: 3 }))).toBe(false);
    const user = { football: true, tennis: true, cricket: true };
    expect(isSportVisible(SPORT_IDS.casino, 0, input({ user }))).toBe(true);
    expect(isSportVisible(SPORT_IDS.casino, 0, input({ user, casinoIsEmpty: true }))).toBe(false);
  });

  it('tabs sort by order, carry pins, and the two-events view keeps two per sport', () => {
    const tabs = visibleSportTabs(
      input({
        tree: [
          { id: 3, name: 'Cricket', order: 3, events: [event(1, 3, true), event(2, 3), event(3, 3)] },
          { id: 1, name: 'Football', order: 1, events: [event(4, 1)] },
        ],
      }),
      [2],
    );
    expect(tabs.map((t) => t.id)).toEqual([1, 3]);
    expect(tabs[1]?.events.find((e) => e.id === 2)?.pin).toBe(true);
    expect(firstTwoPerSport(tabs)[1]?.events.map((e) => e.id)).toEqual([1, 2]);
    expect(isLive(event(1, 3, true))).toBe(true);
    expect(isLive({ status: 'OPEN', matchDate: 'In-Play' })).toBe(true);
  });

  it("tabs show the display name, not the tree's lower-case family name", () => {
    const tabs = visibleSportTabs(
      input({
        tree: [
          { id: 3, name: 'cricket', displayName: 'Cricket', order: 3, events: [event(1, 3)] },
          { id: 26, name: 'horseracing', displayName: 'Horse Racing', order: 26, events: [event(2, 26)] },
          // A tree without display names (an older server) still reads well.
          { id: 1, name: 'football', order: 1, events: [event(3, 1)] },
        ],
      }),
    );
    expect(tabs.map((t) => t.name)).toEqual(['Football', 'Cricket', 'Horse Racing']);
  });
});

describe('search text (ui store) narrows the lists', () => {
  it('matches title, teams and competition without regard to case; empty text keeps all', () => {
    const tabs = visibleSportTabs(
      input({
        tree: [
          {
            id: 3,
            name: 'Cricket',
            order: 3,
            events: [
              { ...event(1, 3, true), title: 'Chennai Super Kings v Punjab Kings', competition: 'IPL' },
              { ...event(2, 3), title: 'India v Australia', team1: 'India', team2: 'Australia' },
            ],
          },
          { id: 1, name: 'Football', order: 1, events: [{ ...event(4, 1), title: 'Roma v Inter' }] },
        ],
      }),
    );
    expect(filterTabs(tabs, 'chennai')[1]?.events.map((e) => e.id)).toEqual([1]);
    expect(filterTabs(tabs, ' AUSTRALIA ')[1]?.events.map((e) => e.id)).toEqual([2]);
    expect(filterTabs(tabs, 'ipl')[1]?.events.map((e) => e.id)).toEqual([1]);
    const none = filterTabs(tabs, 'zzz');
    expect(none.map((t) => t.id)).toEqual([1, 3]);
    expect(none.every((t) => t.events.length === 0)).toBe(true);
    expect(filterTabs(tabs, '  ')).toBe(tabs);
  });
});
