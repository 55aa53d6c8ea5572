import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@backlay/contract';
import { setLanguage } from '@/shared/i18n';
import { useSessionStore } from '@/shared/session/session-store';
import { fakeCashier, QR_DATA_URL, renderAt, wireInfo } from '../testing/fake-cashier';
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

  describe("refused by the player's own responsible-gaming choices", () => {
    const LIMIT =
      'Your daily deposit limit is ₹5,000; you can deposit ₹1,000 more today. Nothing was changed.';

    /** The manual form filled in and sent. */
    async function sendManual() {
      show();
      fireEvent.change(await screen.findByLabelText('Amount (₹)'), { target: { value: '4500' } });
      fireEvent.change(screen.getByLabelText('UTR / UPI reference (12 digits)'), {
        target: { value: '412345678901' },
      });
      await upload(png());
      await screen.findByRole('img', { name: 'Your payment screenshot' });
      fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    }

    /** The alert sits right under the amount field, before the rest of the form. */
    function expectByTheAmount(alert: HTMLElement) {
      const amount = screen.getByLabelText('Amount (₹)');
      expect(amount.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      const next =
        screen.queryByLabelText('UTR / UPI reference (12 digits)') ??
        screen.getByRole('button', { name: 'Continue to pay' });
      expect(alert.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }

    it("over the deposit limit: the server's message by the amount, with a link to responsible gaming", async () => {
      fakeCashier.failing.createDeposit = { code: 'DEPOSIT_LIMIT_REACHED', message: LIMIT };
      await sendManual();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(LIMIT);
      const link = within(alert).getByRole('link', { name: 'Responsible gaming' });
      expect(link.getAttribute('href')).toBe('/responsible-gaming');
      expectByTheAmount(alert);
      // Said once, in place; the form keeps what the player typed, and no request was made.
      expect(toasts.error).toEqual([]);
      expect(screen.queryByRole('article')).toBeNull();
      expect((screen.getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('4500');

      // A smaller amount inside the limit goes through; the refusal is gone with the form.
      delete fakeCashier.failing.createDeposit;
      fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: '1000' } });
      fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
      expect(await screen.findByRole('article', { name: /Deposit #101/ })).toBeTruthy();
      expect(screen.queryByTestId('deposit-refusal')).toBeNull();
    });

    it('during a self-exclusion, the gateway path says so by the amount and opens no order', async () => {
      fakeCashier.info = wireInfo({ gatewayEnabled: true });
      const message =
        'You have excluded yourself from play until 26 Nov 2026, 10:30 IST. You can still withdraw.';
      fakeCashier.failing.paymentGenerate = { code: 'PLAYER_SELF_EXCLUDED', message };
      show();
      fireEvent.change(await screen.findByLabelText('Amount (₹)'), { target: { value: '500' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue to pay' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(message);
      expect(within(alert).getByRole('link', { name: 'Responsible gaming' }).getAttribute('href')).toBe(
        '/responsible-gaming',
      );
      expectByTheAmount(alert);
      expect(toasts.error).toEqual([]);
      expect(screen.queryByTestId('gateway')).toBeNull();
    });

    it('during a time-out, a screenshot refused at upload is said by the amount too', async () => {
      const message = 'You are taking a time-out until 26 Nov 2026, 10:30 IST. You can still withdraw.';
      fakeCashier.failing.storeImage = { code: 'PLAYER_TIMED_OUT', message };
      show();
      await screen.findByLabelText('Amount (₹)');
      await upload(png());
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(message);
      expect(within(alert).getByRole('link', { name: 'Responsible gaming' })).toBeTruthy();
      expect(toasts.error).toEqual([]);
      expect(screen.queryByRole('img', { name: 'Your payment screenshot' })).toBeNull();
    });

    it("in Hindi, keeps the server's message and names the link in Hindi", async () => {
      await setLanguage('hi');
      try {
        fakeCashier.failing.createDeposit = { code: 'DEPOSIT_LIMIT_REACHED', message: LIMIT };
        show();
        fireEvent.change(await screen.findByLabelText('राशि (₹)'), { target: { value: '4500' } });
        fireEvent.change(screen.getByLabelText('UTR / UPI रेफ़रेंस (12 अंक)'), {
          target: { value: '412345678901' },
        });
        await upload(png());
        await screen.findByRole('img', { name: 'आपके भुगतान का स्क्रीनशॉट' });
        fireEvent.click(screen.getByRole('button', { name: 'जमा अनुरोध भेजें' }));
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain(LIMIT);
        expect(within(alert).getByRole('link', { name: 'ज़िम्मेदार गेमिंग' })).toBeTruthy();
      } finally {
        await setLanguage('en');
      }
    });
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

  describe('by UPI app, through the payment gateway', () => {
    beforeEach(() => {
      fakeCashier.info = wireInfo({ gatewayEnabled: true });
    });

    async function openOrder(amount: string) {
      show();
      fireEvent.change(await screen.findByLabelText('Amount (₹)'), { target: { value: amount } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue to pay' }));
      return screen.findByTestId('gateway');
    }
    const advance = (ms: number) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });

    it('offers the automatic path first and the manual one beside it', async () => {
      show();
      const choice = await screen.findByRole('group', { name: 'How do you want to pay?' });
      const automatic = within(choice).getByRole('radio', { name: /Pay by UPI app \(automatic\)/ });
      expect((automatic as HTMLInputElement).checked).toBe(true);
      expect(screen.getByRole('form', { name: 'Pay by UPI app' })).toBeTruthy();
      expect(screen.queryByLabelText('UTR / UPI reference (12 digits)')).toBeNull();
      fireEvent.click(within(choice).getByRole('radio', { name: /Pay, then send the UTR \(manual\)/ }));
      expect(screen.getByLabelText('UTR / UPI reference (12 digits)')).toBeTruthy();
      expect(screen.getByText('backlay.demo@okaxis')).toBeTruthy();
    });

    it('refuses an amount outside the limits or past two decimals before opening an order', async () => {
      show();
      const amount = await screen.findByLabelText('Amount (₹)');
      fireEvent.change(amount, { target: { value: '99' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue to pay' }));
      expect(await screen.findByText('The minimum is ₹100')).toBeTruthy();
      fireEvent.change(amount, { target: { value: '100000.01' } });
      expect(await screen.findByText('The maximum is ₹1,00,000')).toBeTruthy();
      fireEvent.change(amount, { target: { value: '250.505' } });
      expect(await screen.findByText('At most two decimals (paise)')).toBeTruthy();
      expect(fakeCashier.calls.map((c) => c.key)).not.toContain('paymentGenerate');
    });

    it('shows the QR code, the UPI link, the amount and the time left, then the credit and its UTR once paid', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const panel = await openOrder('1000');
      expect(fakeCashier.calls.find((c) => c.key === 'paymentGenerate')?.body).toEqual({ amount: 100000 });
      const order = fakeCashier.orders[0]!;
      // The QR is the server's SVG as a data URL in an <img>, kept whole by the response sanitiser.
      const qr = within(panel).getByRole('img', { name: 'UPI QR code' }) as HTMLImageElement;
      expect(qr.getAttribute('src')).toBe(QR_DATA_URL);
      expect(panel.querySelector('svg path[stroke]')).toBeNull();
      const open = within(panel).getByRole('link', { name: 'Open UPI app' });
      expect(open.getAttribute('href')).toBe(
        `upi://pay?pa=backlay.demo@okaxis&pn=Backlay%20Demo&am=1000.00&cu=INR&tr=${order.orderId}&tn=Wallet%20deposit`,
      );
      expect(
        within(panel).getByText('Scan this QR code with any UPI app on your phone.', { exact: false }),
      ).toBeTruthy();
      expect(within(panel).getByTestId('gateway-amount').textContent).toBe('₹1,000.00');
      expect(within(panel).getByTestId('gateway-countdown').textContent).toMatch(/^1[45]:\d\d$/);
      const sandbox = within(panel).getByRole('link', { name: /Sandbox: open the test payment page/ });
      expect(sandbox.getAttribute('href')).toBe(`/sandbox/upi/${order.orderId}`);
      expect(sandbox.getAttribute('target')).toBe('_blank');

      // Asked every 3 seconds while unpaid; the countdown runs.
      const checks = () => fakeCashier.calls.filter((c) => c.key === 'paymentCheck').length;
      await waitFor(() => expect(checks()).toBe(1));
      await advance(60_000);
      expect(checks()).toBeGreaterThanOrEqual(19);
      expect(within(panel).getByTestId('gateway-countdown').textContent).toMatch(/^1[34]:\d\d$/);
      expect(fakeCashier.calls.find((c) => c.key === 'paymentCheck')?.body).toEqual({
        orderId: order.orderId,
      });

      // Paid in the UPI app: the next Check says Success; the balance is read again for the header.
      fakeCashier.pay('512345678901');
      await advance(3_000);
      expect(await screen.findByText('Payment received')).toBeTruthy();
      const done = screen.getByTestId('gateway');
      expect(within(done).getByTestId('gateway-credited').textContent).toBe('₹1,000.00');
      expect(within(done).getByText('512345678901')).toBeTruthy();
      await waitFor(() => expect(useSessionStore.getState().balance).toBe(1_100_000));
      // No more Checks once it is decided.
      const after = checks();
      await advance(15_000);
      expect(checks()).toBe(after);
      fireEvent.click(within(done).getByRole('button', { name: 'Deposit again' }));
      expect(await screen.findByRole('button', { name: 'Continue to pay' })).toBeTruthy();
    });

    it('a declined payment says so and starts again', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await openOrder('500');
      Object.assign(fakeCashier.orders[0]!, { status: 'Failed' });
      await advance(3_000);
      expect(await screen.findByText('The payment did not go through')).toBeTruthy();
      expect(
        screen.getByText('The ₹500.00 payment was declined, and nothing was added to your balance.'),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
      expect(await screen.findByRole('button', { name: 'Continue to pay' })).toBeTruthy();
    });

    it('an order nobody paid in 15 minutes expires and starts again', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await openOrder('500');
      await advance(15 * 60_000 + 3_000);
      expect(await screen.findByText('This order expired')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
      expect(await screen.findByRole('button', { name: 'Continue to pay' })).toBeTruthy();
    });

    it('shows no sandbox link for a real provider, and says why Generate was refused', async () => {
      fakeCashier.sandbox = false;
      const panel = await openOrder('500');
      expect(within(panel).queryByTestId('gateway-sandbox')).toBeNull();
      cleanup();

      fakeCashier.failing.paymentGenerate = 'PAYMENT_GATEWAY_UNAVAILABLE';
      show();
      fireEvent.change(await screen.findByLabelText('Amount (₹)'), { target: { value: '500' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue to pay' }));
      await waitFor(() => expect(toasts.error).toEqual([ERRORS.PAYMENT_GATEWAY_UNAVAILABLE.message]));
      expect(screen.queryByTestId('gateway')).toBeNull();
      expect(screen.getByRole('button', { name: 'Continue to pay' })).toBeTruthy();
    });
  });
});
