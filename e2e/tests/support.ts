import { expect, type Page } from '@playwright/test';

let sequence = 0;

/** A user name and an Indian mobile that no other journey uses. */
export function newPlayer() {
  sequence += 1;
  const stamp = `${Date.now().toString(36)}${sequence}`.slice(-10);
  const digits = `${Date.now()}${sequence}${Math.floor(Math.random() * 1e6)}`.replace(/\D/g, '');
  return {
    userName: `e2e_${stamp}`,
    password: 'Passw0rd@123',
    mobile: `9${digits.slice(-9)}`,
  };
}

/** The page origin for a demo white-label host (mapped to 127.0.0.1 by the browser's resolver rules). */
export function hostUrl(baseURL: string | undefined, host: string, path = '/'): string {
  const url = new URL(path, baseURL);
  url.hostname = host;
  return url.toString();
}

export async function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage).sort());
}

export async function openRegister(page: Page) {
  await page.goto('/auth/signup');
  await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
}

export async function fillRegister(
  page: Page,
  player: { userName: string; password: string; mobile: string },
) {
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('Username').fill(player.userName);
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  await dialog.getByLabel('Confirm password').fill(player.password);
  await dialog.getByLabel('Mobile number').fill(player.mobile);
}

/** The latest code the server would have sent by SMS to this mobile. */
export async function codeFromOutbox(page: Page, mobile: string): Promise<string> {
  const response = await page.request.get(`/dev/otp-outbox?mobile=${encodeURIComponent(mobile)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { success: boolean; result: { code: string } };
  expect(body.success).toBe(true);
  return body.result.code;
}

/** Registers and verifies a fresh player through the modals; ends signed in on /inplay. */
export async function registerAndVerify(page: Page) {
  const player = newPlayer();
  await openRegister(page);
  await fillRegister(page, player);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify your mobile' });
  await expect(verify).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/verfication$/);
  const code = await codeFromOutbox(page, player.mobile);
  await verify.getByLabel('One-time code').fill(code);
  await verify.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(/\/inplay$/);
  await expect(page.getByTestId('header-balance')).toBeVisible();
  return player;
}
