import type { Paise } from '@backlay/exchange';
import { formatRupees } from '../../platform/money';

/** The sandbox's order page: what a payer's UPI app would show, with Pay and Decline. */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface SandboxPageOrder {
  orderId: string;
  payeeVpa: string;
  payeeName: string;
  amountPaise: Paise;
  note: string;
  upiUri: string;
  status: 'Pending' | 'Success' | 'Failed' | 'Expired';
  utr: string | null;
  expiresAt: Date;
}

const STATUS_TEXT = {
  Pending: 'Waiting for payment',
  Success: 'Paid',
  Failed: 'Declined',
  Expired: 'Expired',
} as const;

export function sandboxOrderPage(order: SandboxPageOrder): string {
  const id = encodeURIComponent(order.orderId);
  const actions =
    order.status === 'Pending'
      ? `<div class="actions">
      <form method="post" action="/sandbox/upi/${id}/pay"><button class="pay" type="submit">Pay ${escapeHtml(formatRupees(order.amountPaise))}</button></form>
      <form method="post" action="/sandbox/upi/${id}/decline"><button class="decline" type="submit">Decline</button></form>
    </div>`
      : `<form method="post" action="/sandbox/upi/${id}/notify"><button class="resend" type="submit">Send the notice again</button></form>`;
  const rows: [string, string][] = [
    ['Pay to', order.payeeName],
    ['UPI id', order.payeeVpa],
    ['Amount', formatRupees(order.amountPaise)],
    ['Note', order.note],
    ['Order', order.orderId],
    ['Status', STATUS_TEXT[order.status]],
    ...(order.utr ? ([['UTR', order.utr]] as [string, string][]) : []),
    ['Payable until', order.expiresAt.toISOString()],
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox UPI: ${escapeHtml(formatRupees(order.amountPaise))} to ${escapeHtml(order.payeeName)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f2f4f7; color: #1d2433; }
  main { max-width: 360px; margin: 24px auto; background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 2px 8px #0002; }
  h1 { font-size: 18px; margin: 0 0 4px; }
  .sandbox { font-size: 12px; color: #8a5a00; background: #fff4d6; padding: 4px 8px; border-radius: 6px; display: inline-block; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 16px 0; }
  dt { color: #5b6576; } dd { margin: 0; word-break: break-all; }
  .actions { display: flex; gap: 12px; }
  form { flex: 1; margin: 0; }
  button { width: 100%; padding: 12px; border: 0; border-radius: 8px; font-size: 16px; cursor: pointer; }
  .pay { background: #0a7d32; color: #fff; } .decline { background: #e7e9ee; } .resend { background: #e7e9ee; }
  code { font-size: 12px; word-break: break-all; }
</style>
</head>
<body>
<main>
  <span class="sandbox">Sandbox payment provider: no real money moves</span>
  <h1 data-status="${order.status}">${escapeHtml(STATUS_TEXT[order.status])}</h1>
  <dl>
    ${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('\n    ')}
  </dl>
  ${actions}
  <p><code>${escapeHtml(order.upiUri)}</code></p>
</main>
</body>
</html>
`;
}
