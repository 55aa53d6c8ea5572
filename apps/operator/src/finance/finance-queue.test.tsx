import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole, signedInAs } from '@/test/console';
import { fakeServer, ok, refused } from '@/test/fake-server';
import { cashierSettings, decided, depositRequest, withdrawalRequest } from '@/test/fixtures';
import { wirePlayerDetail } from '@/players/player-fixture';

const PNG = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], {
  type: 'image/png',
});

function queueServer(items: unknown[] = [depositRequest(), withdrawalRequest()]) {
  return fakeServer({
    'GET /admin/payment-requests': ok({ totalCount: items.length, items }),
    'GET /admin/cashier-settings': ok(cashierSettings),
    'GET /Setting/Image/3': { data: PNG, headers: { 'content-type': 'image/png' } },
    // The request's player, read beside it (request-player.test.tsx looks at that part).
    'GET /admin/players/detail': (req) => ok(wirePlayerDetail({ player: { id: req.params?.userId } })),
  });
}

async function openRequest(id: number) {
  const row = await screen.findByTestId(`request-${id}`);
  fireEvent.click(within(row).getByRole('button'));
  return screen.findByRole('region', { name: 'Decision' });
}

describe('the finance queue', () => {
  it('lists the pending requests with their age, player, amount, method and UTR', async () => {
    signedInAs('finance');
    const server = queueServer();
    renderConsole('/finance');
    const deposit = await screen.findByTestId('request-12');
    expect(deposit.textContent).toContain('12 min');
    expect(deposit.textContent).toContain('player_one');
    expect(deposit.textContent).toContain('₹2,500.00');
    expect(deposit.textContent).toContain('UPI');
    expect(deposit.textContent).toContain('412345678901');
    expect(within(deposit).getByText('Mismatch: amount')).toBeTruthy();
    const withdrawal = screen.getByTestId('request-13');
    expect(withdrawal.textContent).toContain('2 h 5 min');
    expect(withdrawal.textContent).toContain('₹1,000.50');
    expect(
      within(withdrawal).getByRole('button', { name: 'player_two, withdrawal of ₹1,000.50' }),
    ).toBeTruthy();
    // Pending ones by default; a filter asks the server again.
    expect(server.calls('GET /admin/payment-requests')[0]!.params).toMatchObject({ type: 0, status: 1 });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: '2' } });
    await waitFor(() =>
      expect(server.calls('GET /admin/payment-requests').at(-1)!.params).toMatchObject({
        type: 2,
        status: 1,
      }),
    );
  });

  it('shows the screenshot, and the OCR values beside the typed ones with the mismatches flagged', async () => {
    signedInAs('finance');
    const server = queueServer();
    renderConsole('/finance');
    await openRequest(12);
    const amount = screen.getByTestId('ocr-amount');
    expect(amount.textContent).toContain('₹2,500.00');
    expect(amount.textContent).toContain('2000.00');
    expect(within(amount).getByText('Mismatch')).toBeTruthy();
    const utr = screen.getByTestId('ocr-utr');
    expect(utr.textContent).toContain('412345678901');
    expect(within(utr).queryByText('Mismatch')).toBeNull();
    const payee = screen.getByTestId('ocr-payee');
    expect(payee.textContent).toContain('backlay.demo@okaxis · Backlay Demo');
    expect(within(payee).queryByText('Mismatch')).toBeNull();
    expect(screen.getByText(/1 mismatch between the screenshot and what was typed/)).toBeTruthy();

    // The screenshot is fetched with the operator's token, and opens zoomed.
    const img = await screen.findByRole('img', { name: 'Payment screenshot of request #12' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(server.calls('GET /Setting/Image/3')[0]!.authorization).toBe('Bearer token-of-finance_op');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom into the Payment screenshot of request #12' }));
    const zoom = screen.getByRole('dialog', { name: 'Payment screenshot of request #12, zoomed' });
    expect(within(zoom).getByText('200%')).toBeTruthy();
    fireEvent.click(within(zoom).getByRole('button', { name: 'Zoom in' }));
    expect(within(zoom).getByText('250%')).toBeTruthy();
    fireEvent.keyDown(zoom, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('approves a withdrawal only with a valid payout UTR, then reads the queue again', async () => {
    signedInAs('finance');
    const server = queueServer();
    server.on('POST /admin/payment-requests/approve-withdrawal', (req) =>
      ok(decided(withdrawalRequest(), { utr: (req.body as { utr: string }).utr })),
    );
    renderConsole('/finance');
    await openRequest(13);
    expect(screen.getByText('123456789012')).toBeTruthy();

    const approve = screen.getByRole('button', { name: 'Approve withdrawal' });
    fireEvent.click(approve);
    expect(await screen.findByText('The payout UTR is 12 to 22 letters and digits')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Payout UTR'), { target: { value: 'ABC-123' } });
    fireEvent.click(approve);
    await screen.findByText('The payout UTR is 12 to 22 letters and digits');
    expect(server.calls('POST /admin/payment-requests/approve-withdrawal')).toHaveLength(0);

    const listsBefore = server.calls('GET /admin/payment-requests').length;
    fireEvent.change(screen.getByLabelText('Payout UTR'), { target: { value: ' HDFCR52025112412345 ' } });
    fireEvent.click(approve);
    await waitFor(() =>
      expect(server.calls('POST /admin/payment-requests/approve-withdrawal')).toHaveLength(1),
    );
    expect(server.calls('POST /admin/payment-requests/approve-withdrawal')[0]!.body).toEqual({
      id: 13,
      utr: 'HDFCR52025112412345',
    });
    expect(
      await screen.findByText(
        /Approved player_two's withdrawal of ₹1,000.50 \(#13\): paid with UTR HDFCR52025112412345/,
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(server.calls('GET /admin/payment-requests').length).toBeGreaterThan(listsBefore),
    );
  });

  it('rejects only with a reason for the player, and sends it', async () => {
    signedInAs('owner');
    const server = queueServer();
    server.on('POST /admin/payment-requests/reject', (req) =>
      ok(
        decided(depositRequest(), {
          status: 3,
          statusName: 'Rejected',
          reason: (req.body as { reason: string }).reason,
        }),
      ),
    );
    renderConsole('/finance');
    await openRequest(12);
    const reject = screen.getByRole('button', { name: 'Reject' });
    fireEvent.click(reject);
    expect(await screen.findByText('A rejection needs a reason the player reads')).toBeTruthy();
    expect(server.calls('POST /admin/payment-requests/reject')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Reason for the player'), {
      target: { value: 'The screenshot shows ₹2,000, not ₹2,500.' },
    });
    fireEvent.click(reject);
    await waitFor(() => expect(server.calls('POST /admin/payment-requests/reject')).toHaveLength(1));
    expect(server.calls('POST /admin/payment-requests/reject')[0]!.body).toEqual({
      id: 12,
      reason: 'The screenshot shows ₹2,000, not ₹2,500.',
    });
    expect(await screen.findByText(/Rejected player_one's deposit of ₹2,500.00 \(#12\)/)).toBeTruthy();
  });

  it('says so and reads the queue again when someone else already decided the request', async () => {
    signedInAs('finance');
    const server = queueServer();
    server.on(
      'POST /admin/payment-requests/approve-deposit',
      refused(409, 'REQUEST_NOT_PENDING', 'This request was already decided or cancelled.'),
    );
    renderConsole('/finance');
    await openRequest(12);
    const listsBefore = server.calls('GET /admin/payment-requests').length;
    // The next read of the queue no longer has it.
    server.on('GET /admin/payment-requests', ok({ totalCount: 1, items: [withdrawalRequest()] }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve deposit' }));

    // The page's own alert (the toast is another).
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert.textContent).toMatch(
      /Request #12 \(player_one, ₹2,500.00\): This request was already decided or cancelled\. The queue was refreshed\. \(REQUEST_NOT_PENDING\)/,
    );
    expect(server.calls('POST /admin/payment-requests/approve-deposit')[0]!.body).toEqual({ id: 12 });
    await waitFor(() =>
      expect(server.calls('GET /admin/payment-requests').length).toBeGreaterThan(listsBefore),
    );
    await waitFor(() => expect(screen.queryByTestId('request-12')).toBeNull());
  });

  it('asks for the UTR read from the screenshot when a deposit came without one', async () => {
    signedInAs('finance');
    const server = queueServer([
      depositRequest({ utr: null, suggestedUtr: '512345678901', amountMismatch: false }),
    ]);
    server.on(
      'POST /admin/payment-requests/approve-deposit',
      ok(decided(depositRequest(), { utr: '512345678901' })),
    );
    renderConsole('/finance');
    await openRequest(12);
    const utr = screen.getByLabelText('UTR from the screenshot') as HTMLInputElement;
    expect(utr.value).toBe('512345678901');
    fireEvent.change(utr, { target: { value: '5123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve deposit' }));
    expect(await screen.findByText('The UTR is the 12-digit UPI reference on the screenshot')).toBeTruthy();
    fireEvent.change(utr, { target: { value: '512345678901' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve deposit' }));
    await waitFor(() =>
      expect(server.calls('POST /admin/payment-requests/approve-deposit')[0]!.body).toEqual({
        id: 12,
        utr: '512345678901',
      }),
    );
  });

  it('says "not allowed" when a decision answers 403', async () => {
    signedInAs('finance');
    const server = queueServer();
    server.on(
      'POST /admin/payment-requests/approve-deposit',
      refused(403, 'FORBIDDEN', 'Your role (support) may not do this: it needs owner or finance.'),
    );
    renderConsole('/finance');
    await openRequest(12);
    fireEvent.click(screen.getByRole('button', { name: 'Approve deposit' }));
    // The page's own alert (the toast is another).
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert.textContent).toMatch(
      /Not allowed\. Your role \(Finance\) may not decide payment requests\./,
    );
  });
});
