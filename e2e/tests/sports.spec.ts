import { expect, test, type Page } from '@playwright/test';

/*
 * The sports journeys against the real server and its feed simulator. The feed runs in real time
 * unless FEED_TIME_SCALE is set for the server, so the waits below allow for a cricket ball every
 * 26-40 s (and a minute more after a wicket or an over).
 */

interface TreeEvent {
  id: number;
  title: string;
  status: string;
}

async function liveEvent(page: Page, sportId: number): Promise<TreeEvent> {
  const response = await page.request.get('/Event/TreeSportWithEvent?inPlayOnly=true');
  const body = (await response.json()) as {
    result: { id: number; events: TreeEvent[] }[];
  };
  const event = body.result.find((s) => s.id === sportId)?.events[0];
  if (!event) throw new Error(`no live event of sport ${sportId}`);
  return event;
}

/** A live cricket match with an innings under way (not at the toss or the innings break). */
async function cricketInPlay(page: Page): Promise<TreeEvent> {
  const response = await page.request.get('/Event/TreeSportWithEvent?inPlayOnly=true');
  const body = (await response.json()) as { result: { id: number; events: TreeEvent[] }[] };
  for (const event of body.result.find((s) => s.id === 3)?.events ?? []) {
    const card = await page.request.get(`/api/services/app/Sport/GetScoreCard?eventId=${event.id}`);
    const { result } = (await card.json()) as { result: { phase?: string } | null };
    if (result?.phase === 'INNINGS_1' || result?.phase === 'INNINGS_2') return event;
  }
  throw new Error('no cricket innings under way');
}

/** Every price cell's text on the page, in order. */
async function priceTexts(page: Page): Promise<string> {
  return page
    .locator('.markets__list .price')
    .evaluateAll((cells) => cells.map((c) => c.textContent).join(','));
}

function section(page: Page, sport: string) {
  return page
    .locator('.event-section')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${sport}`) }) });
}

test('a visitor sees live cricket, football and tennis on /inplay', async ({ page }) => {
  await page.goto('/inplay');
  for (const sport of ['Cricket', 'Football', 'Tennis']) {
    const list = section(page, sport);
    await expect(list).toBeVisible();
    await expect(list.locator('.live-pill').first()).toBeVisible();
  }
  // The search text narrows the lists to the events that name it (teams, players or competition).
  const cricket = await liveEvent(page, 3);
  const firstTeam = cricket.title.split(' v ')[0] ?? cricket.title;
  const rows = page.locator('.event-section .event-row');
  const all = await rows.count();
  await page.getByRole('searchbox', { name: 'Search events' }).fill(firstTeam);
  await expect(page.getByRole('link', { name: new RegExp(firstTeam) }).first()).toBeVisible();
  await expect.poll(() => rows.count()).toBeLessThan(all);
  for (const text of await rows.allTextContents()) {
    expect(text.toLowerCase()).toContain(firstTeam.toLowerCase());
  }
});

test('a visitor opens a live event and watches its prices move without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/inplay');
  const link = section(page, 'Football').locator('a.event-row__main').first();
  await link.click();
  await expect(page).toHaveURL(/\/markets\/\d+$/);
  await expect(page.locator('.market').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Match Odds' })).toBeVisible();
  await expect(page.getByLabel('Scorecard')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  const before = await priceTexts(page);
  expect(before).not.toBe('');
  await expect.poll(() => priceTexts(page), { timeout: 90_000, intervals: [500] }).not.toBe(before);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
  // Nothing pushed to the page asked for the polling fallback: the hub is live.
  await expect(page.getByText('Reconnecting to live prices')).toHaveCount(0);
});

test('tapping a price opens the betslip with that selection', async ({ page }) => {
  const event = await liveEvent(page, 2);
  await page.goto(`/markets/${event.id}`);
  const runner = page.locator('.market--match_odds .runner').first();
  await expect(runner).toBeVisible();
  const name = (await runner.locator('.runner__name > span').first().textContent()) ?? '';
  const cell = runner.locator('.price--back.price--l0:not(.price--empty)');
  const price = (await cell.locator('.price__main').textContent()) ?? '';
  await cell.click();
  const slip = page.getByTestId('betslip');
  await expect(slip).toBeVisible();
  await expect(slip).toContainText(name);
  await expect(slip).toContainText('Match Odds');
  // The slip starts at the tapped price (it may have moved since; the slip keeps what was tapped).
  expect(Number(await slip.getByTestId('betslip-odds').textContent())).toBe(Number(price));
});

test('cricket: a ball-running or suspension overlay comes and goes', async ({ page }) => {
  test.setTimeout(240_000);
  const event = await cricketInPlay(page);
  await page.goto(`/markets/${event.id}`);
  await expect(page.locator('.market').first()).toBeVisible();
  const overlay = page.locator('.market__overlay');
  await expect(overlay.first()).toBeVisible({ timeout: 150_000 });
  await expect(overlay.first()).toHaveText(/ball running|suspended/i);
  await expect(overlay).toHaveCount(0, { timeout: 80_000 });
});

test('a pinned event is still pinned after a reload and listed in favourites', async ({ page }) => {
  await page.goto('/inplay');
  const row = section(page, 'Tennis').locator('.event-row').first();
  const pin = row.getByRole('button', { name: /^Pin / });
  await expect(pin).toBeVisible();
  const label = (await pin.getAttribute('aria-label')) ?? '';
  const title = label.replace(/^Pin /, '');
  await pin.click();
  await expect(row.getByRole('button', { name: `Unpin ${title}` })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: `Unpin ${title}` }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await page.evaluate(() => window.localStorage.getItem('pins'))).toMatch(/^\[\d+\]$/);
  await page.goto('/favorites');
  await expect(page.getByRole('button', { name: `Unpin ${title}` })).toBeVisible();
});

test('with the hub unreachable the page polls and prices keep moving', async ({ page }) => {
  test.setTimeout(120_000);
  await page.route(/\/notify(\/|\?|$)/, (route) => route.abort());
  const event = await liveEvent(page, 1);
  await page.goto(`/markets/${event.id}`);
  await expect(page.getByText('Reconnecting to live prices')).toBeVisible();
  await expect(page.locator('.market').first()).toBeVisible();
  const polls: number[] = [];
  page.on('request', (r) => {
    if (/Odds\/GetUserOddsV2/i.test(r.url())) polls.push(Date.now());
  });
  const before = await priceTexts(page);
  await expect.poll(() => priceTexts(page), { timeout: 90_000, intervals: [500] }).not.toBe(before);
  // One second after each answer, not faster.
  await expect.poll(() => polls.length, { timeout: 10_000 }).toBeGreaterThan(2);
  const gaps = polls.slice(1).map((t, i) => t - (polls[i] ?? 0));
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(950);
});
