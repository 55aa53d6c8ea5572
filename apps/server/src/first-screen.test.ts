import type { DomainSettings, SportTreeEntry } from '@backlay/contract';
import { describe, expect, it } from 'vitest';
import { firstScreen } from './first-screen';

const setting: DomainSettings = {
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
  favicon: 'https://example.test/favicon.svg',
  mainLogo: 'https://example.test/logo.svg',
  tennis: true,
  football: true,
  cricket: true,
  horseRacing: true,
  kabaddi: true,
  showNews: true,
  newsText: 'Welcome <b>& good luck</b>',
  showSlider: true,
  sliderImages: [
    { imageUrl: 'https://example.test/slides/cricket.svg', link: '/inplay' },
    { imageUrl: 'javascript:alert(1)', link: null },
    { imageUrl: 'https://example.test/slides/football.svg', link: null },
  ],
  supportWhatsApp: null,
};

const events: SportTreeEntry[] = [
  {
    id: 4,
    name: 'Cricket',
    order: 1,
    events: [
      {
        id: 261700000,
        title: 'Royals v "Giants" <script>',
        status: 'IN_PLAY',
        matchDate: 'In-Play',
        startTime: '2026-11-24T08:00:00.000Z',
        sportId: 4,
        sportName: 'Cricket',
        competition: 'IPL',
      },
    ],
  },
];

describe("a page's first screen", () => {
  it('carries what Setting/GetSettingWithSportTree answers, for every page', () => {
    expect(firstScreen('/open-bets', { setting, events }).data).toEqual({
      setting,
      events,
      bonuses: [],
      games: [],
      tv: [],
    });
    const games = [
      {
        id: 'dream-tp2020',
        name: 'Teen Patti 20-20',
        provider: 'dream',
        category: 'Live Casino',
        imageURL: 'http://g/a.svg',
      },
    ];
    expect(firstScreen('/inplay', { setting, events, games }).data).toMatchObject({ games });
  });

  it('draws the brand and the news bar as the client does, escaped', () => {
    const { regions } = firstScreen('/open-bets', { setting, events });
    expect(regions.brand).toBe(
      '<a class="brand" aria-label="Backlay home" href="/inplay">' +
        '<img src="https://example.test/logo.svg" alt="Backlay" class="brand__logo"></a>',
    );
    expect(regions.news).toContain(
      '<span class="news__text">Welcome &lt;b&gt;&amp; good luck&lt;/b&gt;</span>',
    );
    // Other pages keep the shell's blocks.
    expect(regions.page).toBeUndefined();

    const plain = firstScreen('/inplay', {
      setting: { ...setting, mainLogo: '', showNews: false },
      events,
    }).regions;
    expect(plain.brand).toContain('<span class="brand__name">Backlay</span>');
    expect(plain.news).toBeUndefined();
  });

  it('draws the slider on In-Play with its first safe image, and dots for each', () => {
    for (const path of ['/', '/inplay', '/InPlay', '/index']) {
      const page = firstScreen(path, { setting, events }).regions.page ?? '';
      expect(page).toMatch(
        /^<div class="slider"><a href="\/inplay" rel="noopener noreferrer"><img src="https:\/\/example.test\/slides\/cricket.svg" alt="" class="slider__image"><\/a>/,
      );
      expect(page.match(/class="slider__dot /g)).toHaveLength(2);
      expect(page).not.toContain('javascript:');
    }
    expect(
      firstScreen('/inplay', { setting: { ...setting, showSlider: false }, events }).regions.page,
    ).toBeUndefined();
  });

  it("draws a market page's event head, escaped, and nothing for an event it does not know", () => {
    const page = firstScreen('/markets/261700000', { setting, events }).regions.page ?? '';
    expect(page).toContain('<h1 class="event-head__title">Royals v &quot;Giants&quot; &lt;script&gt;</h1>');
    expect(page).toContain('<span class="event-head__sport muted">Cricket · IPL</span>');
    expect(page).toContain('<span class="live-pill">In-Play</span>');
    // The strip's lines are there, empty, so the prices and chips fill them without moving anything.
    expect(page).toContain('<div class="event-head__rates"></div>');
    expect(page.match(/class="market-jump__chip"/g)).toHaveLength(3);
    expect(firstScreen('/markets/261700000/7', { setting, events }).regions.page).toBe(page);
    expect(firstScreen('/markets/999', { setting, events }).regions.page).toBeUndefined();
  });
});
