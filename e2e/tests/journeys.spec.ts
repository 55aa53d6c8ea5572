import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@backlay/contract';
import {
  codeFromOutbox,
  fillRegister,
  hostUrl,
  newPlayer,
  openRegister,
  registerAndVerify,
  storageKeys,
} from './support';

test.describe('visitor routing', () => {
  test('/ lands on /inplay with the page title', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/inplay$/);
    await expect(page).toHaveTitle('Backlay | In-Play');
    await expect(page.getByRole('navigation', { name: 'Sports' })).toBeVisible();
  });

  test('/bonus needs a session: /auth/login?to=/bonus', async ({ page }) => {
    await page.goto('/bonus');
    await expect(page).toHaveURL(/\/auth\/login\?to=\/bonus$/);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  });

  test('an unknown path lands on /error-404', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/error-404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Backlay | Page Not Found');
  });

  test('page titles follow {domain title} | {route title}', async ({ page }) => {
    const cases: [string, string][] = [
      ['/inplay', 'Backlay | In-Play'],
      ['/index', 'Backlay | Sports'],
      ['/favorites', 'Backlay | Favourites'],
      ['/auth/login', 'Backlay | Login'],
      ['/auth/signup', 'Backlay | Sign Up'],
      ['/error-500', 'Backlay | Server Error'],
      ['/not-authorized', 'Backlay | Not Authorized'],
    ];
    for (const [path, title] of cases) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
  });
});

test.describe('registration', () => {
  test('a bad mobile reads the section 5 message', async ({ page }) => {
    await openRegister(page);
    await fillRegister(page, { ...newPlayer(), mobile: '12345' });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(MESSAGES.mobileInvalid)).toBeVisible();
    await expect(page.getByText('mobile number is not valid')).toBeVisible();
  });

  test('register, read the code from the dev outbox, verify, land on /inplay signed in', async ({ page }) => {
    await registerAndVerify(page);
    const keys = await storageKeys(page);
    for (const key of [
      'accessToken',
      'refresh_token',
      'userinfo',
      'expire_in',
      'expire_DateTime',
      'balance',
      'exposure',
    ]) {
      expect(keys).toContain(key);
    }
    const expiry = await page.evaluate(() => Number(window.localStorage.getItem('expire_DateTime')));
    const expireIn = await page.evaluate(() => Number(window.localStorage.getItem('expire_in')));
    expect(Math.abs(expiry - (Date.now() + expireIn * 1000))).toBeLessThan(60_000);
  });

  test('the code can be sent again once the 2-minute countdown reaches 0:00', async ({ page }) => {
    await page.clock.install();
    const player = newPlayer();
    await openRegister(page);
    await fillRegister(page, player);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const verify = page.getByRole('dialog', { name: 'Verify your mobile' });
    await expect(verify.getByTestId('otp-countdown')).toHaveText('2:00');
    await expect(verify.getByRole('button', { name: 'Send Again Code' })).toHaveCount(0);
    const first = await codeFromOutbox(page, player.mobile);
    // The server refuses a resend within 30 real seconds of the last code; its clock is not faked,
    // so its development control moves the code back instead of the journey waiting.
    const aged = await page.request.post('/dev/otp-outbox/age', {
      data: { mobile: player.mobile, seconds: 31 },
    });
    expect(((await aged.json()) as { result: { aged: number } }).result.aged).toBe(1);
    await page.clock.runFor(120_000);
    await expect(verify.getByTestId('otp-countdown')).toHaveText('0:00');
    await verify.getByRole('button', { name: 'Send Again Code' }).click();
    await expect(page.getByText('OTP Code Send Again')).toBeVisible();
    await expect(verify.getByTestId('otp-countdown')).toHaveText('2:00');
    const second = await codeFromOutbox(page, player.mobile);
    expect(second).not.toBe(first);
    await verify.getByLabel('One-time code').fill(second);
    await verify.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page).toHaveURL(/\/inplay$/);
  });

  test('an empty code shows the error toast', async ({ page }) => {
    const player = newPlayer();
    await openRegister(page);
    await fillRegister(page, player);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const verify = page.getByRole('dialog', { name: 'Verify your mobile' });
    await verify.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.otpRequired }).first()).toBeVisible();
  });

  test('the referral query parameter pre-fills the referral code', async ({ page }) => {
    await page.goto('/auth/signup?referral=FRIEND42');
    await expect(page.getByLabel('Referral code (optional)')).toHaveValue('FRIEND42');
  });

  test('a skip-verification domain verifies by itself and lands on /inplay', async ({ page, baseURL }) => {
    const player = newPlayer();
    await page.goto(hostUrl(baseURL, 'skipotp.backlay.local', '/auth/signup'));
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
    await fillRegister(page, player);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/inplay$/);
    await expect(page.getByTestId('header-balance')).toBeVisible();
  });
});

test.describe('session', () => {
  test('logout leaves only baseUrl in storage, and login lands on the to target', async ({ page }) => {
    const player = await registerAndVerify(page);
    await page.getByRole('button', { name: player.userName }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const keys = await storageKeys(page);
    expect(keys.filter((k) => k !== 'baseUrl')).toEqual([]);

    await page.goto('/settings-stake');
    await expect(page).toHaveURL(/\/auth\/login\?to=\/settings-stake$/);
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Username or mobile number').fill(player.userName);
    await dialog.getByLabel('Password').fill(player.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/settings-stake$/);
    await expect(page.getByRole('heading', { name: 'Stake Settings' })).toBeVisible();
    await expect(page).toHaveTitle('Backlay | Stake Settings');
  });

  test('a wrong password toasts the server message and keeps the visitor signed out', async ({ page }) => {
    await page.goto('/auth/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Username or mobile number').fill('nobody_here');
    await dialog.getByLabel('Password').fill('Wrong#pass1');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Invalid user name or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await storageKeys(page)).not.toContain('accessToken');
  });

  test('login as the demo user lands on / (then /inplay) signed in', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Login as demo user' }).click();
    await expect(page).toHaveURL(/\/inplay$/);
    await expect(page.getByTestId('header-balance')).toBeVisible();
    expect(await storageKeys(page)).toContain('accessToken');
  });

  test('an expired session is cleared on reload', async ({ page }) => {
    await registerAndVerify(page);
    // Expired for good: the refresh token no longer works either (one that does renews the session).
    await page.evaluate(() => {
      window.localStorage.setItem('expire_DateTime', String(Date.now() - 1000));
      window.localStorage.setItem('refresh_token', 'no-longer-valid');
    });
    await page.goto('/bonus');
    await expect(page).toHaveURL(/\/auth\/login\?to=\/bonus$/);
    const keys = await storageKeys(page);
    expect(keys).not.toContain('accessToken');
    expect(keys).not.toContain('userinfo');
  });
});

test.describe('domains', () => {
  test('a suspended domain lands on /under-maintenance', async ({ page, baseURL }) => {
    await page.goto(hostUrl(baseURL, 'suspended.backlay.local', '/inplay'));
    await expect(page).toHaveURL(/\/under-maintenance$/);
    await expect(page.getByRole('heading', { name: 'Under maintenance' })).toBeVisible();
    await expect(page).toHaveTitle('Backlay Suspended | Under Maintenance');
    expect(await page.evaluate(() => window.localStorage.getItem('siteSuspended'))).toBe('true');
  });

  test('a domain with sign-up off cancels the navigation to /auth/signup', async ({ page, baseURL }) => {
    await page.goto(hostUrl(baseURL, 'nosignup.backlay.local', '/inplay'));
    await expect(page).toHaveURL(/\/inplay$/);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('domainSetting')))
      .toContain('"allowSignUp":false');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page.getByText('Sign-up is not available on this site.')).toBeVisible();
    await expect(page).toHaveURL(/\/inplay$/);
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toHaveCount(0);
  });
});

/**
 * Stops the page clock and restarts the idle timer with a key press, so the 9 minutes are
 * counted from a known instant however long the page took to load on a busy machine.
 */
async function startIdleNow(page: Page) {
  await page.clock.pauseAt(new Date(Date.now() + 1000));
  await page.keyboard.press('Shift');
}

test.describe('inactivity', () => {
  test('the overlay shows after 9 idle minutes and Yes restarts the timer', async ({ page }) => {
    await page.clock.install();
    await page.goto('/inplay');
    await expect(page.getByRole('navigation', { name: 'Sports' })).toBeVisible();
    const overlay = page.getByRole('alertdialog', { name: 'Are you still active?' });
    await startIdleNow(page);
    await page.clock.runFor('08:59');
    await expect(overlay).toHaveCount(0);
    await page.clock.runFor('00:02');
    await expect(overlay).toBeVisible();
    await overlay.getByRole('button', { name: 'Yes' }).click();
    await expect(overlay).toHaveCount(0);
    // The new 9 minutes start from the answer; the paused clock has not moved since.
    await page.clock.runFor('08:50');
    await expect(overlay).toHaveCount(0);
    await page.clock.runFor('00:15');
    await expect(overlay).toBeVisible();
  });

  test('unanswered for 10 seconds, the overlay hides by itself', async ({ page }) => {
    await page.clock.install();
    await page.goto('/inplay');
    await expect(page.getByRole('navigation', { name: 'Sports' })).toBeVisible();
    const overlay = page.getByRole('alertdialog', { name: 'Are you still active?' });
    await startIdleNow(page);
    await page.clock.runFor('09:01');
    await expect(overlay).toBeVisible();
    await page.clock.runFor('00:10');
    await expect(overlay).toHaveCount(0);
  });
});
