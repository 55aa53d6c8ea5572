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

/**
 * A demo operator's authenticator code no sign-in of this worker has used: the server takes one step
 * of drift each way and each step once, so a step after the last used (waiting for one if need be).
 */
export async function freshOperatorCode(role: OperatorRole): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS);
    const step = Math.max(now, (lastSteps.get(role) ?? 0) + 1);
    if (step > now + 1) {
      await new Promise((r) => setTimeout(r, (step - 1) * TOTP_STEP_SECONDS * 1000 - Date.now() + 100));
      continue;
    }
    lastSteps.set(role, step);
    return totpCode(OPERATOR_TOTP_SECRET, step);
  }
}

/** The demo operators' password (apps/server/src/operator/seed.ts). */
export const DEMO_OPERATOR_PASSWORD = OPERATOR_PASSWORD;

async function signInOperator(request: APIRequestContext, role: OperatorRole): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const answer = await request.post('/admin/auth/login', {
      data: { userName: role, password: OPERATOR_PASSWORD, totp: await freshOperatorCode(role) },
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

/*
 * The exchange journeys (betting.spec.ts, orders.spec.ts): the public API's shapes they read, the
 * demo login, money as the app prints it, and a match whose prices hold still.
 */
export interface PriceLevel {
  price: number;
  size: number;
}
export interface Runner {
  id: number;
  name: string;
  back: PriceLevel[];
  lay: PriceLevel[];
}
export interface Market {
  id: string;
  name: string;
  status: string;
  type: string;
  runners: Runner[];
  noLine?: number;
  noRate?: number;
  yesLine?: number;
  yesRate?: number;
}
export interface BookmakerMarket {
  id: string;
  status: string;
  runners: { id: number; name: string; back: { rate: number }[]; lay: { rate: number }[] }[];
}

/** A GET of the API (public, or with an operator's headers), answered OK: its envelope's `result`. */
export async function envelope<T>(
  request: APIRequestContext,
  url: string,
  options: { headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await request.get(url, options);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: T }).result;
}

/** Signs in as a fresh demo player from the login page; ends with the balance in the header. */
export async function demoLogin(page: Page) {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Login as demo user' }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
}

/** Paise as the app prints rupees (₹1,500.00). */
export const rupeesOfPaise = (paise: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100)}`;
/** Paise as the app prints a profit or a loss (+₹330.00, −₹300.00, ₹0.00). */
export const signedRupeesOfPaise = (paise: number) =>
  paise === 0 ? rupeesOfPaise(0) : `${paise > 0 ? '+' : '−'}${rupeesOfPaise(Math.abs(paise))}`;

/**
 * A two-runner cricket match not started yet, its toss (half an hour before the start) at least ten
 * minutes away, with open and priced match odds (and, `withBookmaker`, an open bookmaker market
 * with a price); `runner` is the one whose back price, within `backBetween`, is nearest 2. The e2e
 * server runs the simulator with FEED_STILL_PRE_MATCH: such a book is re-quoted only when its game
 * moves, so its prices hold still for the whole journey, and before the start there is no in-play
 * delay.
 */
export async function stillCricket(
  request: APIRequestContext,
  {
    backBetween = [1.05, 200],
    withBookmaker = false,
  }: { backBetween?: [number, number]; withBookmaker?: boolean } = {},
) {
  const tree = await envelope<
    { id: number; events: { id: number; status: string; title: string; startTime: string }[] }[]
  >(request, '/Event/TreeSportWithEvent');
  const tossAway = (e: { startTime: string }) => Date.parse(e.startTime) - 30 * 60_000 - Date.now();
  const upcoming = (tree.find((s) => s.id === 3)?.events ?? [])
    .filter((e) => e.status === 'UPCOMING' && tossAway(e) > 10 * 60_000)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const [low, high] = backBetween;
  for (const event of upcoming) {
    const o = await envelope<{ matchOdds: Market[]; bookmaker: BookmakerMarket[] }>(
      request,
      `/Odds/GetUserOddsV2?eventId=${event.id}`,
    );
    const market = o.matchOdds.find((m) => m.type === 'MATCH_ODDS' && m.status === 'OPEN');
    const backOf = (r: Runner) => r.back[0]?.price ?? 0;
    const runner = market?.runners
      .filter((r) => backOf(r) >= low && backOf(r) <= high)
      .sort((a, b) => Math.abs(backOf(a) - 2) - Math.abs(backOf(b) - 2))[0];
    const priced = market?.runners.every((r) => r.back[0] && r.lay[0]);
    const bookmaker = o.bookmaker.find((m) => m.status === 'OPEN' && m.runners.some((r) => r.back[0]));
    if (withBookmaker && !bookmaker) continue;
    if (market && market.runners.length === 2 && priced && runner)
      return { event, market, runner, bookmaker };
  }
  throw new Error('no upcoming cricket match with open match odds and its toss ten minutes away');
}

/*
 * Money journeys (bonuses.spec.ts, referrals.spec.ts): a deposit paid in the sandbox, bets placed
 * through the API with the player's own token, and markets the operator settles.
 */

/** Deposits `amount` rupees by UPI app, paid on the sandbox provider's page; ends credited. */
export async function depositInSandbox(page: Page, amount: number) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Deposit' }).click();
  await expect(page).toHaveURL(/\/depositw$/);
  await page.getByRole('radio', { name: /Pay by UPI app \(automatic\)/ }).check();
  await page.getByLabel('Amount (₹)').fill(String(amount));
  await page.getByRole('button', { name: 'Continue to pay' }).click();
  const panel = page.getByTestId('gateway');
  const sandboxLink = panel.getByRole('link', { name: /Sandbox: open the test payment page/ });
  const [sandbox] = await Promise.all([page.context().waitForEvent('page'), sandboxLink.click()]);
  await sandbox.waitForLoadState();
  await sandbox.getByRole('button', { name: /^Pay / }).click();
  await expect(sandbox.locator('dt:text-is("Status") + dd')).not.toHaveText(/pending|waiting/i);
  await sandbox.close();
  await expect(panel.getByText('Payment received')).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByTestId('gateway-credited')).toHaveText(rupees(amount));
}

/**
 * An upcoming match (not cricket, whose pre-match books other journeys keep for themselves) with
 * open, priced match odds, none of `used`: the market and its first runner.
 */
export async function upcomingMatchOdds(request: APIRequestContext, used: Set<string>) {
  const tree = await envelope<{ id: number; events: { id: number; status: string }[] }[]>(
    request,
    '/Event/TreeSportWithEvent',
  );
  for (const sport of tree.filter((s) => s.id === 1 || s.id === 2 || s.id === 25)) {
    for (const event of sport.events.filter((e) => e.status === 'UPCOMING')) {
      const o = await envelope<{ matchOdds: Market[] }>(request, `/Odds/GetUserOddsV2?eventId=${event.id}`);
      const market = o.matchOdds.find(
        (m) => m.type === 'MATCH_ODDS' && m.status === 'OPEN' && !used.has(m.id),
      );
      const runner = market?.runners.find((r) => (r.back[0]?.price ?? 0) > 1.01);
      if (market && runner && market.runners.every((r) => r.back[0] && r.lay[0])) {
        used.add(market.id);
        return { event, market, runner };
      }
    }
  }
  throw new Error('no upcoming match with open, priced match odds');
}

/** The signed-in player's bearer token, as the app keeps it. */
export async function playerHeaders(page: Page): Promise<{ authorization: string }> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  expect(token, 'a signed-in player').toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

/**
 * Backs `runner` for `stake` rupees at any price offered, matched in full, through the API as the
 * signed-in player, then has the trader settle the market: the runner wins, or `lost`.
 */
export async function backAndSettle(
  page: Page,
  bet: { event: { id: number }; market: Market; runner: Runner },
  stake: number,
  outcome: 'won' | 'lost',
) {
  const placed = await page.request.post('/Bet/PlaceBetV2', {
    headers: await playerHeaders(page),
    data: {
      requestId: `e2e-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9)}`,
      type: 1,
      rate: bet.runner.back[0]?.price,
      stake,
      runnerId: bet.runner.id,
      marketId: bet.market.id,
      eventId: bet.event.id,
      acceptAnyOdds: true,
    },
  });
  const body = (await placed.json()) as { result: { matchedStake: number; unmatchedStake: number } | null };
  expect(placed.ok(), JSON.stringify(body)).toBe(true);
  expect(body.result).toMatchObject({ matchedStake: stake, unmatchedStake: 0 });
  const winner =
    outcome === 'won' ? bet.runner : (bet.market.runners.find((r) => r.id !== bet.runner.id) as Runner);
  const settled = await page.request.post('/admin/markets/settle', {
    headers: await operatorHeaders(page.request, 'trader'),
    data: { marketId: bet.market.id, result: { kind: 'winner', runnerId: winner.id } },
  });
  expect(settled.ok(), await settled.text()).toBe(true);
}
