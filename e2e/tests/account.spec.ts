import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MESSAGES } from '@backlay/contract';
import { hostUrl, operatorHeaders, registerAndVerify, storageKeys } from './support';

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
    await page.getByLabel('Label 1').fill('300');
    // The token stops working while the user info and expiry still say signed in, and Save is
    // pressed in the same task: the page's own background calls (a query refreshed on focus) may
    // otherwise meet the 401 first on a slow machine.
    await page.evaluate(() => {
      window.localStorage.setItem('accessToken', 'not-a-valid-token');
      Array.from(document.querySelectorAll('button'))
        .find((b) => b.textContent?.trim() === 'Save')
        ?.click();
    });
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

/** Every call the page makes from now on: path, method, whether it carried a bearer, its status. */
function recordCalls(page: Page) {
  const calls: { path: string; method: string; bearer: boolean; status?: number }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/assets/') || request.resourceType() === 'document') return;
    calls.push({
      path: url.pathname,
      method: request.method(),
      bearer: Boolean(request.headers().authorization),
    });
  });
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    const call = calls.findLast((c) => c.path === path && c.status === undefined);
    if (call) call.status = response.status();
  });
  return calls;
}

const local = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

test.describe('coming back, signing in and out', () => {
  test("back after the access token ran out, within the refresh token's life: still signed in after a reload", async ({
    page,
  }) => {
    await demoLogin(page);
    await page.goto('/open-bets');
    await expect(page.getByRole('heading', { name: 'Open Bets', exact: true })).toBeVisible();
    const refreshToken = await local(page, 'refresh_token');
    // 20 minutes away on a phone: the stored expiry has passed, the access token no longer works.
    // The app is left first (a static file of the same origin), so no call of the page that was
    // open (its realtime client starts after load) can carry the altered token.
    await page.goto('/favicon.svg');
    await page.evaluate(() => {
      window.localStorage.setItem('expire_DateTime', String(Date.now() - 20 * 60_000));
      window.localStorage.setItem('accessToken', 'an-access-token-that-ran-out');
    });
    const calls = recordCalls(page);
    await page.goto('/open-bets');
    await expect(page).toHaveURL(/\/open-bets$/);
    await expect(page.getByRole('heading', { name: 'Open Bets', exact: true })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await expect.poll(() => local(page, 'accessToken')).not.toBe('an-access-token-that-ran-out');
    // Only the access token and its expiry changed (section 4's refresh rule).
    expect(await local(page, 'refresh_token')).toBe(refreshToken);
    expect(Number(await local(page, 'expire_DateTime'))).toBeGreaterThan(Date.now() + 10 * 60_000);
    await page.waitForLoadState('networkidle');
    const refresh = calls.filter((c) => c.path === '/Account/RefreshToken');
    expect(refresh).toHaveLength(1);
    expect(refresh[0]?.bearer).toBe(false);
    // Nothing was sent with the token that ran out.
    expect(calls.filter((c) => c.status === 401)).toEqual([]);
  });

  test('a refresh token past its life: the reload rule clears the session, and only what it names', async ({
    page,
  }) => {
    await demoLogin(page);
    await page.evaluate(() => window.localStorage.setItem('pins', '[4242]'));
    // Away for a day: the app is left first (a static file of the same origin), so its start-up,
    // still storing the token's expiry, cannot write over what the test sets.
    await page.goto('/favicon.svg');
    await page.evaluate(() => {
      window.localStorage.setItem('expire_DateTime', String(Date.now() - 25 * 60 * 60_000));
      window.localStorage.setItem('refresh_token', 'a-refresh-token-past-its-life');
    });
    await page.goto('/open-bets');
    await expect(page).toHaveURL(/\/auth\/login\?to=\/open-bets$/);
    const keys = await storageKeys(page);
    for (const key of ['accessToken', 'refresh_token', 'userinfo', 'expire_DateTime', 'OpenBets', 'balance'])
      expect(keys).not.toContain(key);
    for (const key of ['betslips', 'pins']) expect(keys).toContain(key);
  });

  test('start-up asks the server for its lifetimes and how long the token has, and keeps the ip key', async ({
    page,
  }) => {
    await demoLogin(page);
    // The phone's clock says a day is left; the server knows better.
    await page.evaluate(() =>
      window.localStorage.setItem('expire_DateTime', String(Date.now() + 24 * 60 * 60_000)),
    );
    const calls = recordCalls(page);
    await page.reload();
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await expect
      .poll(async () => Number(await local(page, 'expire_DateTime')))
      .toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    await expect.poll(() => local(page, 'ip')).toBe(JSON.stringify({ ip: '127.0.0.1' }));
    await page.waitForLoadState('networkidle');
    const made = (path: string) => calls.filter((c) => c.path === path);
    expect(made('/api/setting/GetSettingExpiry')).toMatchObject([
      { method: 'GET', bearer: false, status: 200 },
    ]);
    expect(made('/Account/GetAccessTokenValidateTime')).toMatchObject([
      { method: 'POST', bearer: false, status: 200 },
    ]);
    expect(made('/api/client-ip')).toMatchObject([{ method: 'GET', status: 200 }]);
  });

  test('logging out stops the open-bets and P/L calls: none is sent after Logout, none answers 401', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // From the lobby too: leaving it refreshes open bets and P/L, the rule that fired into the logout.
    for (const start of ['/inplay', '/lobby']) {
      let hubUp = false;
      const onHub = (r: { url(): string; status(): number }) => {
        if (r.url().includes('/notify/negotiate') && r.status() === 200) hubUp = true;
      };
      page.on('response', onHub);
      await demoLogin(page);
      await page.goto(start);
      await expect(page.getByTestId('header-balance')).toBeVisible();
      // The page settled first: its realtime client (started after load) is up and the reads it
      // and the page make are done, so only what the logout causes is recorded.
      await expect.poll(() => hubUp, { timeout: 30_000 }).toBe(true);
      await page.waitForLoadState('networkidle');
      page.off('response', onHub);
      await openAccountMenu(page);
      const calls = recordCalls(page);
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/auth\/login$/);
      await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(
        calls.filter((c) => /GetUserOpenBets|GetUserExpectedProfitLoss/i.test(c.path) || c.status === 401),
        start,
      ).toEqual([]);
      page.removeAllListeners('request');
      page.removeAllListeners('response');
    }
  });
});

/** A cricket match not started yet with open match odds and a runner to back (its prices hold still). */
async function upcomingMatch(request: APIRequestContext) {
  const envelope = async <T>(url: string) =>
    ((await (await request.get(url)).json()) as { result: T }).result;
  const tree =
    await envelope<{ id: number; events: { id: number; status: string }[] }[]>('/Event/TreeSportWithEvent');
  for (const event of tree.find((s) => s.id === 3)?.events.filter((e) => e.status === 'UPCOMING') ?? []) {
    const odds = await envelope<{
      matchOdds: { id: string; type: string; status: string; runners: { id: number; back: unknown[] }[] }[];
    }>(`/Odds/GetUserOddsV2?eventId=${event.id}`);
    const market = odds.matchOdds.find((m) => m.type === 'MATCH_ODDS' && m.status === 'OPEN');
    const runner = market?.runners.find((r) => r.back.length > 0);
    if (market && runner) return { eventId: event.id, marketId: market.id, runnerId: runner.id };
  }
  throw new Error('no upcoming cricket match with open match odds');
}

test.describe('signing in returns to the page', () => {
  test('from the betslip: back on the match, the slip as it was', async ({ page }) => {
    const { eventId, marketId, runnerId } = await upcomingMatch(page.request);
    await page.goto(`/markets/${eventId}`);
    const cell = page.getByTestId(`price-${marketId}-${runnerId}-back-0`);
    await expect(cell).toBeEnabled({ timeout: 30_000 });
    await cell.click();
    const slip = page.getByTestId('betslip');
    await slip.getByLabel('Stake (₹)').fill('200');
    const odds = await slip.getByTestId('betslip-odds').inputValue();
    await slip.getByRole('link', { name: 'Log in to place bets' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByRole('button', { name: 'Login as demo user' }).click();
    await expect(page).toHaveURL(new RegExp(`/markets/${eventId}$`));
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await expect(slip.getByLabel('Stake (₹)')).toHaveValue('200');
    await expect(slip.getByTestId('betslip-odds')).toHaveValue(odds);
    await expect(slip.getByRole('button', { name: 'Place bet' })).toBeVisible();
  });

  test("from the header's Login: back on the page, named in the address", async ({ page }) => {
    const player = await registerAndVerify(page);
    await openAccountMenuFor(page, player.userName);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const { eventId } = await upcomingMatch(page.request);
    await page.goto(`/markets/${eventId}`);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`/auth/login\\?to=/markets/${eventId}$`));
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Username or mobile number').fill(player.userName);
    await dialog.getByLabel('Password').fill(player.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/markets/${eventId}$`));
    await expect(page.getByTestId('header-balance')).toBeVisible();
  });
});

async function openAccountMenuFor(page: Page, userName: string) {
  await page.getByRole('button', { name: `Account menu, ${userName}` }).click();
}

test.describe('one-time sign-in links (section 7)', () => {
  test('an operator issues a link; it signs the player in once and goes home; used again, it says so', async ({
    page,
  }) => {
    const player = await registerAndVerify(page);
    await openAccountMenuFor(page, player.userName);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    const issued = await page.request.post('/admin/login-links', {
      headers: await operatorHeaders(page.request, 'support'),
      data: { userName: player.userName, expiresInMinutes: 5 },
    });
    expect(issued.ok()).toBe(true);
    const { link } = ((await issued.json()) as { result: { link: string } }).result;
    expect(new URL(link).pathname).toBe('/auth/token');

    await page.goto(link);
    const dialog = page.getByRole('dialog', { name: 'Sign in with a link' });
    await expect(dialog).toContainText(`Sign in as ${player.userName}`);
    // The exchange's own answer first: a failure then says what the server answered.
    const exchanged = page.waitForResponse((r) => r.url().endsWith('/api/v1/token/token'), {
      timeout: 30_000,
    });
    await dialog.getByRole('button', { name: `Continue as ${player.userName}` }).click();
    const answer = await exchanged;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(page).toHaveURL(/\/inplay$/);
    await expect(page.getByRole('button', { name: `Account menu, ${player.userName}` })).toBeVisible();
    expect(await local(page, 'refresh_token')).toBeTruthy();

    // The code is spent: opening the link again signs nobody in.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(link);
    await page.getByRole('button', { name: `Continue as ${player.userName}` }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in with a link' })).toContainText(
      'This sign-in link has already been used.',
    );
    expect(await storageKeys(page)).not.toContain('accessToken');
  });
});
