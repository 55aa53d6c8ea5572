import { createHmac } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

/*
 * Operators. The e2e server (NODE_ENV=test) seeds the demo operators: owner, finance, trader and
 * support on the demo site, with the documented development password and TOTP secret
 * (apps/server/src/operator/README.md). Each TOTP code signs in once, so a worker signs each
 * operator in once and keeps the 15-minute token.
 */
export type OperatorRole = 'owner' | 'finance' | 'trader' | 'support';
const OPERATOR_PASSWORD = 'backlay-operator-dev';
const OPERATOR_TOTP_SECRET = 'BACKLAYDEVTOTPSECRETFOROPERATORS';
const TOTP_STEP_SECONDS = 30;

/** RFC 6238 as authenticator apps make it (HMAC-SHA-1, 30-second steps, 6 digits) of a Base32 secret. */
export function totpCode(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(c);
    if (value < 0) throw new Error(`not Base32: ${c}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const keptTokens = new Map<string, { token: string; until: number }>();
const lastSteps = new Map<string, number>();

async function signInOperator(request: APIRequestContext, role: OperatorRole): Promise<string> {
  // The server takes one step of drift each way and each step once: a step after the last used.
  for (let attempt = 0; ; attempt++) {
    const now = Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS);
    const step = Math.max(now, (lastSteps.get(role) ?? 0) + 1);
    if (step > now + 1) {
      await new Promise((r) => setTimeout(r, (step - 1) * TOTP_STEP_SECONDS * 1000 - Date.now() + 100));
      continue;
    }
    lastSteps.set(role, step);
    const answer = await request.post('/admin/auth/login', {
      data: { userName: role, password: OPERATOR_PASSWORD, totp: totpCode(OPERATOR_TOTP_SECRET, step) },
    });
    const body = (await answer.json()) as { result: { accessToken: string; expireInSeconds: number } | null };
    if (answer.ok() && body.result) {
      keptTokens.set(role, {
        token: body.result.accessToken,
        until: Date.now() + (body.result.expireInSeconds - 120) * 1000,
      });
      return body.result.accessToken;
    }
    // Another process (a worker started again after a failure) may have used this step: the next.
    if (answer.status() !== 401 || attempt >= 2) {
      throw new Error(`operator ${role} could not sign in: ${answer.status()} ${JSON.stringify(body)}`);
    }
  }
}

/** The `authorization` header of a demo operator of the demo site, signed in once per worker. */
export async function operatorHeaders(
  request: APIRequestContext,
  role: OperatorRole,
): Promise<{ authorization: string }> {
  const kept = keptTokens.get(role);
  const token = kept && kept.until > Date.now() ? kept.token : await signInOperator(request, role);
  return { authorization: `Bearer ${token}` };
}

/** A rupee amount as the app prints it (₹1,500.00). */
export const rupees = (n: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(n)}`;

/** At this width the page scrolls only up and down: no element pokes out sideways. */
export async function fitsWidth(page: Page) {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    // Say which: the elements past the window's right edge.
    return Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length > 0)
      .filter((el) => !el.closest('.news, .sport-nav, .Toastify'))
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
  });
  expect(wide, 'elements wider than the window').toEqual([]);
}

/** A full-page screenshot at a width (checking, on a phone, that nothing pokes out sideways). */
export async function shoot(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  if (width === 360) await fitsWidth(page);
  await page.screenshot({ path, fullPage: true });
}
