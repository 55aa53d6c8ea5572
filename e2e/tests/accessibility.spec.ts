import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import { demoLogin } from './support';

/*
 * Every screen of the players' client passes axe-core (WCAG 2.1 A and AA rules) with no serious or
 * critical violation: anonymous pages, a signed-in player's pages, in the light and the blue theme
 * (text contrast in both: the blue theme is judged again by the colour rules), and in Hindi. Each
 * violation is listed with its page, rule and elements.
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

/** The rules a theme can change the outcome of: it changes colours, nothing else. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core's own script (the one @axe-core/playwright ships), run in the page itself, once per page
 * load: AxeBuilder's default runs each frame apart and joins the results in a new blank page, four
 * times the work for our pages, whose only frames (the games) are excluded anyway.
 */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

async function runAxe(page: Page, options: Axe.RunOptions): Promise<Axe.AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    // The game itself is the provider's page in an iframe, judged by its own maker.
    (opts) => (window as unknown as { axe: typeof Axe }).axe.run({ exclude: [['iframe']] }, opts),
    options,
  );
}

async function audit(page: Page, label: string, found: Found[], only?: readonly string[]) {
  if (only === undefined) await settle(page);
  const results = await runAxe(page, {
    runOnly:
      only === undefined
        ? { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }
        : { type: 'rule', values: [...only] },
  });
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
  // The same page in the blue theme: what a theme changes (colours) is judged again, on the page as
  // it settled (every other rule's outcome is the light theme's).
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'blue';
  });
  await audit(page, `${path} (blue)`, found, COLOUR_RULES);
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
