import { expect, test, type Page } from '@playwright/test';
import { demoLogin, rupeesOfPaise } from './support';

/*
 * The casino end to end (issue 15): the lobby lists the five providers of our own games provider
 * (a separate process, the edge where a real provider stands), a demo player opens Teen Patti 20-20
 * in the iframe, bets through the provider, which takes the stake from our seamless wallet; the
 * header's balance follows each wallet movement over the hub without a reload; the round resolves;
 * the verification page recomputes the outcome from the revealed seed in the browser; the cash
 * statement's Game Report and the P/L show the round.
 */

const PROVIDERS = ['International', 'Dream', 'King', 'Mac', 'Udan'];

/** The balance the client keeps (rupees in local storage), in paise. */
const storedBalance = (page: Page) =>
  page.evaluate(() => Math.round(Number(window.localStorage.getItem('balance')) * 100));

/** The lobby, once the games provider is up (the journeys' server may have started before it). */
async function openLobby(page: Page) {
  await expect
    .poll(
      async () => {
        await page.goto('/lobby');
        const tile = page.getByRole('link', { name: 'Teen Patti 20-20, Dream' });
        return tile.waitFor({ state: 'visible', timeout: 8_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 45_000, intervals: [1_000] },
    )
    .toBe(true);
}

test('a demo player plays a Teen Patti 20-20 round: stake and result move the header balance live, the round verifies and is on the Game Report', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await demoLogin(page);
  await openLobby(page);
  const providers = page.getByRole('group', { name: 'Providers' });
  for (const name of PROVIDERS)
    await expect(providers.getByRole('button', { name: new RegExp(name) })).toBeVisible();

  // A marker on the window survives anything but a reload.
  await page.evaluate(() => Object.assign(window, { __noReload: true }));
  await page.getByRole('link', { name: 'Teen Patti 20-20, Dream' }).click();
  await expect(page).toHaveURL(/\/lobby-page\?/);
  const game = page.frameLocator('iframe[title="Teen Patti 20-20"]');

  // A bet goes in while the round takes bets (a round dealing now: wait for the next).
  await expect(game.getByTestId('round-phase')).toHaveAttribute('data-phase', 'betting', { timeout: 30_000 });
  const before = await storedBalance(page);
  await game.getByTestId('stake-chip-100').click();
  await game.getByTestId('bet-playerA').click();
  const myBet = game.getByTestId('my-bet').first();
  await expect(myBet).toHaveAttribute('data-status', 'accepted');
  const roundId = await myBet.getAttribute('data-round');
  expect(roundId).toBeTruthy();

  // The stake left our wallet, and the header says so without a reload.
  const header = page.getByTestId('header-balance');
  await expect(header).toHaveText(rupeesOfPaise(before - 10_000));

  // The round resolves: a win pays 1.98 (₹198), a tie returns the stake, a loss pays nothing.
  await expect(myBet).toHaveAttribute('data-status', /^(won|lost|push)$/, { timeout: 45_000 });
  const status = await myBet.getAttribute('data-status');
  const payout = status === 'won' ? 19_800 : status === 'push' ? 10_000 : 0;
  await expect(header).toHaveText(rupeesOfPaise(before - 10_000 + payout));
  await expect(game.getByTestId('last-result-headline')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  // The round's seed is revealed once it settles: the verification page recomputes it in the browser.
  const verify = game.locator(
    `[data-testid="verify-link"][href*="round=${encodeURIComponent(roundId ?? '')}"]`,
  );
  await expect(verify).toBeVisible({ timeout: 15_000 });
  const href = await verify.getAttribute('href');
  const verifier = await page.context().newPage();
  await verifier.goto(
    new URL(href ?? '', await game.locator('body').evaluate(() => document.baseURI)).toString(),
  );
  await expect(verifier.getByTestId('verify-commitment')).toHaveAttribute('data-ok', 'true');
  await expect(verifier.getByTestId('verify-outcome')).toBeVisible();
  await expect(verifier.getByTestId('verify-record')).toHaveAttribute('data-ok', 'true');
  await verifier.close();

  // Back to the lobby, then the cash statement's Game Report lists the round's stake (and its win).
  await page.getByRole('button', { name: 'Back to lobby' }).click();
  await expect(page).toHaveURL(/\/lobby$/);
  await page.goto('/account-cash-statement');
  await page.getByLabel('Type').selectOption('casino');
  const statement = page.getByTestId('statement');
  await expect(
    statement.locator('tr[data-kind="casino_debit"]').filter({ hasText: roundId ?? '' }),
  ).toHaveCount(1);
  await expect(statement.locator('tbody tr:not([data-kind^="casino"])')).toHaveCount(0);
  if (payout > 0) {
    await expect(
      statement.locator('tr[data-kind="casino_credit"]').filter({ hasText: roundId ?? '' }),
    ).toHaveCount(1);
  }

  // And the P/L's casino section has the game with the round's net.
  await page.goto('/ProfitLoss');
  await expect(page.getByRole('heading', { name: 'Casino' })).toBeVisible();
});

test('a launch the provider refuses (a casinoToken it does not take) says why and how to go on', async ({
  page,
}) => {
  await demoLogin(page);
  await openLobby(page);
  // A casinoToken the provider does not take: the launch is refused with the provider's reason.
  await page.evaluate(() => {
    const info = JSON.parse(window.localStorage.getItem('userinfo') ?? '{}') as Record<string, unknown>;
    window.localStorage.setItem('userinfo', JSON.stringify({ ...info, casinoToken: 'not.a.token' }));
  });
  await page.goto('/lobby-page?provider=king&code=lucky-7');
  await expect(page.getByRole('heading', { name: 'Please sign in again' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
    'href',
    `/auth/login?to=${encodeURIComponent('/lobby-page?provider=king&code=lucky-7')}`,
  );
  await expect(page.locator('iframe')).toHaveCount(0);
});
