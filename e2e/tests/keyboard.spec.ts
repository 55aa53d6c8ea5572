import { expect, test, type Page } from '@playwright/test';
import { demoLogin, stillCricket } from './support';

/*
 * The players' client by keyboard alone (issue 17): Tab, Shift+Tab, Enter, the arrow keys and
 * Escape, nothing else, with a focus ring that can be seen on whatever has the focus. Signing in
 * and finding a match whose prices hold still are the fixtures' work, not the journey's.
 */

/** What has the focus, as a test reads it. */
interface Focused {
  tag: string;
  id: string;
  testId: string;
  text: string;
  label: string;
  role: string;
  href: string;
  inDialog: boolean;
  /** A ring is drawn: an outline (not none, not zero wide; its own or its box's) or a box shadow. */
  ring: boolean;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) {
      return {
        tag: 'body',
        id: '',
        testId: '',
        text: '',
        label: '',
        role: '',
        href: '',
        inDialog: false,
        ring: false,
      };
    }
    const drawn = (e: Element | null) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    };
    const style = getComputedStyle(el);
    // A field without a border of its own (the search box) has the ring drawn by its box.
    const outline = drawn(el) || drawn(el.parentElement);
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      testId: el.dataset.testid ?? '',
      text: (el.textContent ?? '').trim(),
      label: el.getAttribute('aria-label') ?? '',
      role: el.getAttribute('role') ?? '',
      href: el.getAttribute('href') ?? '',
      inDialog: el.closest('[role="dialog"]') != null,
      ring: outline || style.boxShadow !== 'none',
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focus is on what `wanted` says, checking the ring each step. */
async function tabTo(
  page: Page,
  wanted: (f: Focused) => boolean,
  what: string,
  { back = false, max = 400 } = {},
) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (f.tag !== 'body')
      expect(f.ring, `a visible focus ring on ${f.tag}#${f.id} "${f.label || f.text}"`).toBe(true);
    if (wanted(f)) return f;
  }
  throw new Error(`Tab never reached ${what}`);
}

/** The next price up the exchange ladder (exchange-math 'The price ladder'). */
function tickAbove(price: number): number {
  const steps: [number, number][] = [
    [2, 0.01],
    [3, 0.02],
    [4, 0.05],
    [6, 0.1],
    [10, 0.2],
    [20, 0.5],
    [30, 1],
    [50, 2],
    [100, 5],
    [1000, 10],
  ];
  const step = steps.find(([below]) => price < below)?.[1] ?? 10;
  return Math.round((price + step) * 100) / 100;
}

test.describe('by keyboard alone', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a back bet: open the match, choose the price, one tick up, stake, place, read the result', async ({
    page,
  }) => {
    await demoLogin(page);
    const { event, market, runner } = await stillCricket(page.request);
    const back = runner.back[0]?.price ?? 0;

    // The cricket list, then Tab to the match and Enter.
    await page.goto('/matchlist/3');
    await expect(page.locator(`a[href="/markets/${event.id}"]`).first()).toBeVisible();
    await tabTo(page, (f) => f.href === `/markets/${event.id}`, 'the match');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/markets/${event.id}$`));

    // Along the page to the runner's best back price in the match odds card (past the strip's).
    const cellId = `price-${market.id}-${runner.id}-back-0`;
    await expect(page.getByTestId(cellId)).toBeEnabled({ timeout: 30_000 });
    const cell = await tabTo(page, (f) => f.testId === cellId, 'the back price');
    expect(cell.label).toMatch(new RegExp(`^back ${runner.name} at `));

    // Enter puts the price in the slip and the focus in its odds field.
    await page.keyboard.press('Enter');
    const slip = page.getByTestId('betslip');
    await expect(slip).toBeVisible();
    await expect(slip.getByText('Back', { exact: true })).toBeVisible();
    const odds = slip.getByTestId('betslip-odds');
    await expect(odds).toBeFocused();
    expect(Number(await odds.inputValue())).toBe(back);
    expect((await focused(page)).ring).toBe(true);

    // ArrowUp: one tick up the ladder.
    await page.keyboard.press('ArrowUp');
    const asked = tickAbove(back);
    await expect(odds).toHaveValue(asked.toFixed(2));

    // The stake, typed.
    await tabTo(page, (f) => f.id === 'betslip-stake', 'the stake field', { max: 5 });
    await page.keyboard.type('100');
    await expect(slip.getByLabel('Stake (₹)')).toHaveValue('100');

    // On to Place bet (past the quick stakes and the options), and Enter.
    await tabTo(page, (f) => f.text === 'Place bet', 'Place bet', { max: 30 });
    const answer = page.waitForResponse((r) => r.url().includes('/Bet/PlaceBetV2'), { timeout: 30_000 });
    await page.keyboard.press('Enter');
    const sent = (await (await answer).request().postDataJSON()) as { rate: number; stake: number };
    expect(sent.rate).toBe(asked);

    // The result: shown, said by the slip's live region, and the focus on its heading.
    const result = page.getByTestId('betslip-result');
    await expect(result).toBeVisible({ timeout: 20_000 });
    const status = result.getByTestId('betslip-result-status');
    await expect(status).toHaveText(/^(Unmatched|Partly matched|Matched)$/);
    await expect(page.getByTestId('betslip-announcer')).toHaveText(
      `Bet placed: ${await status.textContent()}`,
    );
    await expect(result.getByRole('heading', { name: 'Bet placed' })).toBeFocused();

    // Asked above the market, the rest waits in the book: cancel it, by keyboard too, so that the
    // book is as the other journeys expect it.
    if ((await result.getByTestId('betslip-unmatched').count()) > 0) {
      await tabTo(page, (f) => f.text === 'Cancel', 'Cancel', { max: 10 });
      await page.keyboard.press('Enter');
      // The Cancel button gives way to its form: the focus is on that form's first button.
      await expect(result.getByRole('button', { name: /^Cancel all/ })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(result.getByTestId('betslip-unmatched')).toHaveCount(0, { timeout: 20_000 });
    }

    // Escape is done with the result; the focus goes back to the price it came from.
    await page.keyboard.press('Escape');
    await expect(result).toHaveCount(0);
    await expect(page.getByTestId(cellId)).toBeFocused();
  });

  test('the login activity dialog: focus in, Tab kept inside, Escape closes it and the focus returns', async ({
    page,
  }) => {
    await demoLogin(page);
    await page.goto('/inplay');
    await expect(page.getByTestId('header-balance')).toBeVisible();

    const toggle = await tabTo(page, (f) => f.label.startsWith('Account menu'), 'the account menu');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await tabTo(page, (f) => f.role === 'menuitem' && f.text === 'Login Activity', 'Login Activity', {
      max: 40,
    });
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Login Activity' });
    await expect(dialog).toBeVisible();
    // The focus moved in, to its first control.
    await expect(dialog.getByLabel('Show')).toBeFocused();
    await expect(dialog.getByText('Page 1 of')).toBeVisible();

    // Tab and Shift+Tab go round inside the dialog, never behind it.
    for (const back of [false, true]) {
      for (let i = 0; i < 8; i += 1) {
        await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
        const f = await focused(page);
        expect(f.inDialog, `Tab ${i + 1}${back ? ' back' : ''} stays in the dialog`).toBe(true);
        expect(f.ring, `a visible focus ring on ${f.tag} "${f.label || f.text}"`).toBe(true);
      }
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // Back on the control that opened it: the account menu's button (its item went with the menu).
    const now = await focused(page);
    expect(now.label).toBe(toggle.label);
    expect(now.ring).toBe(true);
  });
});
