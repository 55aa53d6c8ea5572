import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { operatorHeaders, registerAndVerify, rupees, shoot } from './support';

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

/** The demo site's finance operator decides payment requests (signed in once per worker, support.ts). */
async function pendingFor(request: APIRequestContext, userName: string): Promise<OperatorItem[]> {
  const response = await request.get('/admin/payment-requests?status=1&MaxResultCount=100', {
    headers: await operatorHeaders(request, 'finance'),
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { result: { items: OperatorItem[] } };
  return body.result.items.filter((i) => i.userName.toLowerCase() === userName.toLowerCase());
}

async function operator(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const response = await request.post(`/admin/payment-requests/${path}`, {
    headers: await operatorHeaders(request, 'finance'),
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

test('manual deposit approved by the operator, withdrawals held, cancelled, paid and rejected', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const player = await registerAndVerify(page);
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
  const [deposit] = (await pendingFor(page.request, player.userName)).filter((i) => i.utr === utr);
  expect(deposit).toBeDefined();
  await operator(page.request, 'approve-deposit', { id: deposit!.id });
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

  const out = (await pendingFor(page.request, player.userName)).filter((i) => i.type === 'Withdrawal');
  expect(out).toHaveLength(2);
  const [paid, rejected] = out.sort((a, b) => a.id - b.id);
  const payoutUtr = `AXIS${Date.now()}`.slice(0, 16);
  await operator(page.request, 'approve-withdrawal', { id: paid!.id, utr: payoutUtr });
  const reason = 'The UPI id does not belong to the account holder';
  await operator(page.request, 'reject', { id: rejected!.id, reason });
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

test('a manual deposit whose UTR and amount the OCR reads from the screenshot, approved by the operator', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const player = await registerAndVerify(page);
  const balance = page.getByTestId('header-balance');
  const start = await page.evaluate(() => Number(window.localStorage.getItem('balance') ?? '0'));

  await openFromMenu(page, 'Deposit');
  await page.getByText('Pay, then send the UTR (manual)').click();
  // A PhonePe success screen drawn for the server's OCR tests (apps/server/test/fixtures/slips).
  await page
    .locator('input[type="file"]')
    .setInputFiles(join(import.meta.dirname, '../../apps/server/test/fixtures/slips/phonepe.png'));
  const utrField = page.getByLabel('UTR / UPI reference (12 digits)');
  await expect(utrField).toHaveValue('417823569014', { timeout: 60_000 });
  await expect(page.getByLabel('Amount (₹)')).toHaveValue(/^2,?500(\.00)?$/);
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  const card = page.getByRole('article', { name: /Deposit #\d+/ });
  await expect(card.getByText('Pending')).toBeVisible();

  const [deposit] = (await pendingFor(page.request, player.userName)).filter((i) => i.utr === '417823569014');
  expect(deposit).toBeDefined();
  await operator(page.request, 'approve-deposit', { id: deposit!.id });
  await expect(balance).toHaveText(rupees(start + 2500));
});
