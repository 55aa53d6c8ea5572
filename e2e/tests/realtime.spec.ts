import { expect, test } from '@playwright/test';
import { operatorHeaders } from './support';

test('the header balance follows a wallet change over the realtime hub, without reload', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Login as demo user' }).click();
  const balance = page.getByTestId('header-balance');
  await expect(balance).toBeVisible();
  const before = await page.evaluate(() => Number(window.localStorage.getItem('balance')));
  const userId = await page.evaluate(
    () => (JSON.parse(window.localStorage.getItem('userinfo') ?? '{}') as { userId: number }).userId,
  );
  // A marker on the window survives anything but a reload.
  await page.evaluate(() => Object.assign(window, { __noReload: true }));

  const response = await page.request.post('/admin/wallets/adjust', {
    headers: await operatorHeaders(page.request, 'owner'),
    data: { userId, amount: 123.45, reason: 'e2e realtime credit', reference: `e2e-${Date.now()}` },
  });
  expect(response.ok()).toBe(true);

  const after = before + 123.45;
  const shown = `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(after)}`;
  await expect(balance).toHaveText(shown);
  await expect
    .poll(() => page.evaluate(() => Number(window.localStorage.getItem('balance'))))
    .toBeCloseTo(after, 2);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});
