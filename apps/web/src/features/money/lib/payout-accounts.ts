/*
 * Payout accounts the player chose to save on this device, per player, in local storage. Not a
 * section 3 key: the server keeps no payout book yet. A logout clears local storage (section 4),
 * so saved accounts last until the player signs out.
 */
export type PayoutAccount =
  | { kind: 'upi'; upiId: string }
  | { kind: 'bank'; accountNumber: string; accountHolderName: string; ifscCode: string };

const KEY = 'payoutAccounts';
const MAX_SAVED = 5;

function readAll(): Record<string, PayoutAccount[]> {
  try {
    const raw = window.localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed != null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, PayoutAccount[]>)
      : {};
  } catch {
    return {};
  }
}

function isAccount(a: unknown): a is PayoutAccount {
  if (a == null || typeof a !== 'object') return false;
  const v = a as Record<string, unknown>;
  if (v.kind === 'upi') return typeof v.upiId === 'string';
  return (
    v.kind === 'bank' &&
    typeof v.accountNumber === 'string' &&
    typeof v.accountHolderName === 'string' &&
    typeof v.ifscCode === 'string'
  );
}

export function accountKey(a: PayoutAccount): string {
  return a.kind === 'upi' ? `upi:${a.upiId.toLowerCase()}` : `bank:${a.accountNumber}:${a.ifscCode}`;
}

export function loadPayoutAccounts(userName: string): PayoutAccount[] {
  const list = readAll()[userName];
  return Array.isArray(list) ? list.filter(isAccount) : [];
}

/** Keeps the account first in the player's list (once), at most five. */
export function savePayoutAccount(userName: string, account: PayoutAccount): PayoutAccount[] {
  const all = readAll();
  const list = [
    account,
    ...loadPayoutAccounts(userName).filter((a) => accountKey(a) !== accountKey(account)),
  ];
  all[userName] = list.slice(0, MAX_SAVED);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // A full or private storage: nothing saved, the withdrawal itself went through.
  }
  return all[userName];
}

export function forgetPayoutAccount(userName: string, account: PayoutAccount): PayoutAccount[] {
  const all = readAll();
  all[userName] = loadPayoutAccounts(userName).filter((a) => accountKey(a) !== accountKey(account));
  try {
    window.localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // As above.
  }
  return all[userName];
}

/** "HDFC0001234 ····6789" or the UPI id: how a saved account is named on its button. */
export function accountLabel(a: PayoutAccount): string {
  return a.kind === 'upi' ? a.upiId : `${a.ifscCode} ····${a.accountNumber.slice(-4)}`;
}
