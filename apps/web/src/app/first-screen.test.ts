import { afterEach, describe, expect, it } from 'vitest';
import { SettingWithSportTreeSchema, type SettingWithSportTree } from '@backlay/contract';
import { useSettingsStore } from '@/shared/settings/settings-store';
import { sportTreeQueryOptions } from '@/features/sports/api/get-setting-with-sport-tree';
import { queryClient } from './query-client';
import { readFirstScreen, seedFirstScreen } from './first-screen';

const screen: SettingWithSportTree = {
  setting: {
    domainName: 'test',
    baseUrl: null,
    siteSuspended: false,
    bodyBgColor: 'dark',
    showDWRequests: true,
    showDepositW: true,
    casino: true,
    allowSignUp: true,
    skipVerification: false,
    domainTitle: 'Backlay',
    description: '',
    favicon: '/favicon.svg',
    mainLogo: '/logo.svg',
    tennis: true,
    football: true,
    cricket: true,
    horseRacing: true,
    kabaddi: true,
    showNews: true,
    newsText: 'Welcome <img src=x onerror=alert(1)>back',
    showSlider: true,
    sliderImages: [{ imageUrl: '/slides/cricket.svg', link: '/inplay' }],
    supportWhatsApp: null,
  },
  events: [
    { id: 2, name: 'Football', order: 2, events: [] },
    {
      id: 4,
      name: 'Cricket',
      order: 1,
      events: [
        {
          id: 261700000,
          title: 'Royals v Giants',
          status: 'IN_PLAY',
          matchDate: 'In-Play',
          startTime: '2026-11-24T08:00:00.000Z',
          sportId: 4,
          sportName: 'Cricket',
        },
      ],
    },
  ],
  bonuses: [],
  games: [],
  tv: [],
};

/** A page as the server sends it: the first screen's JSON before #root. */
function page(json: string): Document {
  const doc = document.implementation.createHTMLDocument('Backlay');
  doc.body.innerHTML = `<script type="application/json" id="first-screen">${json}</script><div id="root"></div>`;
  return doc;
}

afterEach(() => {
  queryClient.clear();
  useSettingsStore.setState({ settings: null, loaded: false });
});

describe("the page's first screen", () => {
  it('is read from the page, its strings sanitised as every answer is', () => {
    const read = readFirstScreen(page(JSON.stringify(screen)));
    expect(read?.setting.newsText).toBe('Welcome back');
    expect(SettingWithSportTreeSchema.parse(read)).toEqual(read);
  });

  it('is nothing when the page has none, or holds something else', () => {
    expect(readFirstScreen(page(''))).toBeNull();
    expect(readFirstScreen(page('{not json'))).toBeNull();
    expect(readFirstScreen(page('{"setting":{"domainTitle":"x"},"events":[]}'))).toBeNull();
    expect(readFirstScreen(page(JSON.stringify({ ...screen, events: [null] })))).toBeNull();
    expect(seedFirstScreen(page(''))).toBe(false);
    expect(useSettingsStore.getState().settings).toBeNull();
  });

  it('seeds the settings and the sport tree, so the first render draws what the HTML shows', () => {
    expect(seedFirstScreen(page(JSON.stringify(screen)))).toBe(true);
    expect(useSettingsStore.getState().settings?.sliderImages).toEqual(screen.setting.sliderImages);
    // Not marked loaded: the settings loader still runs at start-up.
    expect(useSettingsStore.getState().loaded).toBe(false);

    const key = sportTreeQueryOptions().queryKey;
    const tree = queryClient.getQueryData<SettingWithSportTree>(key);
    // Sorted by order, as the tree call sorts it.
    expect(tree?.events.map((s) => s.name)).toEqual(['Cricket', 'Football']);
    // Stale, so the page's own call still runs (and stores the tree, games and tv keys).
    expect(queryClient.getQueryState(key)?.dataUpdatedAt).toBe(0);
    expect(queryClient.getQueryCache().find({ queryKey: key })?.isStaleByTime(30_000)).toBe(true);
  });
});
