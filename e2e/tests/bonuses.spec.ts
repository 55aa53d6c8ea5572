import { expect, test, type Page } from '@playwright/test';
import {
  backAndSettle,
  depositInSandbox,
  operatorHeaders,
  registerAndVerify,
  rupees,
  shoot,
  upcomingMatchOdds,
} from './support';

/*
 * A first-deposit bonus end to end: the site's owner offers it, a new player deposits in the
 * sandbox, claims it beside the terms, bets; each settled bet moves the wagering bar, and when the
 * wagering is met the bonus turns into cash. Cash and bonus stay apart in the header's menu the
 * whole way. The bets are lost on purpose, so every figure is exact.
 */

const TITLE = 'Journey welcome 100% up to ₹500';

async function menuFigures(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  const cash = await page.getByTestId('menu-cash').innerText();
  const bonus = await page.getByTestId('menu-bonus').innerText();
  await page.keyboard.press('Escape');
  return { cash, bonus };
}

test('first deposit in the sandbox, claim the bonus, bets settle, the bar moves, the bonus turns into cash', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const created = await page.request.post('/admin/bonuses', {
    headers: await operatorHeaders(page.request, 'owner'),
    data: {
      title: TITLE,
      description: 'Double your first deposit.',
      kind: 'FirstDeposit',
      percent: 100,
      maxAmount: 500,
      minDeposit: 500,
      wageringMultiplier: 1,
      validDays: 1,
      terms:
        'Deposit at least ₹500 for the first time: we add 100% of it, up to ₹500, to your bonus balance. Bet it once on settled bets within a day and it turns into cash.',
      visible: true,
      active: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await registerAndVerify(page);
  // Before any deposit the offer is there with its terms, but not claimable yet.
  await page.goto('/bonus');
  const offer = page.getByRole('region', { name: 'Offers' }).getByRole('article', { name: TITLE });
  await expect(offer.getByText(/Bet it once on settled bets within a day/)).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Claim' })).toBeDisabled();

  await depositInSandbox(page, 500);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(500));

  await page.goto('/bonus');
  await expect(offer.getByRole('button', { name: 'Claim' })).toBeEnabled();
  await shoot(page, testInfo.outputPath('bonus-offers-360.png'), 360);
  await offer.getByRole('button', { name: 'Claim' }).click();
  await expect(
    page
      .locator('.Toastify__toast')
      .filter({ hasText: `${TITLE} claimed: ₹500.00 is in your bonus balance.` }),
  ).toBeVisible();
  const active = page
    .getByRole('region', { name: 'Your active bonus' })
    .getByRole('article', { name: TITLE });
  const bar = active.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await expect(bar).toHaveAttribute('aria-valuemax', '500');
  await expect(active.getByTestId('bonus-countdown')).toContainText(/Expires in/);
  // Bonus money beside the cash, never in it: the header's balance is still the cash alone.
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(500));
  expect(await menuFigures(page)).toEqual({ cash: rupees(500), bonus: rupees(500) });

  // A settled bet of ₹300 counts ₹300 of the ₹500 to wager.
  const used = new Set<string>();
  await backAndSettle(page, await upcomingMatchOdds(page.request, used), 300, 'lost');
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(200));
  await page.reload();
  await expect(bar).toHaveAttribute('aria-valuenow', '300');
  await expect(active).toContainText('Wagering₹300 of ₹500');
  await shoot(page, testInfo.outputPath('bonus-progress-360.png'), 360);
  await shoot(page, testInfo.outputPath('bonus-progress-1280.png'), 1280);

  // The next ₹200 meets it: the ₹500 bonus is paid to the cash, in one journal.
  await backAndSettle(page, await upcomingMatchOdds(page.request, used), 200, 'lost');
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(500));
  await page.reload();
  const finished = page.getByRole('region', { name: 'Finished' }).getByRole('article', { name: TITLE });
  await expect(finished).toContainText('Paid to your cash');
  await expect(finished.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '500');
  await expect(page.getByRole('region', { name: 'Your active bonus' })).toHaveCount(0);
  expect(await menuFigures(page)).toEqual({ cash: rupees(500), bonus: rupees(0) });

  await page.goto('/account-cash-statement');
  await expect(
    page
      .getByTestId('statement')
      .getByText(/turned into cash/)
      .first(),
  ).toBeVisible();
});
