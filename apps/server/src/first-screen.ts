import type { DomainSettings, SettingWithSportTree, SportTreeEntry } from '@backlay/contract';
import type { FirstScreen } from './platform/http/web-client';

/**
 * The first screen of a page of the web client, sent inside its index.html (see
 * platform/http/web-client.ts): the domain's settings with the sport tree, exactly what the
 * client's `Setting/GetSettingWithSportTree` call answers, and markup drawn from them with the
 * web's own classes, as its components draw it, so the screen's largest content paints with the HTML
 * and nothing moves when the client's first render replaces it (apps/web/src/app/first-screen.ts
 * seeds the client's stores with the same data):
 *
 * - `brand`: the domain's logo or title, as `TopBar`'s Brand;
 * - `news`: the news bar, as `NewsMarquee`, when the domain shows news;
 * - `page` on `/`, `/inplay` and `/index`: the slider's first image, as `SliderHeader`, above the
 *   shell's list blocks; on `/markets/{eventId}`: the event's head, as the market page's, above a
 *   block where the markets come. Other pages keep the shell's blocks.
 */
export function firstScreen(
  path: string,
  input: {
    setting: DomainSettings;
    events: SportTreeEntry[];
    bonuses?: SettingWithSportTree['bonuses'];
    games?: SettingWithSportTree['games'];
  },
): FirstScreen {
  const data: SettingWithSportTree = {
    setting: input.setting,
    events: input.events,
    bonuses: input.bonuses ?? [],
    games: input.games ?? [],
    tv: [],
  };
  const regions: Record<string, string> = { brand: brandMarkup(input.setting) };
  const news = input.setting.newsText.trim();
  if (input.setting.showNews && news !== '') {
    regions.news =
      '<div class="news" role="marquee" aria-label="News"><span class="news__label">News</span>' +
      `<div class="news__track"><span class="news__text">${text(input.setting.newsText)}</span></div></div>`;
  }
  const page = pageMarkup(path.toLowerCase(), input);
  if (page != null) regions.page = page;
  return { data, regions };
}

function brandMarkup(setting: DomainSettings): string {
  const logo = link(setting.mainLogo);
  const title = setting.domainTitle || 'Backlay';
  const inner = logo
    ? `<img src="${text(logo)}" alt="${text(title)}" class="brand__logo">`
    : `<span class="brand__mark" aria-hidden="true">B</span><span class="brand__name">${text(title)}</span>`;
  return `<a class="brand" aria-label="${text(title)} home" href="/inplay">${inner}</a>`;
}

const BLOCK = '<div class="shell__block"></div>';

function pageMarkup(
  path: string,
  input: { setting: DomainSettings; events: SportTreeEntry[] },
): string | null {
  if (path === '/' || path === '/inplay' || path === '/index') {
    const slider = sliderMarkup(input.setting);
    return slider == null ? null : `${slider}${BLOCK}${BLOCK}`;
  }
  const market = /^\/markets\/(\d{1,15})(?:\/[^/]*)?\/?$/.exec(path);
  if (market?.[1]) {
    const id = Number(market[1]);
    const event = input.events.flatMap((s) => s.events).find((e) => e.id === id);
    if (!event) return null;
    const sport = `${event.sportName}${event.competition ? ` · ${event.competition}` : ''}`;
    const live = event.status === 'IN_PLAY' || event.matchDate === 'In-Play';
    return (
      // The strip as the market page draws it (EventStrip.tsx), its lines empty until the data comes.
      '<section class="page market-page"><header class="event-head card"><div class="event-head__top">' +
      '<div class="event-head__main">' +
      `<span class="event-head__sport muted">${text(sport)}</span>` +
      `<h1 class="event-head__title">${text(event.title)}</h1></div>` +
      // The pin's place (the client draws the button with the player's pins).
      '<span class="pin" aria-hidden="true"></span></div>' +
      `<div class="event-head__when">${live ? '<span class="live-pill">In-Play</span>' : ''}</div>` +
      '<div class="event-head__rates"></div><nav class="market-jump" aria-label="Jump to markets">' +
      ['Match Odds', 'Bookmaker', 'Fancy']
        .map((label) => `<button type="button" class="market-jump__chip" disabled>${label}</button>`)
        .join('') +
      `</nav></header>${BLOCK}</section>`
    );
  }
  return null;
}

/** The slider's first slide, as the client's SliderHeader draws it; null when it shows none. */
function sliderMarkup(setting: DomainSettings): string | null {
  if (!setting.showSlider) return null;
  const images = setting.sliderImages.filter((i) => link(i.imageUrl) !== '');
  const first = images[0];
  if (!first) return null;
  const img = `<img src="${text(link(first.imageUrl))}" alt="" class="slider__image">`;
  const href = first.link ? link(first.link) : '';
  const dots =
    images.length > 1
      ? `<div class="slider__dots">${images
          .map(
            (_, i) =>
              `<button type="button" class="slider__dot ${i === 0 ? 'slider__dot--on' : ''}" aria-label="Slide ${i + 1}"></button>`,
          )
          .join('')}</div>`
      : '';
  const body = href ? `<a href="${text(href)}" rel="noopener noreferrer">${img}</a>` : img;
  return `<div class="slider">${body}${dots}</div>`;
}

/** A link the client would keep (http, https, or a path on this site); '' otherwise. */
function link(url: string): string {
  const value = url.trim();
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return '';
}

/** Text and attribute values escaped for HTML. */
function text(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
