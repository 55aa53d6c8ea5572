import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/*
 * Issue 19: a second, minimal client that uses only the family's V1 calls (e2e/v1-client/index.html)
 * signs in, lists events, shows odds and places a bet against the real server. The page is served on
 * the server's own origin (as the family's client is served beside its API), so every call is
 * same-origin and goes to the real server unchanged.
 */
const page1 = readFileSync(join(import.meta.dirname, '..', 'v1-client', 'index.html'), 'utf8');

test('a V1 client signs in, lists events, reads odds and places a bet', async ({ page }) => {
  await page.route('**/v1-client/', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: page1 }),
  );
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch') calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto('/v1-client/');
  await expect(page.locator('#done:visible, #failed:visible')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('#failed')).toBeHidden();

  const text = async (name: string) => (await page.locator(`[data-step="${name}"]`).textContent()) ?? '';
  expect(await text('login')).toBe('login: signed in');
  // A bare number of seconds, more than a minute left on a token just issued.
  expect(Number((await text('token-time')).replace('token-time: ', ''))).toBeGreaterThan(60);
  expect(await text('tree')).toMatch(/^tree: cricket: [1-9]\d* events$/);
  expect(await text('odds')).toMatch(/\| .+ \d+(\.\d+)?$/);
  expect(await text('bet')).not.toBe('bet: ');
  // The bet is listed under the market type the limits call named (match_odd), as one back bet.
  expect(await text('open-bets')).toMatch(/^open-bets: 1 Back .+ x \d+$/);
  const wallet = /balance ([\d.]+) exposure ([\d.]+)/.exec(await text('wallet'));
  expect(Number(wallet?.[2])).toBeGreaterThan(0);

  // Only V1 calls: none of our V2 ones.
  expect(calls.filter((c) => /V2/i.test(c))).toEqual([]);
  expect(calls).toEqual(
    expect.arrayContaining([
      'GET /api/Setting/GetDomainSetting',
      'GET /Account/LoginAsDemoUser',
      'POST /Account/GetAccessTokenValidateTime',
      'GET /Event/TreeSportWithEvent',
      'GET /Odds/GetUserOdds',
      'GET /Odds/GetUserLimits',
      'POST /Bet/PlaceBet',
      'GET /Bet/GetUserOpenBets',
    ]),
  );
});
