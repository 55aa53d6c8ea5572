import { expect, test, type Page } from '@playwright/test';

/*
 * A page's first screen comes inside its HTML (apps/server/src/first-screen.ts): the slider on
 * In-Play and the event's head on a market page paint before any script runs, the client's first
 * render draws the same from the data the page carries, and the largest paint of the visit is the
 * HTML's, not one the scripts make later.
 */

// The phone Lighthouse's mobile preset emulates.
test.use({ viewport: { width: 412, height: 823 } });

async function liveCricketEvent(page: Page): Promise<{ id: number; title: string }> {
  const response = await page.request.get('/Event/TreeSportWithEvent?inPlayOnly=true');
  const live = (await response.json()) as {
    result: { id: number; events: { id: number; title: string }[] }[];
  };
  const event = live.result.find((s) => s.id === 3)?.events[0];
  if (!event) throw new Error('no live cricket match');
  return event;
}

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

test("the HTML carries the first screen: In-Play's slider, a market page's event head, and their data", async ({
  page,
}) => {
  const event = await liveCricketEvent(page);
  const inplay = await (await page.request.get('/inplay', { headers: { accept: 'text/html' } })).text();
  expect(inplay).toMatch(/<div class="slider">.*<img src="[^"]+" alt="" class="slider__image">/);
  const data = /<script type="application\/json" id="first-screen">(.*?)<\/script>/.exec(inplay)?.[1];
  const screen = JSON.parse(data ?? 'null') as { events: { events: { id: number }[] }[] } | null;
  expect(screen?.events.flatMap((s) => s.events).some((e) => e.id === event.id)).toBe(true);

  const market = await (
    await page.request.get(`/markets/${event.id}`, { headers: { accept: 'text/html' } })
  ).text();
  expect(market).toContain(`<h1 class="event-head__title">${escaped(event.title)}</h1>`);
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });
  test('In-Play shows its slider and a market page its event', async ({ page }) => {
    const event = await liveCricketEvent(page);
    await page.goto('/inplay');
    await expect(page.locator('.slider__image')).toBeVisible();
    await page.goto(`/markets/${event.id}`);
    await expect(page.locator('.event-head__title')).toHaveText(event.title);
  });
});

test("the app draws the events from the page's data, and the largest paint stays the HTML's", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number[]; __app: number | null };
    w.__lcp = [];
    w.__app = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp.push(entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // When the app's own layout (main#main) first enters the page.
    new MutationObserver((_, observer) => {
      if (document.getElementById('main')) {
        w.__app = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  // The tree call is held: the rows can only come from the data in the page.
  await page.route(/\/Setting\/GetSettingWithSportTree/, () => undefined);
  await page.goto('/inplay');
  await expect(page.locator('#main .event-row').first()).toBeVisible();
  await expect(page.locator('#main .slider__image')).toBeVisible();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const { lcp, app } = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number[]; __app: number | null };
    return { lcp: w.__lcp, app: w.__app };
  });
  expect(app).not.toBeNull();
  expect(lcp.length).toBeGreaterThan(0);
  expect(lcp.at(-1)).toBeLessThan(app as number);
});
