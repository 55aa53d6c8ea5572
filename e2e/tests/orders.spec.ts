import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  demoLogin,
  rupeesOfPaise as rupees,
  shoot,
  signedRupeesOfPaise as signedRupees,
  stillCricket,
  type BookmakerMarket,
  type PriceLevel,
} from './support';

/*
 * Orders on the exchange (issue 13): what the slip shows after placing (matched parts, the rest
 * resting in the book), cancel and edit of the rest, positions by market, and a resting order
 * matched when the market moves. They trade on a cricket match not started yet, whose prices the
 * e2e server holds still (FEED_STILL_PRE_MATCH) and which has no in-play delay; where a journey
 * needs the market at a given price, it sets it through the development feed control
 * (POST /dev/feed/set-prices), as the feed's own change.
 */

/** The Betfair ladder's steps in hundredths: (from, to] moves by step. */
const BANDS = [
  [100, 200, 1],
  [200, 300, 2],
  [300, 400, 5],
  [400, 600, 10],
  [600, 1000, 20],
  [1000, 2000, 50],
  [2000, 3000, 100],
  [3000, 5000, 200],
  [5000, 10000, 500],
  [10000, 100000, 1000],
] as const;
/** A ladder price `n` ticks away (up when n > 0), as decimal odds. */
function ticks(price: number, n: number): number {
  let h = Math.round(price * 100);
  for (let i = 0; i < Math.abs(n); i += 1) {
    const band = BANDS.find(([from, to]) => (n > 0 ? h >= from && h < to : h > from && h <= to));
    if (!band) throw new Error(`no tick from ${h}`);
    h += n > 0 ? band[2] : -band[2];
  }
  return h / 100;
}

/** Orders trade on a runner backed between 1.20 and 10. */
const NEAR_2: { backBetween: [number, number] } = { backBetween: [1.2, 10] };

/** Sets one runner's book on the simulated feed (development control), held for five minutes. */
async function setPrices(
  request: APIRequestContext,
  marketId: string,
  runnerId: number,
  back: PriceLevel[],
  lay: PriceLevel[],
) {
  const response = await request.post('/dev/feed/set-prices', {
    data: { marketId, runnerId, back, lay, holdSeconds: 300 },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Odds as the slip writes them. */
const odds2 = (price: number) => price.toFixed(2);

/** Opens the slip on a runner's side, types the odds and the stake, and places. */
async function placeAt(
  page: Page,
  marketId: string,
  runnerId: number,
  side: 'back' | 'lay',
  price: number,
  stake: number,
) {
  // The market's own card (the page's sticky strip repeats the match odds' best prices).
  const cell = page
    .locator(`[data-market-id="${marketId}"]`)
    .getByTestId(`price-${marketId}-${runnerId}-${side}-0`);
  await expect(cell).toBeEnabled({ timeout: 30_000 });
  await cell.click();
  const slip = page.getByTestId('betslip');
  const field = slip.getByLabel('Odds', { exact: true });
  await field.fill(String(price));
  await field.press('Enter');
  await expect(field).toHaveValue(odds2(price));
  await slip.getByLabel('Stake (₹)').fill(String(stake));
  await slip.getByRole('button', { name: 'Place bet' }).click();
  const result = page.getByTestId('betslip-result');
  await expect(result).toBeVisible({ timeout: 20_000 });
  return result;
}

test.describe('exchange orders', () => {
  test('a lay at a price not yet offered rests unmatched, counts in the exposure, and matches when the market reaches it', async ({
    page,
  }, testInfo) => {
    await demoLogin(page);
    const { event, market, runner } = await stillCricket(page.request, NEAR_2);
    const bestLay = runner.lay[0]?.price as number;
    // Three ticks under the best lay: no lay offered there, so nothing matches.
    const asked = ticks(bestLay, -3);
    await page.goto(`/markets/${event.id}`);
    const result = await placeAt(page, market.id, runner.id, 'lay', asked, 100);

    await expect(result.getByTestId('betslip-result-status')).toHaveText('Unmatched');
    await expect(result.getByTestId('betslip-unmatched')).toContainText(`₹100@ ${odds2(asked)}`);
    await expect(result.getByTestId('betslip-fill')).toHaveCount(0);
    // The header's exposure holds the resting lay's liability.
    const liability = Math.round(100 * (asked * 100 - 100));
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(liability));
    await shoot(page, testInfo.outputPath('slip-unmatched-1280.png'), 1280);
    await shoot(page, testInfo.outputPath('slip-unmatched-360.png'), 360);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The market moves: a lay is offered at the asked price. The feed owner matches the resting lay
    // at its own price; the slip, the runner's P/L and the header follow without a reload.
    const rivalId = market.runners.find((r) => r.id !== runner.id)?.id as number;
    await setPrices(
      page.request,
      market.id,
      runner.id,
      [{ price: ticks(asked, -1), size: 500 }],
      [{ price: asked, size: 500 }],
    );
    await expect(result.getByTestId('betslip-result-status')).toHaveText('Matched', { timeout: 20_000 });
    await expect(result.getByTestId('betslip-fill')).toContainText(`₹100@ ${odds2(asked)}`);
    const card = page.locator(`[data-market-id="${market.id}"]`);
    await expect(card.getByTestId(`runner-pnl-${runner.id}`)).toHaveText(signedRupees(-liability));
    await expect(card.getByTestId(`runner-pnl-${rivalId}`)).toHaveText(signedRupees(10_000));
    // The toast says it where the player is looking.
    await expect(page.locator('.Toastify')).toContainText(`Bet matched: Lay ${runner.name} ₹100`);
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(liability));
  });

  test('a partly matched back shows both parts, and the rest is cancelled', async ({ page }, testInfo) => {
    await demoLogin(page);
    const { event, market, runner } = await stillCricket(page.request, NEAR_2);
    const offered = runner.back[0]?.price as number;
    const asked = ticks(offered, 2);
    // ₹300 offered two ticks under the asked price. With 'Accept any odds' a back of ₹500 takes it
    // there and the rest, ₹200, rests at the asked price, which the book does not reach (a rest at
    // a price the book offers would be matched by the feed owner at its next change).
    await setPrices(
      page.request,
      market.id,
      runner.id,
      [{ price: offered, size: 300 }],
      [{ price: ticks(asked, 2), size: 300 }],
    );
    await page.goto(`/markets/${event.id}`);
    const slipCell = page
      .locator(`[data-market-id="${market.id}"]`)
      .getByTestId(`price-${market.id}-${runner.id}-back-0`);
    await expect(slipCell).toBeEnabled({ timeout: 30_000 });
    await slipCell.click();
    await page
      .getByTestId('betslip')
      .getByLabel(/Accept any odds/)
      .check();
    await shoot(page, testInfo.outputPath('slip-form-360.png'), 360);
    await shoot(page, testInfo.outputPath('slip-form-1280.png'), 1280);
    const result = await placeAt(page, market.id, runner.id, 'back', asked, 500);

    await expect(result.getByTestId('betslip-result-status')).toHaveText('Partly matched');
    await expect(result.getByTestId('betslip-fill')).toHaveText([`Matched₹300@ ${odds2(offered)}`]);
    await expect(result.getByTestId('betslip-unmatched')).toHaveText(`Unmatched₹200@ ${odds2(asked)}`);
    // The exposure holds the matched ₹300 and the ₹200 that may still match.
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(50_000));
    await shoot(page, testInfo.outputPath('slip-partly-360.png'), 360);
    await shoot(page, testInfo.outputPath('slip-partly-1280.png'), 1280);

    await result.getByRole('button', { name: 'Cancel' }).click();
    await result.getByRole('button', { name: 'Cancel all ₹200' }).click();
    await expect(result.getByTestId('betslip-unmatched')).toHaveCount(0, { timeout: 20_000 });
    await expect(result.getByTestId('betslip-fill')).toHaveText([`Matched₹300@ ${odds2(offered)}`]);
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(30_000));

    // The position: the matched back under the market, nothing unmatched.
    await page.goto('/open-bets');
    const position = page.getByTestId(`position-${market.id}`);
    await expect(position.getByTestId('matched-bet')).toHaveCount(1);
    await expect(position.getByTestId('unmatched-bet')).toHaveCount(0);
    await expect(position.getByTestId('position-outcome').first()).toContainText(runner.name);

    // History: one line per bet naming the event and the market; the cancelled rest says so.
    await page.goto('/bet-history');
    const cancelled = page.locator('[data-testid="history-row"][data-status="CANCELLED"]');
    await expect(cancelled).toHaveCount(1);
    await expect(cancelled).toContainText(runner.name);
    await expect(cancelled).toContainText(`${market.name} · ${event.title}`);
    await expect(cancelled).toContainText('Cancelled');
    await expect(cancelled).toContainText('₹200');
    await expect(page.locator('[data-testid="history-row"][data-status="MATCHED"]')).toContainText('Open');
    await shoot(page, testInfo.outputPath('history-360.png'), 360);
    // One line per bet on a phone: the row is no taller than two lines of text.
    const box = await cancelled.boundingBox();
    expect(box?.height ?? 0).toBeLessThan(44);
    await shoot(page, testInfo.outputPath('history-1280.png'), 1280);
  });

  test('an unmatched back is edited to the current price and matches', async ({ page }, testInfo) => {
    await demoLogin(page);
    const { event, market, runner } = await stillCricket(page.request, NEAR_2);
    const best = runner.back[0]?.price as number;
    // Three ticks over the best back: no back offered that high, so it rests.
    const asked = ticks(best, 3);
    await page.goto(`/markets/${event.id}`);
    const result = await placeAt(page, market.id, runner.id, 'back', asked, 200);
    await expect(result.getByTestId('betslip-result-status')).toHaveText('Unmatched');
    await result.getByRole('button', { name: 'Done' }).click();

    await page.goto('/open-bets');
    const position = page.getByTestId(`position-${market.id}`);
    const row = position.getByTestId('unmatched-bet');
    await expect(row).toContainText(`₹200 @ ${odds2(asked)} waiting to match`);
    await shoot(page, testInfo.outputPath('positions-unmatched-360.png'), 360);
    await shoot(page, testInfo.outputPath('positions-unmatched-1280.png'), 1280);

    await page.setViewportSize({ width: 360, height: 900 });
    await row.getByRole('button', { name: 'Edit price' }).click();
    const field = row.getByLabel(/New price/);
    await field.fill(String(best));
    await field.press('Enter');
    await shoot(page, testInfo.outputPath('positions-edit-360.png'), 360);
    await row.getByRole('button', { name: `Update to ${odds2(best)}` }).click();
    // Matched at once at the offered price: the position now holds one matched back and no rest.
    await expect(position.getByTestId('unmatched-bet')).toHaveCount(0, { timeout: 20_000 });
    await expect(position.getByTestId('matched-bet')).toHaveCount(1);
    await expect(position.getByTestId('matched-bet')).toContainText(runner.name);
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(20_000));
    await shoot(page, testInfo.outputPath('positions-matched-360.png'), 360);
  });

  test('a bookmaker back refused because the rate moved is placed at the live rate with one tap', async ({
    page,
  }) => {
    await demoLogin(page);
    const { event, bookmaker } = await stillCricket(page.request, { ...NEAR_2, withBookmaker: true });
    const market = bookmaker as BookmakerMarket;
    const runner = market.runners.find((r) => r.back[0]) as BookmakerMarket['runners'][number];
    const rate = runner.back[0]?.rate as number;
    await page.goto(`/markets/${event.id}`);
    const cell = page
      .locator(`[data-market-id="${market.id}"]`)
      .getByTestId(`price-${market.id}-${runner.id}-back-0`);
    await expect(cell).toBeEnabled({ timeout: 30_000 });
    await cell.click();
    const slip = page.getByTestId('betslip');
    // Ask three points over the rate on offer: a bookmaker bet is matched in full or refused.
    for (let i = 0; i < 3; i += 1) await slip.getByRole('button', { name: 'Price up a tick' }).click();
    await expect(slip.getByLabel('Rate', { exact: true })).toHaveValue(String(rate + 3));
    await slip.getByLabel('Stake (₹)').fill('100');
    await slip.getByRole('button', { name: 'Place bet' }).click();
    await expect(slip.getByRole('alert')).toContainText(/Odds changed/i, { timeout: 20_000 });
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(0));

    await slip.getByRole('button', { name: `Take the new price ${rate}` }).click();
    const result = page.getByTestId('betslip-result');
    await expect(result.getByTestId('betslip-result-status')).toHaveText('Matched', { timeout: 20_000 });
    await expect(result.getByTestId('betslip-fill')).toHaveText([`Matched₹100@ ${rate}`]);
    await expect(page.getByTestId('header-exposure')).toHaveText(rupees(10_000));
  });
});
