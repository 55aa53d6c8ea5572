import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ERRORS, moneyToWire, routes, type ErrorCode, type RouteKey } from '@backlay/contract';
import { z } from 'zod';
import { AppError } from '@/shared/http/errors';
import { sanitizeIncoming } from '@/shared/http/sanitize';

/*
 * A cashier server for the screens' tests, in place of `@/shared/http/api`. A call goes as the
 * real client sends it: the body's money encoded to rupees by the route's schema, then decoded by
 * it as the server does; the answer is wire JSON (rupees) parsed with the route's result schema,
 * as the client parses it. Failures are the client's AppError with the catalogue's code and text.
 */

export interface WireRequest {
  id: number;
  type: 'Deposit' | 'Withdrawal';
  amount: number;
  paymentMethod: string;
  status: number;
  statusName: 'Pending' | 'Approved' | 'Rejected' | 'Cancelled';
  utr: string | null;
  accountNumber: string | null;
  accountHolderName: string | null;
  ifscCode: string | null;
  upiId: string | null;
  creationTime: string;
  processedTime: string | null;
  reason: string | null;
}

const STATUS = { Pending: 1, Approved: 2, Rejected: 3, Cancelled: 4 } as const;

export function wireInfo(over: Record<string, unknown> = {}) {
  return {
    methods: ['Upi', 'Imps', 'PhonePay', 'Paytm', 'Gpay'].map((method) => ({
      method,
      deposit: true,
      withdrawal: true,
    })),
    upi: { vpa: 'backlay.demo@okaxis', payeeName: 'Backlay Demo' },
    bank: {
      accountHolderName: 'Backlay Demo Payments',
      accountNumber: '50100123456789',
      ifscCode: 'HDFC0001234',
      bankName: 'HDFC Bank',
    },
    minDeposit: 100,
    maxDeposit: 100000,
    minWithdrawal: 200,
    maxWithdrawal: 50000,
    gatewayEnabled: false,
    ...over,
  };
}

/** A gateway order as the fake provider keeps it (rupees, as on the wire). */
export interface FakeOrder {
  orderId: string;
  amount: number;
  status: 'Pending' | 'Success' | 'Failed' | 'Expired';
  utr: string | null;
  expiresAt: string;
}

/** A small SVG like the server's QR code, and the same as a base64 data URL. */
export const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path stroke="#000000" d="M4 4.5h7"/></svg>';
export const QR_DATA_URL = `data:image/svg+xml;base64,${btoa(QR_SVG)}`;

export function wireRequest(over: Partial<WireRequest> & Pick<WireRequest, 'id'>): WireRequest {
  return {
    type: 'Deposit',
    amount: 500,
    paymentMethod: 'Upi',
    status: 1,
    statusName: 'Pending',
    utr: null,
    accountNumber: null,
    accountHolderName: null,
    ifscCode: null,
    upiId: null,
    creationTime: new Date().toISOString(),
    processedTime: null,
    reason: null,
    ...over,
  };
}

function fail(code: ErrorCode, message?: string): never {
  throw new AppError({ code, message: message ?? ERRORS[code].message, status: ERRORS[code].status });
}

export class FakeCashier {
  info: Record<string, unknown> = wireInfo();
  requests: WireRequest[] = [];
  balance = 10_000;
  exposure = 0;
  /** An active bonus: a withdrawal without forfeitBonus is refused with BONUS_ACTIVE. */
  bonusActive = false;
  images = 0;
  /** What the OCR reads from any screenshot. */
  ocr: { field: string; value: string; confidence: number }[] = [];
  /** Every call, with its body as the server decoded it. */
  calls: { key: string; body: unknown }[] = [];
  /** Gateway orders, newest first; `sandbox` answers sandboxUrl as the sandbox provider does. */
  orders: FakeOrder[] = [];
  sandbox = true;
  /** Set to fail one route's next calls with a code (and the server's own message, when it words one). */
  failing: Partial<Record<string, ErrorCode | { code: ErrorCode; message: string }>> = {};
  private nextId = 100;

  reset() {
    Object.assign(this, new FakeCashier());
  }

  /** The player pays the newest order in their UPI app (the provider's notice credits it). */
  pay(utr = '512345678901') {
    const order = this.orders[0];
    if (!order) throw new Error('no order to pay');
    Object.assign(order, { status: 'Success', utr });
    this.balance += order.amount;
  }

  private handle(key: string, body: Record<string, unknown>): unknown {
    const failure = this.failing[key];
    if (typeof failure === 'string') fail(failure);
    if (failure) fail(failure.code, failure.message);
    switch (key) {
      case 'ocrPaymentSlip':
        return { data: this.ocr, text: this.ocr.map((f) => f.value).join('\n') };
      case 'paymentInfo':
        return this.info;
      case 'storeImage':
        this.images += 1;
        return { imageId: this.images, url: `/Setting/Image/${this.images}` };
      case 'createDeposit': {
        if (this.requests.some((r) => r.type === 'Deposit' && r.utr === body.utr)) fail('UTR_ALREADY_USED');
        const r = wireRequest({
          id: (this.nextId += 1),
          type: 'Deposit',
          amount: Number(body.amount) / 100,
          paymentMethod: String(body.paymentMethod),
          utr: String(body.utr),
        });
        this.requests.unshift(r);
        return r;
      }
      case 'createWithdrawal': {
        const amount = Number(body.amount) / 100;
        if (this.bonusActive && body.forfeitBonus !== true) fail('BONUS_ACTIVE');
        if (amount > this.balance - this.exposure) fail('INSUFFICIENT_FUNDS');
        // Only the bonus is forfeited; the cash withdrawal goes on as asked.
        if (body.forfeitBonus === true) this.bonusActive = false;
        this.balance -= amount;
        const account = body.accountNumber as string | null | undefined;
        const r = wireRequest({
          id: (this.nextId += 1),
          type: 'Withdrawal',
          amount,
          paymentMethod: String(body.paymentMethod),
          accountNumber: account ? `••••${account.slice(-4)}` : null,
          accountHolderName: (body.accountHolderName as string | undefined) ?? null,
          ifscCode: (body.ifscCode as string | undefined) ?? null,
          upiId: body.upiId ? `${String(body.upiId).slice(0, 2)}••••` : null,
        });
        this.requests.unshift(r);
        return r;
      }
      case 'cancelRequest': {
        const r = this.requests.find((x) => x.id === body.id);
        if (!r || r.type !== 'Withdrawal') fail('NOT_FOUND', 'No such request.');
        if (r.statusName !== 'Pending') fail('REQUEST_NOT_PENDING');
        Object.assign(r, { statusName: 'Cancelled', status: 4, processedTime: new Date().toISOString() });
        this.balance += r.amount;
        return r;
      }
      case 'playerRequests': {
        const type = Number(body.type ?? 0);
        const status = Number(body.status ?? 0);
        const skip = Number(body.SkipCount ?? 0);
        const take = Number(body.MaxResultCount ?? 10);
        const items = this.requests.filter(
          (r) =>
            (type === 0 || r.type === (type === 1 ? 'Deposit' : 'Withdrawal')) &&
            (status === 0 || STATUS[r.statusName] === status),
        );
        return { totalCount: items.length, items: items.slice(skip, skip + take) };
      }
      case 'paymentGenerate': {
        const amount = Number(body.amount) / 100;
        const min = Number(this.info.minDeposit);
        const max = Number(this.info.maxDeposit);
        if (!this.info.gatewayEnabled) fail('PAYMENT_GATEWAY_UNAVAILABLE');
        if (amount < min || amount > max)
          fail('AMOUNT_OUT_OF_RANGE', `Deposits on this site are from ₹${min} to ₹${max}.`);
        const orderId = `BLTEST${String((this.nextId += 1)).padStart(10, '0')}`;
        const order: FakeOrder = {
          orderId,
          amount,
          status: 'Pending',
          utr: null,
          expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
        };
        this.orders.unshift(order);
        return {
          orderId,
          upiUri: `upi://pay?pa=backlay.demo@okaxis&pn=Backlay%20Demo&am=${amount.toFixed(2)}&cu=INR&tr=${orderId}&tn=Wallet%20deposit`,
          qrSvg: QR_SVG,
          qrDataUrl: QR_DATA_URL,
          ...(this.sandbox ? { sandboxUrl: `/sandbox/upi/${orderId}` } : {}),
          amount,
          expiresAt: order.expiresAt,
        };
      }
      case 'paymentCheck': {
        const order = this.orders.find((o) => o.orderId === body.orderId);
        if (!order) fail('NOT_FOUND', 'No such payment order of yours.');
        if (order.status === 'Pending' && Date.parse(order.expiresAt) <= Date.now()) order.status = 'Expired';
        return { orderId: order.orderId, status: order.status, amount: order.amount, utr: order.utr };
      }
      case 'userOpenBets':
        return { balance: this.balance, exposure: this.exposure, openBets: [] };
      default:
        throw new Error(`unexpected call ${key}`);
    }
  }

  /** The `call` of `@/shared/http/api`, as the client and server would see it. */
  call = async (key: RouteKey, options: { body?: unknown; query?: unknown } = {}): Promise<unknown> => {
    const route = routes[key];
    let decoded: unknown = options.body;
    if (route.body !== undefined && options.body !== undefined) {
      const wire = moneyToWire(route.body, options.body);
      const parsed = route.body.safeParse(wire);
      if (!parsed.success) fail('VALIDATION_FAILED', z.prettifyError(parsed.error));
      // The server's handler reads rupees back from the wire: keep the decoded paise.
      decoded = parsed.data;
    }
    this.calls.push({ key, body: decoded });
    const answer = this.handle(key, (decoded ?? {}) as Record<string, unknown>);
    // The client's response sanitiser runs on every answer before it is parsed.
    return route.result.parse(sanitizeIncoming(JSON.parse(JSON.stringify(answer))));
  };
}

export const fakeCashier = new FakeCashier();

/** A screen under a memory router at `path` (with /dwrequests to link to) and a fresh query client. */
export function renderAt(path: string, element: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/dwrequests', element: <p data-page="requests" /> },
      { path: '/depositw', element: <p data-page="deposit" /> },
      { path: '/auth/signup', element: <p data-page="sign-up" /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}
