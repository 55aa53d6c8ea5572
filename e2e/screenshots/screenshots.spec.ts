import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const out = resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const sizes = [
  { name: '360', width: 360, height: 780 },
  { name: '1280', width: 1280, height: 800 },
] as const;

/** Lets the route's loading bar clear (1 s) and the fonts settle: the picture a player sees. */
async function settle(page: Page) {
  // The pointer rests off the page, so no row shows its hover colour.
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1300);
}

for (const size of sizes) {
  test.describe(`${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1 });

    test('in-play', async ({ page }) => {
      await page.goto('/inplay');
      await expect(page.getByRole('heading', { name: 'In-Play' })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${out}/inplay-${size.name}.png` });
    });

    test('login modal', async ({ page }) => {
      await page.goto('/auth/login');
      await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${out}/login-modal-${size.name}.png` });
    });

    test('register modal', async ({ page }) => {
      await page.goto('/auth/signup');
      await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${out}/register-modal-${size.name}.png` });
    });

    test('in-play signed in (demo)', async ({ page }) => {
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Login as demo user' }).click();
      await expect(page.getByTestId('header-balance')).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${out}/inplay-signed-in-${size.name}.png` });
    });
  });
}
