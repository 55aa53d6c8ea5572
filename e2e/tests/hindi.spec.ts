import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/*
 * The whole app in Hindi on a 360 px phone: the header's switch turns it (no reload), the choice
 * survives a reload, every page a player opens reads in Hindi (the page's lang, its heading, no
 * English words left in the chrome) and none scrolls sideways, money keeps the Indian grouping.
 * Each page is photographed for docs/screenshots (hi-*-360.png) when SCREENSHOTS=1.
 */

test.use({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 });

const out = resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');

async function check(page: Page, name: string) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} scrolls sideways`).toBeLessThanOrEqual(360);
  if (process.env.SCREENSHOTS === '1') {
    await page.mouse.move(0, 0);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}/hi-${name}-360.png` });
  }
}

test('a player switches the whole app to Hindi on a phone; it stays Hindi after a reload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/inplay');
  const header = page.locator('header.topbar');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  // The switch is drawn as part of the dark header (its text in the header's colour, no white box).
  const look = await page.getByTestId('language-switch').evaluate((select) => {
    const own = getComputedStyle(select);
    return {
      background: own.backgroundColor,
      color: own.color,
      header: getComputedStyle(select.closest('header')!).color,
    };
  });
  expect(look).toEqual({ background: 'rgba(0, 0, 0, 0)', color: look.header, header: look.header });
  await page.getByTestId('language-switch').selectOption('hi');
  // Without a reload: the header and the page speak Hindi.
  await expect(header.getByRole('link', { name: 'लॉगिन' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'साइन अप' })).toBeVisible();
  await expect(page).toHaveTitle(/इन-प्ले/);
  await check(page, 'inplay');

  await page.reload();
  await expect(header.getByRole('link', { name: 'लॉगिन' })).toBeVisible();
  await expect(page.getByTestId('language-switch')).toHaveValue('hi');

  await page.goto('/auth/login');
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, 'login');

  await page.goto('/auth/login');
  await page.getByRole('button', { name: /डेमो/ }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  // Money in the Indian grouping: ₹1,500.00 and lakhs as 1,00,000.
  await expect(page.getByTestId('header-balance')).toHaveText(/^₹\d{1,2}(,\d{2})*,?\d{0,3}\.\d{2}$/);
  await check(page, 'inplay-signed-in');

  const tree = (await (await page.request.get('/Event/TreeSportWithEvent')).json()) as {
    result: { events: { id: number }[] }[];
  };
  const eventId = tree.result.flatMap((s) => s.events)[0]?.id;
  await page.goto(`/markets/${eventId}`);
  await expect(page.locator('.price--back').first()).toBeVisible();
  await check(page, 'market');

  for (const [path, name] of [
    ['/my-bets', 'my-bets'],
    ['/account-cash-statement', 'statement'],
    ['/ProfitLoss', 'profit-loss'],
    ['/depositw', 'deposit'],
    ['/withdrawal', 'withdrawal'],
    ['/bonus', 'bonus'],
    ['/referral', 'referral'],
    ['/settings-stake', 'stake-settings'],
    ['/casino', 'casino'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('main h1, h1').first()).toBeVisible();
    // The page's heading is in Hindi (Devanagari), not left in English.
    await expect(page.locator('main h1, h1').first()).toHaveText(/[\u0900-\u097F]/);
    await check(page, name);
  }

  // The operator's page in Hindi, as the demo site's operator translated it (marked Hindi), and
  // below it the player's own limits and breaks, in Hindi too.
  await page.goto('/responsible-gaming');
  const operatorText = page.locator('article.content-page');
  await expect(operatorText.locator('h1')).toHaveText('ज़िम्मेदार गेमिंग');
  await expect(operatorText).toHaveAttribute('lang', 'hi');
  await expect(operatorText.getByRole('heading', { level: 2 }).first()).toHaveText('मनोरंजन के लिए खेलें');
  const controls = page.locator('.rg-panel__title');
  await expect(controls).toHaveText(/[\u0900-\u097F]/);
  await controls.scrollIntoViewIfNeeded();
  await check(page, 'responsible-gaming');

  // Back to English from the same switch.
  await page.getByTestId('language-switch').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('language-switch')).toHaveValue('en');
});
