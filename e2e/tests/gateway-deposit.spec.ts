import { expect, test } from '@playwright/test';
import { registerAndVerify, rupees, shoot } from './support';

/*
 * A gateway deposit end to end: the player asks for ₹1,500 by UPI app, gets the order's QR code and
 * 'Open UPI app' link, pays it on the sandbox provider's page (as a tester would, in another tab),
 * and the deposit screen turns to "Payment received" with the UTR while the header's balance goes
 * up, without a reload. The balance comes over the hub's UserBalance push: the screen's fallback
 * read of the balance is held back to show it.
 */

test('gateway deposit paid in the sandbox: Success with the UTR, the header balance up without reload', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await registerAndVerify(page);
  const balance = page.getByTestId('header-balance');
  const start = await page.evaluate(() => Number(window.localStorage.getItem('balance') ?? '0'));
  await page.evaluate(() => Object.assign(window, { __noReload: true }));

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Deposit' }).click();
  await expect(page).toHaveURL(/\/depositw$/);
  await expect(page.getByRole('radio', { name: /Pay by UPI app \(automatic\)/ })).toBeChecked();
  await page.getByLabel('Amount (₹)').fill('1500');
  await shoot(page, testInfo.outputPath('gateway-form-360.png'), 360);
  await page.getByRole('button', { name: 'Continue to pay' }).click();

  const panel = page.getByTestId('gateway');
  await expect(panel.getByTestId('gateway-amount')).toHaveText('₹1,500.00');
  await expect(panel.getByTestId('gateway-countdown')).toHaveText(/^1[45]:\d\d$/);
  // The QR is the server's SVG as a data URL, drawn by the browser.
  const qr = panel.getByRole('img', { name: 'UPI QR code' });
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  const upi = await panel.getByRole('link', { name: 'Open UPI app' }).getAttribute('href');
  const orderId = /[?&]tr=([A-Z0-9]+)&/.exec(upi ?? '')?.[1];
  expect(upi).toMatch(/^upi:\/\/pay\?pa=backlay\.demo@okaxis&pn=[^+ ]+&am=1500\.00&cu=INR&tr=[A-Z0-9]+&tn=/);
  expect(orderId).toBeTruthy();
  await expect(panel.getByText('Scan this QR code with any UPI app on your phone.')).toBeVisible();
  await shoot(page, testInfo.outputPath('gateway-360.png'), 360);
  await shoot(page, testInfo.outputPath('gateway-1280.png'), 1280);

  // Only the hub's push may move the header: the screen's fallback read of the balance is held.
  await page.route('**/Bet/GetUserOpenBets*', (route) => route.abort());

  // The tester pays on the sandbox provider's page, opened from the screen's sandbox link.
  const sandboxLink = panel.getByRole('link', { name: /Sandbox: open the test payment page/ });
  await expect(sandboxLink).toHaveAttribute('href', `/sandbox/upi/${orderId}`);
  const [sandbox] = await Promise.all([context.waitForEvent('page'), sandboxLink.click()]);
  await sandbox.waitForLoadState();
  await expect(sandbox.getByText(orderId!, { exact: true })).toBeVisible();
  await sandbox.getByRole('button', { name: /^Pay / }).click();
  await expect(sandbox.locator('dt:text-is("Status") + dd')).not.toHaveText(/pending|waiting/i);
  const utr = await sandbox.locator('dt:text-is("UTR") + dd').innerText();
  expect(utr, 'the sandbox page shows the UTR once paid').toMatch(/^\d{12}$/);
  await sandbox.close();

  // Back in the app, which was never reloaded: paid, with the UTR; the header went up.
  await expect(panel.getByText('Payment received')).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByTestId('gateway-credited')).toHaveText('₹1,500.00');
  await expect(panel.getByText(utr)).toBeVisible();
  await expect(balance).toHaveText(rupees(start + 1500));
  await shoot(page, testInfo.outputPath('gateway-paid-360.png'), 360);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  // The deposit is in the request list, approved, with its UTR.
  await page.unroute('**/Bet/GetUserOpenBets*');
  await panel.getByRole('link', { name: 'All requests' }).click();
  const card = page.getByRole('article', { name: /Deposit #\d+/ }).first();
  await expect(card.getByText(utr)).toBeVisible();
  await expect(card.getByText('Approved')).toBeVisible();
});
