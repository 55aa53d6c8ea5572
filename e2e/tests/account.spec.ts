import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@backlay/contract';
import { hostUrl, registerAndVerify, storageKeys } from './support';

async function demoLogin(page: Page) {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Login as demo user' }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /demo|e2e_/ }).click();
}

test.describe('account screens', () => {
  test('stake settings save the eight buttons with UserStake/Add and keep them for the betslip', async ({
    page,
  }) => {
    await demoLogin(page);
    await page.goto('/settings-stake');
    await expect(page).toHaveTitle('Backlay | Stake Settings');
    await expect(page.getByLabel('Label 8')).toBeVisible();
    await page.getByLabel('Label 1').fill('250');
    await page.getByLabel('Amount (₹)').first().fill('250');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Stake buttons saved')).toBeVisible();
    // The betslips key holds the slip beside its stake buttons: { stakes, slip, oneClick }.
    const saved = await page.evaluate(
      () =>
        (JSON.parse(window.localStorage.getItem('betslips') ?? '{}') as { stakes?: unknown[] }).stakes ?? [],
    );
    expect(saved).toHaveLength(8);
    expect(saved[0]).toEqual({ title: '250', value: 250 });
    await page.reload();
    await expect(page.getByLabel('Label 1')).toHaveValue('250');
  });

  test('change password checks the section 5 rules, then the server', async ({ page }) => {
    const player = await registerAndVerify(page);
    await page.goto('/change-password');
    await page.getByLabel('Current password').fill(player.password);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('other');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText(MESSAGES.passwordTooShort)).toBeVisible();

    await page.getByLabel('Current password').fill('Wrong#pass9');
    await page.getByLabel('New password', { exact: true }).fill('NewPassw0rd!');
    await page.getByLabel('Confirm new password').fill('NewPassw0rd!');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('The current password is not correct.')).toBeVisible();

    await page.getByLabel('Current password').fill(player.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /password/i })
        .last(),
    ).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');
  });

  test('rules and regulations, exclusion policy and responsible gaming come from the domain', async ({
    page,
  }) => {
    await demoLogin(page);
    for (const [path, title] of [
      ['/rule-regulations', 'Rules & Regulations'],
      ['/exclusion-policy', 'Exclusion Policy'],
      ['/responsible-gaming', 'Responsible Gaming'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(`Backlay | ${title}`);
      await expect(page.locator('.content-page__section').first()).toBeVisible();
    }
  });

  test('login activity lists the sign-in just made', async ({ page }) => {
    await demoLogin(page);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Login Activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login Activity' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Page 1 of')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('an HTTP 401 clears the session and opens the login modal', async ({ page }) => {
    await demoLogin(page);
    await page.goto('/settings-stake');
    await expect(page.getByRole('heading', { name: 'Stake Settings' })).toBeVisible();
    // The token stops working while the user info and expiry still say signed in.
    await page.evaluate(() => window.localStorage.setItem('accessToken', 'not-a-valid-token'));
    await page.getByLabel('Label 1').fill('300');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    const keys = await storageKeys(page);
    for (const key of ['accessToken', 'userinfo', 'expire_DateTime', 'balance', 'exposure'])
      expect(keys).not.toContain(key);
    // The page needs a session, so the address follows the modal to the login page.
    await expect(page).toHaveURL(/\/auth\/login\?to=\/settings-stake$/);
  });
});

test.describe('guards', () => {
  test('opening /auth/signup directly on a sign-up-off domain goes to /inplay', async ({ page, baseURL }) => {
    await page.goto(hostUrl(baseURL, 'nosignup.backlay.local', '/inplay'));
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('domainSetting')))
      .toContain('"allowSignUp":false');
    await page.goto(hostUrl(baseURL, 'nosignup.backlay.local', '/auth/signup'));
    await expect(page).toHaveURL(/\/inplay$/);
  });

  test('/tv is only for hosts with the TV fragment', async ({ page }) => {
    await page.goto('/tv');
    await expect(page).toHaveURL(/\/error-404$/);
  });

  test('the lobby needs a session', async ({ page }) => {
    await page.goto('/lobby');
    await expect(page).toHaveURL(/\/auth\/login\?to=\/lobby$/);
  });

  test('closing the login modal on the auth page goes to In-Play', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/inplay$/);
  });
});
