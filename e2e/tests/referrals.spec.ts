import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  backAndSettle,
  codeFromOutbox,
  depositInSandbox,
  fillRegister,
  newPlayer,
  operatorHeaders,
  playerHeaders,
  registerAndVerify,
  rupees,
  shoot,
  upcomingMatchOdds,
} from './support';

/*
 * Refer & Earn end to end. Player A shares the link of /referral; a friend on another phone (another
 * browser, so another device cookie) signs up with it, deposits in the sandbox and bets; A's
 * referral turns claimable and A claims it into cash. A self-referral (the same browser) and three
 * sign-ups from one device are held for the operator and never paid. On the journeys' server every
 * call comes from 127.0.0.1, which the address check ignores: the device is what ties them here.
 */

/** Opens a share link, signs up with the code it carries (pre-filled) and verifies the mobile. */
async function signUpWith(page: Page, link: string, code: string) {
  const player = newPlayer();
  await page.goto(link);
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Referral code (optional)')).toHaveValue(code);
  await fillRegister(page, player);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify your mobile' });
  await expect(verify).toBeVisible();
  await verify.getByLabel('One-time code').fill(await codeFromOutbox(page, player.mobile));
  await verify.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(/\/inplay$/);
  await expect(page.getByTestId('header-balance')).toBeVisible();
  return player;
}

async function logout(page: Page) {
  // A menu opened while the page still settles after sign-up can close again: open it until it stays.
  const item = page.getByRole('menuitem', { name: 'Logout' });
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByRole('button', { name: /Account menu/ }).click();
    await expect(item).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await item.click();
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
}

/** A signs up and opens /referral: the code and the link to share. */
async function referrer(page: Page) {
  const player = await registerAndVerify(page);
  await page.goto('/referral');
  const code = (await page.getByTestId('referral-code').innerText()).trim();
  const link = await page.getByLabel('Your link').inputValue();
  expect(link).toBe(new URL(`/auth/signup?referral=${code}`, page.url()).toString());
  return { player, code, link };
}

/** Another phone: a browser context of its own, so a device cookie of its own. */
async function otherPhone(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 360, height: 780 },
  });
  return context.newPage();
}

interface OperatorReferral {
  id: number;
  referrerUserName: string;
  referredUserName: string;
  status: string;
  flags: string[];
  underReview: boolean;
}

async function flaggedReferralsOf(page: Page, referrerUserName: string) {
  const answer = await page.request.get('/admin/referrals?flagged=true&MaxResultCount=100', {
    headers: await operatorHeaders(page.request, 'support'),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const body = (await answer.json()) as { result: { items: OperatorReferral[] } };
  return body.result.items.filter((r) => r.referrerUserName === referrerUserName);
}

test('A shares a link; B signs up with it, deposits and bets; A claims the reward into cash', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const a = await referrer(page);
  const headline = await page.getByTestId('referral-programme').innerText();
  const [, reward, deposit, turnover] =
    /Earn ₹([\d,]+) for each friend who deposits ₹([\d,]+) and bets ₹([\d,]+)/.exec(headline) ?? [];
  const amount = (s: string | undefined) => Number((s ?? 'NaN').replace(/,/g, ''));
  expect([amount(deposit), amount(turnover)]).toEqual([500, 1000]);
  await expect(page.getByText('No friends have joined yet')).toBeVisible();
  await shoot(page, testInfo.outputPath('referral-empty-360.png'), 360);

  const friend = await otherPhone(browser, testInfo);
  await signUpWith(friend, a.link, a.code);

  // Joined: pending, the rule's progress at nothing yet.
  await page.reload();
  const row = page.getByTestId('referrals').getByRole('article');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('referral-status')).toHaveText('Pending');
  await expect(row.getByTestId('referral-requirement')).toContainText('Deposit ₹500');
  await expect(row.getByRole('button', { name: /^Claim/ })).toHaveCount(0);

  // The friend deposits ₹1,000 and bets it all on a match that settles.
  await depositInSandbox(friend, 1000);
  await backAndSettle(friend, await upcomingMatchOdds(friend.request, new Set()), 1000, 'lost');

  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId('referral-status')).toHaveText('Claimable', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await shoot(page, testInfo.outputPath('referral-claimable-360.png'), 360);
  await shoot(page, testInfo.outputPath('referral-claimable-1280.png'), 1280);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(0));
  await row.getByRole('button', { name: `Claim ₹${reward}` }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: `₹${reward} added to your cash` }),
  ).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(amount(reward)));
  await expect(row.getByTestId('referral-status')).toHaveText('Claimed');

  // Paid once: the same claim again pays nothing.
  const again = await page.request.post(
    `/Referral/ClaimRefer?userReferDetailId=${(await row.getAttribute('data-testid'))?.replace('referral-', '')}`,
    { headers: await playerHeaders(page) },
  );
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe('REFERRAL_NOT_CLAIMABLE');
  await friend.context().close();
});

test('a self-referral and a farm of three accounts on one device are held for the operator, never paid', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  // The self-referral: A signs out and signs up again on the same phone with A's own link.
  const a = await referrer(page);
  await logout(page);
  await signUpWith(page, a.link, a.code);

  // The farm: three accounts made one after another on one other phone, all with A's code.
  const farm = await otherPhone(browser, testInfo);
  for (let i = 0; i < 3; i += 1) {
    await signUpWith(farm, a.link, a.code);
    await logout(farm);
  }

  const held = await flaggedReferralsOf(page, a.player.userName);
  expect(held).toHaveLength(4);
  for (const r of held) expect(r).toMatchObject({ status: 'Pending', underReview: true });
  const flags = held.map((r) => [...r.flags].sort().join(','));
  expect(flags.filter((f) => f.includes('SameDevice'))).toHaveLength(1);
  expect(flags.filter((f) => f === 'FarmDevice')).toHaveLength(3);

  // A sees four referrals under review, with no reason and nothing to claim.
  await logout(page);
  await page.goto('/referral');
  await expect(page).toHaveURL(/\/auth\/login\?to=\/referral$/);
  await page.getByLabel('Username or mobile number').fill(a.player.userName);
  await page.getByLabel('Password', { exact: true }).fill(a.player.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/referral$/);
  const rows = page.getByTestId('referrals').getByRole('article');
  await expect(rows).toHaveCount(4);
  await expect(rows.getByTestId('referral-status').filter({ hasText: 'Under review' })).toHaveCount(4);
  await expect(page.getByRole('button', { name: /^Claim ₹/ })).toHaveCount(0);
  await shoot(page, testInfo.outputPath('referral-under-review-360.png'), 360);

  // The operator rejects the self-referral: it is never paid.
  const self = held.find((r) => r.flags.includes('SameDevice'));
  const decided = await page.request.post('/admin/referrals/decide', {
    headers: await operatorHeaders(page.request, 'finance'),
    data: { id: self?.id, decision: 'reject', reason: 'Self-referral on the same phone' },
  });
  expect(decided.ok(), await decided.text()).toBe(true);
  await page.reload();
  await expect(rows.getByTestId('referral-status').filter({ hasText: 'Rejected' })).toHaveCount(1);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(0));
  await farm.context().close();
});
