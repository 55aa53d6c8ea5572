import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerAndVerify } from './support';

/*
 * The cashier end to end: a registered player deposits by hand with a screenshot, an operator
 * (signed in with password and TOTP) approves it through the operator API and the header's balance goes up without a reload; a
 * withdrawal is held and cancelled back; one is paid with a payout UTR; one is rejected with a
 * reason the player reads on /dwrequests.
 */

// A 1×1 PNG, made here.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const rupees = (n: number) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(n)}`;

function freshUtr(): string {
  return `${Date.now()}${Math.floor(Math.random() * 100)}`.slice(-12).padStart(12, '4');
}

interface OperatorItem {
  id: number;
  type: string;
  utr: string | null;
  userName: string;
  statusName: string;
}

/*
 * The operator: the demo site's finance operator (seeded outside production, apps/server/src/operator
 * seed.ts), signed in with its password and the TOTP code of its documented development secret.
 */
const FINANCE = { userName: 'finance', password: 'backlay-operator-dev' };
const DEMO_TOTP_SECRET = 'BACKLAYDEVTOTPSECRETFOROPERATORS';

/** RFC 6238 (SHA-1, 30-second steps, 6 digits) for a Base32 secret, as an authenticator app makes it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A finance operator's bearer token. A code is good once: refused (used this step), wait for the next. */
async function operatorToken(request: APIRequestContext): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await request.post('/admin/auth/login', {
      data: { ...FINANCE, totp: totp(DEMO_TOTP_SECRET) },
    });
    if (response.ok())
      return ((await response.json()) as { result: { accessToken: string } }).result.accessToken;
    expect(attempt, await response.text()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
  }
}

async function pendingFor(
  request: APIRequestContext,
  token: string,
  userName: string,
): Promise<OperatorItem[]> {
  const response = await request.get('/admin/payment-requests?status=1&MaxResultCount=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { result: { items: OperatorItem[] } };
  return body.result.items.filter((i) => i.userName.toLowerCase() === userName.toLowerCase());
}

async function operator(
  request: APIRequestContext,
  token: string,
  path: string,
  data: Record<string, unknown>,
) {
  const response = await request.post(`/admin/payment-requests/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function openFromMenu(page: Page, item: string) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function withdraw(page: Page, amount: number, upiId: string) {
  await openFromMenu(page, 'Withdrawal');
  await expect(page.getByTestId('withdrawable')).toBeVisible();
  await page.getByLabel('Amount (₹)').fill(String(amount));
  await page.getByLabel('UPI id', { exact: true }).fill(upiId);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  return page.getByRole('article', { name: /Withdrawal #\d+/ });
}

/** At this width the page scrolls only up and down: no element pokes out sideways. */
async function fitsWidth(page: Page) {
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

async function shoot(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  if (width === 360) await fitsWidth(page);
  await page.screenshot({ path, fullPage: true });
}

test('manual deposit approved by the operator, withdrawals held, cancelled, paid and rejected', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const player = await registerAndVerify(page);
  const token = await operatorToken(page.request);
  const balance = page.getByTestId('header-balance');
  const start = await page.evaluate(() => Number(window.localStorage.getItem('balance') ?? '0'));
  await page.evaluate(() => Object.assign(window, { __noReload: true }));

  // Deposit ₹1,000 by hand: pay outside, then the UTR and the screenshot.
  await openFromMenu(page, 'Deposit');
  await expect(page).toHaveURL(/\/depositw$/);
  // The demo site has the gateway on: the automatic path comes first, the manual one beside it.
  await page.getByText('Pay, then send the UTR (manual)').click();
  await expect(page.getByText('backlay.demo@okaxis')).toBeVisible();
  await page.getByRole('button', { name: '₹1,000', exact: true }).click();
  const utr = freshUtr();
  await page.getByLabel('UTR / UPI reference (12 digits)').fill(utr);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'payment.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Your payment screenshot' })).toBeVisible();
  await shoot(page, testInfo.outputPath('deposit-360.png'), 360);
  await shoot(page, testInfo.outputPath('deposit-1280.png'), 1280);
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  const card = page.getByRole('article', { name: /Deposit #\d+/ });
  await expect(card.getByText('Pending')).toBeVisible();
  await expect(card.getByText(utr)).toBeVisible();

  // The operator approves it: the header goes up over the hub, without a reload.
  const [deposit] = (await pendingFor(page.request, token, player.userName)).filter((i) => i.utr === utr);
  expect(deposit).toBeDefined();
  await operator(page.request, token, 'approve-deposit', { id: deposit!.id });
  await expect(balance).toHaveText(rupees(start + 1000));
  // The status card follows it to Approved on its own.
  await expect(card.getByText('Approved')).toBeVisible({ timeout: 25_000 });
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  // A withdrawal is held at once, then cancelled back.
  let held = await withdraw(page, 300, 'ravi@okhdfc');
  await expect(held.getByText('Pending')).toBeVisible();
  await expect(balance).toHaveText(rupees(start + 700));
  await shoot(page, testInfo.outputPath('withdrawal-status-360.png'), 360);
  await page.setViewportSize({ width: 1280, height: 900 });
  await held.getByRole('button', { name: 'Cancel withdrawal' }).click();
  await held.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(held.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(balance).toHaveText(rupees(start + 1000));

  // One paid with a payout UTR, one rejected with a reason.
  await page.getByRole('button', { name: 'New withdrawal' }).click();
  await page.getByLabel('Amount (₹)').fill('200');
  await page.getByLabel('UPI id', { exact: true }).fill('ravi@okhdfc');
  await shoot(page, testInfo.outputPath('withdrawal-360.png'), 360);
  await shoot(page, testInfo.outputPath('withdrawal-1280.png'), 1280);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('article', { name: /Withdrawal #\d+/ }).getByText('Pending')).toBeVisible();
  held = await withdraw(page, 250, 'ravi@okhdfc');
  await expect(held.getByText('Pending')).toBeVisible();
  await expect(balance).toHaveText(rupees(start + 550));

  const out = (await pendingFor(page.request, token, player.userName)).filter((i) => i.type === 'Withdrawal');
  expect(out).toHaveLength(2);
  const [paid, rejected] = out.sort((a, b) => a.id - b.id);
  const payoutUtr = `AXIS${Date.now()}`.slice(0, 16);
  await operator(page.request, token, 'approve-withdrawal', { id: paid!.id, utr: payoutUtr });
  const reason = 'The UPI id does not belong to the account holder';
  await operator(page.request, token, 'reject', { id: rejected!.id, reason });
  await expect(balance).toHaveText(rupees(start + 800));

  await openFromMenu(page, 'D/W Requests');
  const paidCard = page.getByRole('article', { name: `Withdrawal #${paid!.id}` });
  await expect(paidCard.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(paidCard.getByText(payoutUtr)).toBeVisible();
  const rejectedCard = page.getByRole('article', { name: `Withdrawal #${rejected!.id}` });
  await expect(rejectedCard.getByRole('note')).toContainText(`Reason: ${reason}`);
  await expect(
    page.getByRole('article', { name: `Deposit #${deposit!.id}` }).getByText('Approved'),
  ).toBeVisible();
  await shoot(page, testInfo.outputPath('dwrequests-360.png'), 360);
  await shoot(page, testInfo.outputPath('dwrequests-1280.png'), 1280);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});
