import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoLogin } from './support';

/*
 * Every screen of the players' client passes axe-core (WCAG 2.1 A and AA rules) with no serious or
 * critical violation: anonymous pages, a signed-in player's pages, in the light and the blue theme
 * (text contrast in both), and in Hindi. Each violation is listed with its page, rule and elements.
 */

interface Found {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // Skeletons give way to content; animations (toasts, the news marquee) are not what is judged.
  await page
    .waitForFunction(
      () => document.querySelectorAll('.skeleton, [aria-busy="true"]').length === 0,
      undefined,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
}

async function audit(page: Page, label: string, found: Found[]) {
  await settle(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // The game itself is the provider's page in an iframe, judged by its own maker.
    .exclude('iframe')
    .analyze();
  for (const v of results.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    found.push({
      page: label,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 8).map((n) => {
        // For contrast, the colours and the ratio axe measured.
        const data = n.any[0]?.data as
          { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
        return `${n.target.join(' ')}${colours}`;
      }),
    });
  }
}

async function auditBothThemes(page: Page, path: string, found: Found[]) {
  await page.goto(path);
  await audit(page, `${path} (light)`, found);
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'blue';
  });
  await audit(page, `${path} (blue)`, found);
}

function report(found: Found[]): string {
  if (process.env.A11Y_DUMP) appendFileSync(process.env.A11Y_DUMP, `${JSON.stringify(found)}\n`);
  return found
    .map((f) => `${f.page}: ${f.rule} [${f.impact}] ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');
}

async function anEventId(page: Page): Promise<number> {
  const response = await page.request.get('/Event/TreeSportWithEvent');
  const body = (await response.json()) as { result: { events: { id: number }[] }[] };
  const event = body.result.flatMap((s) => s.events)[0];
  if (!event) throw new Error('no event in the tree');
  return event.id;
}

const ANONYMOUS = [
  '/inplay',
  '/index',
  '/favorites',
  '/rule-regulations',
  '/exclusion-policy',
  '/responsible-gaming',
  '/lobby',
  '/casino',
  '/auth/login',
  '/auth/signup',
  '/error-404',
  '/not-authorized',
];

const SIGNED_IN = [
  '/inplay',
  '/my-markets',
  '/open-bets',
  '/bonus',
  '/settings-stake',
  '/change-password',
  '/account-cash-statement',
  '/bet-history',
  '/my-bets',
  '/ProfitLoss',
  '/dwrequests',
  '/depositw',
  '/withdrawal',
  '/referral',
  '/responsible-gaming',
  '/casino',
];

test.describe('accessibility (axe-core, WCAG 2.1 AA): no serious or critical violation', () => {
  test.setTimeout(240_000);

  test('every page a visitor can open, in both themes', async ({ page }) => {
    const found: Found[] = [];
    for (const path of ANONYMOUS) await auditBothThemes(page, path, found);
    const eventId = await anEventId(page);
    await auditBothThemes(page, `/markets/${eventId}`, found);
    expect(found, report(found)).toEqual([]);
  });

  // In two halves, each a test of its own: a slow machine runs one well inside its time limit.
  const half = Math.ceil(SIGNED_IN.length / 2);

  test("a signed-in player's pages, first half, in both themes", async ({ page }) => {
    const found: Found[] = [];
    await demoLogin(page);
    for (const path of SIGNED_IN.slice(0, half)) await auditBothThemes(page, path, found);
    expect(found, report(found)).toEqual([]);
  });

  test("a signed-in player's pages, second half, a market page and the open account menu, in both themes", async ({
    page,
  }) => {
    const found: Found[] = [];
    await demoLogin(page);
    for (const path of SIGNED_IN.slice(half)) await auditBothThemes(page, path, found);
    const eventId = await anEventId(page);
    await auditBothThemes(page, `/markets/${eventId}`, found);
    // The open account menu and the login activity dialog.
    await page.goto('/inplay');
    await settle(page);
    await page.locator('.account-menu button, [aria-haspopup]').first().click();
    await audit(page, 'account menu (open)', found);
    expect(found, report(found)).toEqual([]);
  });

  test('the app in Hindi', async ({ page }) => {
    const found: Found[] = [];
    await page.addInitScript(() => window.localStorage.setItem('language', 'hi'));
    for (const path of ['/inplay', '/auth/login', '/responsible-gaming', '/casino']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await audit(page, `${path} (Hindi)`, found);
    }
    expect(found, report(found)).toEqual([]);
  });
});
