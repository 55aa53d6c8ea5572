import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/*
 * Betting journeys against the real server and its simulated feed. Prices move on their own, so a
 * back is asked a few ticks below the market (and a lay above): the bet is then matched at the asked
 * price as long as the market does not move that far during the in-play delay.
 */

const adminKey = process.env.BACKLAY_E2E_ADMIN_KEY ?? 'e2e-operator-key-0123456789abcdef';

interface PriceLevel {
  price: number;
  size: number;
}
interface Runner {
  id: number;
  name: string;
  back: PriceLevel[];
  lay: PriceLevel[];
}
interface Market {
  id: string;
  name: string;
  status: string;
  type: string;
  runners: Runner[];
  noLine?: number;
  noRate?: number;
  yesLine?: number;
  yesRate?: number;
}
interface Odds {
  matchOdds: Market[];
  fancy: Market[];
}

async function envelope<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: T }).result;
}

async function odds(request: APIRequestContext, eventId: number): Promise<Odds> {
  return envelope<Odds>(request, `/Odds/GetUserOddsV2?eventId=${eventId}`);
}

/**
 * An in-play cricket match with open match odds, whatever the state of the simulated world: the
 * runner to back has a back price a few ticks can go below (1.05 to 200), the runner to lay the
 * lowest lay price (at most 20, so a lay's liability stays small).
 */
async function inPlayCricket(request: APIRequestContext) {
  const tree = await envelope<{ id: number; events: { id: number; status: string; title: string }[] }[]>(
    request,
    '/Event/TreeSportWithEvent',
  );
  const cricket = tree.find((s) => s.id === 3)?.events.filter((e) => e.status === 'IN_PLAY') ?? [];
  const backOf = (r: Runner) => r.back[0]?.price ?? 0;
  const layOf = (r: Runner) => r.lay[0]?.price ?? Infinity;
  // An innings break or a wicket suspends the market for a while: wait up to two minutes.
  for (let attempt = 0; attempt < 60; attempt += 1) {
    for (const event of cricket) {
      const o = await odds(request, event.id);
      const market = o.matchOdds.find((m) => m.type === 'MATCH_ODDS' && m.status === 'OPEN');
      if (!market) continue;
      const backable = market.runners
        .filter((r) => backOf(r) >= 1.05 && backOf(r) <= 200)
        .sort((a, b) => Math.abs(backOf(a) - 2) - Math.abs(backOf(b) - 2));
      const layable = [...market.runners].filter((r) => layOf(r) <= 20).sort((a, b) => layOf(a) - layOf(b));
      const runner = backable[0];
      const layRunner = layable[0];
      if (runner && layRunner) return { event, market, runner, layRunner, fancy: o.fancy };
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('no in-play cricket match with open match odds');
}

async function demoLogin(page: Page) {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Login as demo user' }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
}

const rupees = (paise: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100)}`;

async function storedPaise(page: Page, key: 'balance' | 'exposure'): Promise<number> {
  return page.evaluate((k) => Math.round(Number(window.localStorage.getItem(k)) * 100), key);
}

async function oddsOnSlip(page: Page): Promise<number> {
  return Number(await page.getByTestId('betslip-odds').textContent());
}

/** Places what the slip holds; retries (a new tap) only when the feed suspended or moved the market meanwhile. */
async function placeFromSlip(page: Page, tap: () => Promise<void>, prepare: () => Promise<void>) {
  const slip = page.getByTestId('betslip');
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await tap();
    await expect(slip).toBeVisible();
    await prepare();
    const asked = await oddsOnSlip(page);
    await slip.getByRole('button', { name: 'Place bet' }).click();
    const outcome = await Promise.race([
      slip.waitFor({ state: 'detached', timeout: 20_000 }).then(() => 'placed' as const),
      slip
        .getByRole('alert')
        .waitFor({ timeout: 20_000 })
        .then(() => 'refused' as const),
    ]);
    if (outcome === 'placed') return asked;
    const message = (await slip.getByRole('alert').textContent()) ?? '';
    if (!/suspended|Odds changed/i.test(message)) throw new Error(`bet refused: ${message}`);
    await slip.getByRole('button', { name: 'Close betslip' }).click();
  }
  throw new Error('the market kept moving; no bet placed');
}

test.describe('betting', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a lay bet: liability becomes the exposure', async ({ page }) => {
    await demoLogin(page);
    const { event, market, layRunner: runner } = await inPlayCricket(page.request);
    await page.goto(`/markets/${event.id}`);
    const slip = page.getByTestId('betslip');
    const layCell = page.getByTestId(`price-${market.id}-${runner.id}-lay-0`);
    const asked = await placeFromSlip(
      page,
      async () => {
        await expect(layCell).toBeEnabled({ timeout: 30_000 });
        await layCell.click();
      },
      async () => {
        await expect(slip.getByText('Lay', { exact: true })).toBeVisible();
        for (let i = 0; i < 3; i += 1) await slip.getByRole('button', { name: 'Price up a tick' }).click();
        await slip.getByLabel('Stake (₹)').fill('300');
        const odds = await oddsOnSlip(page);
        await expect(slip.getByTestId('betslip-liability')).toHaveText(
          rupees(300 * Math.round(odds * 100 - 100)),
        );
        await expect(slip.getByTestId('betslip-profit')).toHaveText(rupees(30000));
      },
    );
    const liability = 300 * Math.round(asked * 100 - 100);
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(liability));
    await expect(page.getByTestId(`runner-pnl-${runner.id}`)).toHaveText(`−${rupees(liability)}`);
  });

  test("an 'odds changed' refusal: a back asked well above the market charges nothing", async ({ page }) => {
    await demoLogin(page);
    const { event, market, runner } = await inPlayCricket(page.request);
    await page.goto(`/markets/${event.id}`);
    const slip = page.getByTestId('betslip');
    const backCell = page.getByTestId(`price-${market.id}-${runner.id}-back-0`);
    await expect(backCell).toBeEnabled({ timeout: 30_000 });
    await backCell.click();
    for (let i = 0; i < 8; i += 1) await slip.getByRole('button', { name: 'Price up a tick' }).click();
    await slip.getByRole('button', { name: '100', exact: true }).click();
    await slip.getByRole('button', { name: 'Place bet' }).click();
    await expect(slip.getByRole('alert')).toContainText(/Odds changed|suspended/i, { timeout: 20_000 });
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(0));
  });

  test('an insufficient-funds refusal: a stake above the demo balance', async ({ page }) => {
    await demoLogin(page);
    const { event, fancy } = await inPlayCricket(page.request);
    const market = fancy[0] as Market;
    await page.goto(`/markets/${event.id}`);
    const balance = await storedPaise(page, 'balance');
    const slip = page.getByTestId('betslip');
    const cell = page.getByTestId(`price-${market.id}-f-yes-0`);
    // A YES risks its stake; fancy has no delay. Retry only if the ball started running meanwhile.
    let message = '';
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expect(cell).toBeEnabled({ timeout: 60_000 });
      await cell.click();
      await slip.getByLabel('Stake (₹)').fill(String(balance / 100 + 1000));
      await slip.getByRole('button', { name: 'Place bet' }).click();
      const alert = slip.getByRole('alert');
      await alert.waitFor({ timeout: 20_000 });
      message = (await alert.textContent()) ?? '';
      if (!/suspended|Odds changed/i.test(message)) break;
      await slip.getByRole('button', { name: 'Close betslip' }).click();
    }
    expect(message).toMatch(/^Insufficient balance for this bet/);
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(0));
  });

  test('stake checks on the slip before anything is sent', async ({ page }) => {
    await demoLogin(page);
    const { event, market, runner } = await inPlayCricket(page.request);
    await page.goto(`/markets/${event.id}`);
    const slip = page.getByTestId('betslip');
    const backCell = page.getByTestId(`price-${market.id}-${runner.id}-back-0`);
    await expect(backCell).toBeEnabled({ timeout: 30_000 });
    await backCell.click();
    const stake = slip.getByLabel('Stake (₹)');
    await stake.fill('12.5');
    await expect(slip.getByText('Stakes are whole rupees')).toBeVisible();
    await stake.fill('50');
    await expect(slip.getByText('Minimum stake is ₹100')).toBeVisible();
    await stake.fill('abc');
    await expect(slip.getByText('Enter the stake in rupees, digits only')).toBeVisible();
    await slip.getByRole('button', { name: 'Place bet' }).click();
    await expect(slip.getByRole('alert')).toHaveCount(0);
  });

  test('fancy YES and NO, then the book', async ({ page }) => {
    await demoLogin(page);
    const { event } = await inPlayCricket(page.request);
    await page.goto(`/markets/${event.id}`);
    const fancy = (await odds(page.request, event.id)).fancy[0];
    expect(fancy).toBeDefined();
    const marketId = (fancy as Market).id;
    const slip = page.getByTestId('betslip');
    for (const side of ['yes', 'no'] as const) {
      const cell = page.getByTestId(`price-${marketId}-f-${side}-0`);
      await placeFromSlip(
        page,
        async () => {
          await expect(cell).toBeEnabled({ timeout: 60_000 });
          await cell.click();
        },
        async () => {
          await slip.getByRole('button', { name: '100', exact: true }).click();
          const rate = await oddsOnSlip(page);
          await expect(slip.getByTestId('betslip-liability')).toHaveText(
            rupees(side === 'yes' ? 10000 : 100 * rate),
          );
          await expect(slip.getByTestId('betslip-profit')).toHaveText(
            rupees(side === 'yes' ? 100 * rate : 10000),
          );
        },
      );
    }
    // The bets as matched (lines move with the score), read back from the server.
    const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    const open = await page.request.get(`/Bet/GetUserOpenBets?eventId=${event.id}`, {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    const placed = (
      (await open.json()) as {
        result: { openBets: { marketId: string; betType: string; fancyValue: number; odds: number }[] };
      }
    ).result.openBets.filter((b) => b.marketId === marketId);
    expect(placed).toHaveLength(2);
    const bets = placed.map((b) => ({
      side: b.betType === 'Yes' ? 'yes' : 'no',
      line: b.fancyValue,
      rate: b.odds,
    }));
    await page.getByRole('button', { name: 'Book' }).click();
    const book = page.getByRole('dialog', { name: /Book/ });
    await expect(book).toBeVisible();
    // The book computed here the long way: each bet's amount at a runs total inside each bucket.
    const lines = [...new Set(bets.map((b) => b.line))].sort((a, b) => a - b);
    const starts = [0, ...lines].filter(
      (v, i, all) => all.indexOf(v) === i && (i === 0 ? !lines.includes(0) : true),
    );
    const pnlAt = (k: number) =>
      bets.reduce((sum, b) => {
        if (b.side === 'yes') return sum + (k >= b.line ? b.rate * 100 : -10000);
        return sum + (k < b.line ? 10000 : -b.rate * 100);
      }, 0);
    const rows = book.locator('tbody tr');
    await expect(rows).toHaveCount(starts.length);
    for (let i = 0; i < starts.length; i += 1) {
      const amount = pnlAt(starts[i] as number);
      const text = amount === 0 ? '₹0.00' : `${amount > 0 ? '+' : '−'}${rupees(Math.abs(amount))}`;
      await expect(rows.nth(i).locator('td').nth(1)).toHaveText(text);
    }
  });

  test('a suspended-market refusal: a fancy bet sent while the ball is running', async ({ page }) => {
    test.setTimeout(360_000);
    await demoLogin(page);
    const { event } = await inPlayCricket(page.request);
    await page.goto(`/markets/${event.id}`);
    const slip = page.getByTestId('betslip');
    const first = (await odds(page.request, event.id)).fancy[0] as Market;
    const cell = page.getByTestId(`price-${first.id}-f-yes-0`);
    await expect(cell).toBeEnabled({ timeout: 60_000 });
    await cell.click();
    await slip.getByRole('button', { name: '100', exact: true }).click();
    // Wait for the feed to mark the session BALL_RUNNING (from 4 s before each ball), then send.
    await expect
      .poll(async () => (await odds(page.request, event.id)).fancy.find((m) => m.id === first.id)?.status, {
        // Balls come every few seconds in play; an innings break holds them for a while.
        timeout: 240_000,
        intervals: [250],
      })
      .toBe('BALL_RUNNING');
    await slip.getByRole('button', { name: 'Place bet' }).click();
    await expect(slip.getByRole('alert')).toHaveText('This market is suspended.');
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(0));
  });
  test('one-click betting: set on the stake settings page, a tap places the stake at once', async ({
    page,
  }) => {
    await demoLogin(page);
    await page.goto('/settings-stake');
    const form = page.getByRole('form', { name: 'One-click betting' });
    await form.getByLabel('One-click betting').check();
    await form.getByLabel('One-click stake (₹)').fill('100');
    await form.getByRole('button', { name: 'Save' }).click();
    const stored = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem('betslips') ?? 'null') as unknown,
    );
    expect(stored).toMatchObject({ oneClick: { enabled: true, stake: 100 } });

    const { event, fancy } = await inPlayCricket(page.request);
    const market = fancy[0] as Market;
    await page.goto(`/markets/${event.id}`);
    const cell = page.getByTestId(`price-${market.id}-f-yes-0`);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expect(cell).toBeEnabled({ timeout: 60_000 });
      await cell.click();
      const placed = await page
        .getByTestId('header-exposure')
        .filter({ hasText: rupees(10000) })
        .waitFor({ timeout: 8000 })
        .then(() => true)
        .catch(() => false);
      if (placed) break;
    }
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(10000));
    await expect(page.getByTestId('open-bets-list').getByText(market.name).first()).toBeVisible();
  });

  test('cash out on match odds: the offer is placed as a hedge bet and evens the runners', async ({
    page,
  }) => {
    await demoLogin(page);
    const { event, market, runner } = await inPlayCricket(page.request);
    await page.goto(`/markets/${event.id}`);
    const slip = page.getByTestId('betslip');
    const backCell = page.getByTestId(`price-${market.id}-${runner.id}-back-0`);
    await placeFromSlip(
      page,
      async () => {
        await expect(backCell).toBeEnabled({ timeout: 30_000 });
        await backCell.click();
      },
      async () => {
        for (let i = 0; i < 3; i += 1) await slip.getByRole('button', { name: 'Price down a tick' }).click();
        await slip.getByRole('button', { name: '2k', exact: true }).click();
      },
    );
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(200000));
    const pnlPaise = async (id: number) => {
      const text = (await page.getByTestId(`runner-pnl-${id}`).textContent()) ?? '';
      const value = Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
      return text.startsWith('−') ? -value : value;
    };
    const cashOut = page.getByTestId('cash-out').getByRole('button', { name: /Cash out/ });
    // The hedge goes through the in-play delay like any bet: a moved price refuses it, so offer again.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expect(cashOut).toBeVisible({ timeout: 60_000 });
      await cashOut.click();
      const dialog = page.getByRole('dialog', { name: 'Cash out' });
      await dialog.getByRole('button', { name: 'Confirm cash out' }).click();
      // Sent: the button turns to 'Cashing out…' (or the dialog is already gone), then the answer comes.
      await expect(dialog.getByRole('button', { name: 'Confirm cash out' })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Cashing out…' })).toHaveCount(0, { timeout: 30_000 });
      if (!(await dialog.isVisible())) break;
      await dialog.getByRole('button', { name: 'Keep my bets' }).click();
    }
    await expect(page.getByTestId('open-bets-list').getByText('Lay', { exact: true })).toBeVisible();
    // Evened: the hedge stake is whole rupees, so the runners differ by at most a few steps of its price.
    await expect
      .poll(async () => {
        const values = await Promise.all(market.runners.map((r) => pnlPaise(r.id)));
        return Math.max(...values) - Math.min(...values);
      })
      .toBeLessThanOrEqual(Math.round((runner.lay[0]?.price ?? 20) * 100) * 3);
    const exposure = await storedPaise(page, 'exposure');
    expect(exposure).toBeLessThan(200000);
  });

  // Last: settling closes this match's match odds for the rest of the run.
  test('back with a quick stake, countdown, header, open bets, runner P&L, settlement and statement', async ({
    page,
  }) => {
    await demoLogin(page);
    const { event, market, runner } = await inPlayCricket(page.request);
    await page.goto(`/markets/${event.id}`);
    const balanceBefore = await storedPaise(page, 'balance');
    await page.evaluate(() => Object.assign(window, { __noReload: true }));

    const slip = page.getByTestId('betslip');
    const backCell = page.getByTestId(`price-${market.id}-${runner.id}-back-0`);
    let countdownSeen = false;
    const asked = await placeFromSlip(
      page,
      async () => {
        await expect(backCell).toBeEnabled({ timeout: 30_000 });
        await backCell.click();
      },
      async () => {
        for (let i = 0; i < 3; i += 1) await slip.getByRole('button', { name: 'Price down a tick' }).click();
        await slip.getByRole('button', { name: '500', exact: true }).click();
        await expect(slip.getByLabel('Stake (₹)')).toHaveValue('500');
        const odds = await oddsOnSlip(page);
        const profitPaise = Math.round(500 * Math.round(odds * 100 - 100));
        await expect(slip.getByTestId('betslip-profit')).toHaveText(rupees(profitPaise));
        await expect(slip.getByTestId('betslip-liability')).toHaveText(rupees(50000));
        // The countdown shows while the server holds the bet for the in-play delay.
        void slip
          .getByTestId('betslip-countdown')
          .waitFor({ timeout: 5000 })
          .then(() => {
            countdownSeen = true;
          })
          .catch(() => undefined);
      },
    );
    expect(countdownSeen).toBe(true);
    const profitPaise = 500 * Math.round(asked * 100 - 100);

    // Balance stays, exposure takes the stake: both in the header, without a reload.
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(50000));
    await expect(page.getByTestId('header-balance')).toHaveText(rupees(balanceBefore));
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // The bet in this event's open bets, and the runner's P&L beside it.
    await expect(page.getByTestId('open-bets-list').getByText(runner.name).first()).toBeVisible();
    await expect(page.getByTestId(`runner-pnl-${runner.id}`)).toHaveText(`+${rupees(profitPaise)}`);
    const other = market.runners.find((r) => r.id !== runner.id);
    if (other) await expect(page.getByTestId(`runner-pnl-${other.id}`)).toHaveText(`−${rupees(50000)}`);

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'My Bets' }).click();
    await expect(page.getByTestId('open-bets-list').getByText(runner.name).first()).toBeVisible();
    await page.goto('/open-bets');
    await expect(page.getByTestId('open-bets-list').getByText(runner.name).first()).toBeVisible();
    await page.evaluate(() => Object.assign(window, { __noReload: true }));

    // The operator settles the market: the backed runner wins.
    const settle = await page.request.post('/admin/markets/settle', {
      headers: { 'x-admin-key': adminKey },
      data: { marketId: market.id, result: { kind: 'winner', runnerId: runner.id } },
    });
    expect(settle.ok()).toBe(true);

    const balanceAfter = balanceBefore + profitPaise;
    await expect(page.getByTestId('header-balance')).toHaveText(rupees(balanceAfter));
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(0));
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Account Statement' }).click();
    const statement = page.getByTestId('statement');
    const line = statement.locator('tr[data-kind="bet_settlement"]').first();
    await expect(line).toBeVisible();
    await expect(line.locator('td[data-label="Amount"]')).toHaveText(`+${rupees(profitPaise)}`);
    await expect(line.locator('td[data-label="Balance"]')).toHaveText(rupees(balanceAfter));
    await expect(page.getByTestId('open-bets-list')).toHaveCount(0);

    await line.getByRole('link').click();
    const detail = page.getByTestId('statement-detail');
    await expect(detail).toContainText(market.name);
    await expect(detail).toContainText(rupees(balanceAfter));
  });
});
