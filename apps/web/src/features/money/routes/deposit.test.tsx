import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCashier, renderAt, wireInfo } from '../testing/fake-cashier';
import { signIn } from '../testing/session';
import { DepositRoute } from './deposit';

vi.mock('@/shared/http/api', async () => {
  const { fakeCashier: fake } = await import('../testing/fake-cashier');
  return { call: fake.call };
});
const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock('@/shared/ui/toast', () => ({
  notify: {
    success: (m: string) => toasts.success.push(m),
    error: (m: string) => toasts.error.push(m),
    info: () => {},
    warning: () => {},
  },
}));

// A 1×1 PNG.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const png = () => new File([PNG], 'payment.png', { type: 'image/png' });

function show() {
  return renderAt('/depositw', <DepositRoute />);
}

async function upload(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('/depositw', () => {
  beforeEach(() => {
    fakeCashier.reset();
    toasts.success.length = 0;
    toasts.error.length = 0;
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("offers only the methods that take deposits, the limits, and the operator's details to copy", async () => {
    fakeCashier.info = wireInfo({
      methods: [
        { method: 'Upi', deposit: true, withdrawal: true },
        { method: 'Imps', deposit: true, withdrawal: true },
        { method: 'Paytm', deposit: false, withdrawal: true },
      ],
    });
    const writeText = vi.fn(async () => {});
    Object.assign(navigator, { clipboard: { writeText } });
    show();
    const tiles = await screen.findByRole('group', { name: 'Payment method' });
    expect(
      within(tiles)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['Upi', 'Imps']);
    expect(screen.getByText('Min ₹100 · Max ₹1,00,000')).toBeTruthy();
    expect(screen.getByText('backlay.demo@okaxis')).toBeTruthy();
    expect(screen.getByText('50100123456789')).toBeTruthy();
    expect(screen.getByText('HDFC0001234')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy UPI id' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('backlay.demo@okaxis'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy Account number' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('50100123456789'));
    expect(toasts.success).toContain('UPI id copied');
  });

  it('refuses a short UTR, an amount under the minimum, paise past two decimals and a missing screenshot', async () => {
    show();
    const amount = await screen.findByLabelText('Amount (₹)');
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('UTR / UPI reference (12 digits)'), {
      target: { value: '41234567890' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('The minimum is ₹100')).toBeTruthy();
    expect(screen.getByText('The UTR is the 12-digit UPI reference')).toBeTruthy();
    expect(screen.getByText('Upload the payment screenshot first')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '150.255' } });
    expect(await screen.findByText('At most two decimals (paise)')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '100001' } });
    expect(await screen.findByText('The maximum is ₹1,00,000')).toBeTruthy();
    expect(fakeCashier.calls.map((c) => c.key)).not.toContain('createDeposit');
  });

  it('refuses a file that is not a PNG, JPEG or WebP before sending it', async () => {
    show();
    await screen.findByLabelText('Amount (₹)');
    await upload(new File(['%PDF-1.4'], 'slip.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Choose a PNG, JPEG or WebP screenshot.')).toBeTruthy();
    expect(fakeCashier.calls.map((c) => c.key)).not.toContain('storeImage');
  });

  it('sends the screenshot, then the deposit, and follows it from Pending to Approved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show();
    await screen.findByLabelText('Amount (₹)');
    fireEvent.click(screen.getByRole('button', { name: '₹500' }));
    expect((screen.getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('500');
    fireEvent.change(screen.getByLabelText('UTR / UPI reference (12 digits)'), {
      target: { value: '412345678901' },
    });
    await upload(png());
    expect(await screen.findByRole('img', { name: 'Your payment screenshot' })).toBeTruthy();
    const stored = fakeCashier.calls.find((c) => c.key === 'storeImage')?.body as { image: string };
    expect(stored.image.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    const card = await screen.findByRole('article', { name: /Deposit #101/ });
    expect(fakeCashier.calls.find((c) => c.key === 'createDeposit')?.body).toEqual({
      amount: 50000,
      paymentMethod: 'Upi',
      utr: '412345678901',
      imageId: 1,
    });
    expect(within(card).getByText('Pending')).toBeTruthy();
    expect(within(card).getByText('₹500.00')).toBeTruthy();
    expect(within(card).getByText(/expected by/)).toBeTruthy();
    expect(within(card).getByText('412345678901')).toBeTruthy();
    expect(toasts.success[0]).toContain('Deposit request #101 sent');

    // The operator approves; the card asks again while pending and shows it without a reload.
    Object.assign(fakeCashier.requests[0]!, {
      statusName: 'Approved',
      status: 2,
      processedTime: new Date().toISOString(),
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    await waitFor(() => expect(within(card).getByText('Approved')).toBeTruthy());
    expect(within(card).getByText('Credited')).toBeTruthy();
  });

  it('says a UTR claimed before at its field, and sends nothing else', async () => {
    fakeCashier.requests.push({
      ...(await import('../testing/fake-cashier')).wireRequest({ id: 5, utr: '412345678901' }),
    });
    show();
    await screen.findByLabelText('Amount (₹)');
    fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('UTR / UPI reference (12 digits)'), {
      target: { value: '412345678901' },
    });
    await upload(png());
    await screen.findByRole('img', { name: 'Your payment screenshot' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    const message = 'This UTR was already submitted: one payment can be claimed once.';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(toasts.error).toContain(message);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('pre-fills the UTR and amount the OCR read from the screenshot, and keeps what the player typed', async () => {
    fakeCashier.ocr = [
      { field: 'utr', value: '509876543210', confidence: 0.93 },
      { field: 'amount', value: '2500.00', confidence: 0.9 },
      { field: 'payee', value: 'Backlay Demo', confidence: 0.8 },
    ];
    const first = show();
    await screen.findByLabelText('Amount (₹)');
    await upload(png());
    const note = await screen.findByTestId('ocr-note');
    expect(note.textContent).toBe(
      'Read from your screenshot: UTR 509876543210, amount ₹2500. Check before you submit.',
    );
    expect((screen.getByLabelText('UTR / UPI reference (12 digits)') as HTMLInputElement).value).toBe(
      '509876543210',
    );
    expect((screen.getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('2500');
    const sent = fakeCashier.calls.find((c) => c.key === 'ocrPaymentSlip')?.body as { image: string };
    expect(sent.image.startsWith('data:image/png;base64,')).toBe(true);
    first.unmount();

    // Typed first: the OCR fills nothing, and a slip paid to someone else is pointed out.
    fakeCashier.ocr = [
      { field: 'utr', value: '509876543210', confidence: 0.93 },
      { field: 'payee', value: 'someone@ybl', confidence: 0.8 },
    ];
    show();
    await screen.findByLabelText('Amount (₹)');
    fireEvent.change(screen.getByLabelText('UTR / UPI reference (12 digits)'), {
      target: { value: '411111111111' },
    });
    await upload(png());
    expect((await screen.findByTestId('ocr-note')).textContent).toBe(
      "The screenshot shows a payment to “someone@ybl”, not to this site's account.",
    );
    expect((screen.getByLabelText('UTR / UPI reference (12 digits)') as HTMLInputElement).value).toBe(
      '411111111111',
    );
  });

  it('tells a demo player that demo accounts cannot deposit, and asks nothing', async () => {
    signIn({ isDemo: true });
    show();
    expect(await screen.findByText('Demo accounts cannot deposit or withdraw')).toBeTruthy();
    expect(fakeCashier.calls).toEqual([]);
  });

  it('says so when no method takes deposits', async () => {
    fakeCashier.info = wireInfo({
      methods: [{ method: 'Upi', deposit: false, withdrawal: true }],
    });
    show();
    expect(await screen.findByText('Deposits are not open on this site')).toBeTruthy();
  });
});
