import { expect, test, type Page, type Route } from '@playwright/test';

/*
 * Nothing on screen moves while a page's data comes in (cumulative layout shift, as Lighthouse
 * counts it, at most 0.02). The answers that fill a page are held back and released one at a
 * time, each after the page has painted what it had, so the order a slow phone network would give
 * is the order here, every run.
 */

interface Shift {
  value: number;
  nodes: string[];
}

/** Records every layout shift the page makes without recent input, from its first frame. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: Shift[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : '',
        );
        w.__shifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shifts(page: Page): Promise<Shift[]> {
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

/** Holds the requests whose URL matches until `release`; later ones then go straight through. */
async function hold(page: Page, pattern: RegExp) {
  const held: Route[] = [];
  let open = false;
  await page.route(pattern, (route) => (open ? route.continue() : void held.push(route)));
  return {
    async release() {
      open = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Two animation frames: whatever the page holds now has been painted. */
async function painted(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

function expectStill(found: Shift[]) {
  const total = found.reduce((sum, s) => sum + s.value, 0);
  expect(total, `layout shifts: ${JSON.stringify(found)}`).toBeLessThanOrEqual(0.02);
}

// The phone Lighthouse's mobile preset emulates.
test.use({ viewport: { width: 412, height: 823 } });

test('In-Play stays still while the settings, the events and the scores come in', async ({ page }) => {
  await recordShifts(page);
  const settings = await hold(page, /\/cdn\/settings\//);
  const tree = await hold(page, /\/Setting\/GetSettingWithSportTree/);
  const scores = await hold(page, /\/Event\/TreeSportWithEvent/);
  await page.goto('/inplay');
  await expect(page.getByRole('heading', { name: 'In-Play' })).toBeVisible();
  await painted(page);

  await settings.release();
  await expect(page.locator('.slider__image')).toBeVisible();
  await painted(page);

  await tree.release();
  await expect(page.locator('.event-row').first()).toBeVisible();
  await painted(page);

  await scores.release();
  await expect(page.locator('.event-row__score').first()).toBeVisible();
  // Each row's six price cells are there from its first frame; the prices fill them in place.
  await expect(page.locator('.list-price:not(.list-price--empty)').first()).toBeVisible();
  await painted(page);

  expectStill(await shifts(page));
});

test('a market page stays still while its event, markets and scorecard come in', async ({ page }) => {
  const response = await page.request.get('/Event/TreeSportWithEvent?inPlayOnly=true');
  const live = (await response.json()) as { result: { id: number; events: { id: number }[] }[] };
  const event = live.result.find((s) => s.id === 3)?.events[0];
  if (!event) throw new Error('no live cricket match');

  await recordShifts(page);
  const tree = await hold(page, /\/Setting\/GetSettingWithSportTree/);
  const scoreCard = await hold(page, /\/Sport\/GetScoreCard/);
  const odds = page.waitForResponse(/\/Odds\/GetUserOddsV2/);
  await page.goto(`/markets/${event.id}`);
  await expect(page.locator('.topbar')).toBeVisible();
  await painted(page);

  await tree.release();
  await expect(page.locator('.event-head__title')).toBeVisible();
  // The odds answer (and the hub, once connected) is not held: the markets may be ready first.
  await odds;
  await painted(page);

  await scoreCard.release();
  // On a phone the scorecard is the strip's score line (the card shows from 720 px); the strip's
  // first prices and the markets come with it.
  await expect(page.locator('.event-head__score')).toBeVisible();
  await expect(page.locator('.event-head__rates .price').first()).toBeVisible();
  await expect(page.locator('.market').first()).toBeVisible();
  await painted(page);

  expectStill(await shifts(page));
});
