import { expect, test, type Page } from '@playwright/test';
import { depositInSandbox, registerAndVerify, rupees, stillCricket } from './support';

/*
 * Responsible gaming end to end, on the real server: a new player sets a daily deposit limit and a
 * deposit over it is refused where they pay; raising the limit waits 24 hours (the server's clock is
 * moved on through its development route) and applies only once confirmed; a 24-hour time-out
 * refuses a bet and a casino game but lets a withdrawal through; the reality check comes when its
 * interval is up (the page's clock is moved on).
 */

async function openPanel(page: Page) {
  await page.goto('/responsible-gaming');
  await expect(page.getByRole('heading', { name: 'Your limits and breaks' })).toBeVisible();
}

const dailyDeposit = (page: Page) => page.getByRole('group', { name: 'Daily deposit limit' });

async function saveDailyDeposit(page: Page, rupeesText: string) {
  const row = dailyDeposit(page);
  await row.getByLabel('New limit (₹)').fill(rupeesText);
  await row.getByRole('button', { name: 'Save' }).click();
}

test('deposit limit, a confirmed increase, a time-out that still lets a withdrawal through, the reality check', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const player = await registerAndVerify(page);
  // Money to withdraw later: ₹1,000 paid in the sandbox, before any limit.
  await depositInSandbox(page, 1000);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(1000));

  // A first daily deposit limit of ₹5,000 applies at once, below the operator's own text.
  await openPanel(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await saveDailyDeposit(page, '5000');
  await expect(dailyDeposit(page).getByTestId('rg-limit-amount')).toHaveText('₹5,000');
  await expect(dailyDeposit(page).getByRole('meter')).toHaveAttribute('aria-valuetext', '₹1,000 of ₹5,000');

  // ₹6,000 more is refused on the deposit page, with the reason.
  await page.goto('/depositw');
  await page.getByRole('radio', { name: /Pay by UPI app \(automatic\)/ }).check();
  await page.getByLabel('Amount (₹)').fill('6000');
  await page.getByRole('button', { name: 'Continue to pay' }).click();
  const refusal = page.getByTestId('deposit-refusal');
  await expect(refusal).toContainText(
    'Your daily deposit limit is ₹5,000; you can deposit ₹4,000 more today.',
  );
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(1000));

  // Raising it to ₹10,000 waits 24 hours: nothing to confirm yet.
  await openPanel(page);
  await saveDailyDeposit(page, '10000');
  const pending = dailyDeposit(page).getByTestId('rg-pending');
  await expect(pending).toContainText('Increase to ₹10,000 pending: you can confirm it from');
  await expect(pending.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await expect(dailyDeposit(page).getByTestId('rg-limit-amount')).toHaveText('₹5,000');

  // 25 hours later (the server's times moved back), Confirm appears; confirmed, it applies.
  const aged = await page.request.post('/dev/responsible-gaming/age', {
    data: { userName: player.userName, hours: 25 },
  });
  expect(aged.ok(), await aged.text()).toBe(true);
  await page.reload();
  await expect(pending).toContainText('Your increase to ₹10,000 is ready: confirm it to apply it.');
  await pending.getByRole('button', { name: 'Confirm' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Confirm your new limits?' });
  await expect(ask.getByRole('listitem')).toHaveText('Daily deposit limit: ₹5,000 → ₹10,000');
  await ask.getByRole('button', { name: 'Confirm' }).click();
  await expect(ask).toHaveCount(0);
  await expect(dailyDeposit(page).getByTestId('rg-limit-amount')).toHaveText('₹10,000');
  await expect(dailyDeposit(page).getByTestId('rg-pending')).toHaveCount(0);

  // A time-out of 24 hours, behind a confirmation that says it cannot be undone.
  const timeOut = page.getByTestId('rg-time_out');
  await timeOut.getByRole('radio', { name: '24 hours' }).check();
  await timeOut.getByRole('button', { name: 'Take a time-out' }).click();
  const confirmTimeOut = page.getByRole('alertdialog', { name: 'Take a time-out for 24 hours?' });
  await expect(confirmTimeOut).toContainText('It cannot be undone or shortened early.');
  await expect(confirmTimeOut).toContainText('You can still withdraw your money at any time.');
  await expect(confirmTimeOut.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirmTimeOut.getByRole('button', { name: 'Start the time-out' }).click();
  await expect(confirmTimeOut).toHaveCount(0);
  await expect(timeOut.getByTestId('rg-in-force')).toContainText('You are taking a time-out until');
  const banner = page.getByTestId('play-restriction-banner');
  await expect(banner).toContainText('You are taking a time-out until');
  await expect(banner).toContainText('You can still withdraw.');

  // A bet is refused with the time-out's message.
  const { event, market, runner } = await stillCricket(page.request);
  await page.goto(`/markets/${event.id}`);
  const slip = page.getByTestId('betslip');
  const backCell = page.getByTestId(`price-${market.id}-${runner.id}-back-0`);
  let message = '';
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await expect(backCell).toBeEnabled({ timeout: 30_000 });
    await backCell.click();
    await slip.getByLabel('Stake (₹)').fill('100');
    await slip.getByRole('button', { name: 'Place bet' }).click();
    const alert = slip.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    message = (await alert.textContent()) ?? '';
    if (!/suspended|Odds changed/i.test(message)) break;
    await slip.getByRole('button', { name: 'Close betslip' }).click();
  }
  expect(message).toMatch(/You are taking a time-out until .+\. You can still withdraw\./);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(1000));

  // The casino refuses to launch a game.
  await page.goto('/lobby-page?provider=king&code=lucky-7');
  await expect(page.getByRole('alert').filter({ hasText: 'You are taking a time-out until' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('iframe')).toHaveCount(0);

  // A withdrawal still goes through, from the banner's link.
  await banner.getByRole('link', { name: 'Go to Withdrawal' }).click();
  await expect(page).toHaveURL(/\/withdrawal$/);
  await expect(page.getByTestId('withdrawable')).toBeVisible();
  await page.getByLabel('Amount (₹)').fill('200');
  await page.getByLabel('UPI id', { exact: true }).fill('ravi@okhdfc');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('article', { name: /Withdrawal #\d+/ }).getByText('Pending')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(800));

  // A reality check every 15 minutes: it comes when the interval is up, counted from the sign-in.
  await openPanel(page);
  await page.getByLabel('Remind me').selectOption('15');
  await page.getByRole('region', { name: 'Reality check' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('rg-reality-now')).toHaveText('Now: Every 15 minutes');
  await page.clock.install();
  await openPanel(page);
  await page.clock.pauseAt(new Date(Date.now() + 1000));
  const reminder = page.getByRole('alertdialog', { name: 'Reality check' });
  // In steps under the 9 idle minutes of the inactivity prompt, with a key press between them.
  for (let step = 0; step < 2; step += 1) {
    await page.keyboard.press('Shift');
    await page.clock.runFor('08:00');
  }
  await expect(reminder).toBeVisible();
  // Time flows again: the page's timers (the query's answer among them) run as they would.
  await page.clock.resume();
  await expect(reminder).toContainText('You have been playing for');
  await expect(reminder).toContainText(/You are (₹[\d,.]+ (up|down)|even) this session\./);
  await expect(reminder.getByRole('link', { name: 'Responsible gaming' })).toBeVisible();
  await reminder.getByRole('button', { name: 'Continue' }).click();
  await expect(reminder).toHaveCount(0);
});
