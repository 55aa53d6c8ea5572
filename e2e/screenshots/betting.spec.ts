import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { operatorHeaders } from '../tests/support';

/** Betslip and account statement screenshots for docs/screenshots (betting-*.png). */
const out = resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const sizes = [
  { name: '360', width: 360, height: 780 },
  { name: '1280', width: 1280, height: 800 },
] as const;

interface Market {
  id: string;
  type: string;
  status: string;
  runners: { id: number; back: { price: number }[] }[];
}

async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1300);
}

/**
 * The first in-play cricket match with open match odds. Each size settles the market it bet on, so
 * the next size's first open one is another (asking the second for the second size, as before, needed
 * three such matches once the first was settled).
 */
async function cricketMatchOdds(page: Page) {
  const tree = (await (await page.request.get('/Event/TreeSportWithEvent')).json()) as {
    result: { id: number; events: { id: number; status: string }[] }[];
  };
  for (const event of tree.result.find((s) => s.id === 3)?.events ?? []) {
    if (event.status !== 'IN_PLAY') continue;
    const odds = (await (await page.request.get(`/Odds/GetUserOddsV2?eventId=${event.id}`)).json()) as {
      result: { matchOdds: Market[] };
    };
    const market = odds.result.matchOdds.find((m) => m.type === 'MATCH_ODDS' && m.status === 'OPEN');
    const runner = market?.runners.find((r) => (r.back[0]?.price ?? 0) >= 1.3);
    if (market && runner) return { eventId: event.id, market, runner };
  }
  throw new Error('no in-play cricket match');
}

for (const size of sizes) {
  test.describe(`${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1 });
    test.describe.configure({ timeout: 120_000 });

    test('betslip and statement', async ({ page }) => {
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Login as demo user' }).click();
      await expect(page.getByTestId('header-balance')).toBeVisible();
      const { eventId, market, runner } = await cricketMatchOdds(page);
      await page.goto(`/markets/${eventId}`);
      const slip = page.getByTestId('betslip');

      // One bet placed and settled, so the statement has a settlement line.
      // Prices move and wickets suspend: try again until one bet is matched.
      for (let attempt = 0; attempt < 6; attempt += 1) {
        await page.getByTestId(`price-${market.id}-${runner.id}-back-0`).click();
        for (let i = 0; i < 3; i += 1) await slip.getByRole('button', { name: 'Price down a tick' }).click();
        await slip.getByRole('button', { name: '1k', exact: true }).click();
        await slip.getByRole('button', { name: 'Place bet' }).click();
        const done = await page
          .getByTestId('header-exposure')
          .filter({ hasNotText: '₹0.00' })
          .waitFor({ timeout: 12_000 })
          .then(() => true)
          .catch(() => false);
        if (done) break;
        await page.waitForTimeout(3000);
      }
      await expect(page.getByTestId('header-exposure')).not.toHaveText('₹0.00');
      await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
      await page.getByTestId(`price-${market.id}-${runner.id}-back-0`).click();
      await slip.getByRole('button', { name: '500', exact: true }).click();
      await settle(page);
      await page.screenshot({ path: `${out}/betting-betslip-${size.name}.png` });

      const settled = await page.request.post('/admin/markets/settle', {
        headers: await operatorHeaders(page.request, 'trader'),
        data: { marketId: market.id, result: { kind: 'winner', runnerId: runner.id } },
      });
      expect(settled.ok()).toBe(true);
      await page.goto('/account-cash-statement');
      await expect(page.getByTestId('statement').locator('tr[data-kind="bet_settlement"]')).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${out}/betting-statement-${size.name}.png` });
    });
  });
}
