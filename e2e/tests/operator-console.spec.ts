import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DEMO_OPERATOR_PASSWORD,
  freshOperatorCode,
  registerAndVerify,
  rupees,
  type OperatorRole,
} from './support';

/*
 * The operators' console (issue 16) in Chromium: finance signs in with password and authenticator
 * code at /operator/, finds a player's manual deposit in the queue with its screenshot, approves
 * it, and the player's header goes up in their own browser without a reload; support has no queue
 * to act on; the owner finds the approval in the audit log, filtered by the server.
 */

// A 1×1 PNG, made here.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A browser of its own for an operator, signed in to the console of the demo site. */
async function consoleAs(browser: Browser, role: OperatorRole): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/operator/');
  await page.getByLabel('User name').fill(role);
  await page.getByLabel('Password').fill(DEMO_OPERATOR_PASSWORD);
  await page.getByLabel('Authenticator code').fill(await freshOperatorCode(role));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  return page;
}

test("finance approves a manual deposit in the console; the player's header moves live; support cannot; the owner reads it in the audit log", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // The player asks for a ₹1,000 manual deposit with its UTR and screenshot.
  const player = await registerAndVerify(page);
  const start = await page.evaluate(() => Number(window.localStorage.getItem('balance') ?? '0'));
  await page.evaluate(() => Object.assign(window, { __noReload: true }));
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Deposit' }).click();
  await page.getByText('Pay, then send the UTR (manual)').click();
  await page.getByRole('button', { name: '₹1,000', exact: true }).click();
  const utr = `${Date.now()}`.slice(-12).padStart(12, '7');
  await page.getByLabel('UTR / UPI reference (12 digits)').fill(utr);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'payment.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(page.getByRole('article', { name: /Deposit #\d+/ }).getByText('Pending')).toBeVisible();

  // Finance, in another browser, finds it in the queue and approves it.
  const finance = await consoleAs(browser, 'finance');
  await finance.getByRole('link', { name: /Finance/ }).click();
  const request = finance.getByRole('button', { name: `${player.userName}, deposit of ${rupees(1000)}` });
  await expect(request).toBeVisible();
  await request.click();
  await expect(finance.getByText(utr).first()).toBeVisible();
  await finance.screenshot({ path: join(test.info().outputDir, 'console-finance-1280.png') });
  await finance.getByRole('button', { name: 'Approve deposit' }).click();
  await expect(request).toHaveCount(0);

  // The player's header goes up over the hub, without a reload.
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(start + 1000));
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  // Support has no finance queue: not in the nav, and not allowed when typed.
  const support = await consoleAs(browser, 'support');
  await expect(support.getByRole('link', { name: /Finance/ })).toHaveCount(0);
  await support.goto('/operator/finance');
  await expect(support.getByText(/not allowed/i).first()).toBeVisible();
  await expect(support.getByRole('button', { name: 'Approve deposit' })).toHaveCount(0);

  // The owner reads the approval in the audit log, filtered by the server.
  const owner = await consoleAs(browser, 'owner');
  await owner.getByRole('link', { name: 'Audit log' }).click();
  await owner.getByLabel('Action').fill('payment.approve_deposit');
  await owner.getByLabel('Operator').fill('finance');
  await owner.getByRole('button', { name: 'Apply' }).click();
  const rows = owner.getByRole('table', { name: 'Audit log' }).locator('tbody tr');
  await expect(rows.first()).toContainText('payment.approve_deposit');
  await expect(rows.filter({ hasText: 'support' })).toHaveCount(0);
  await owner.screenshot({ path: join(test.info().outputDir, 'console-audit-1280.png') });
  for (const p of [finance, support, owner]) await p.context().close();
});
