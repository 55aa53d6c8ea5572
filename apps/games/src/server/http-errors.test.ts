import { describe, expect, it } from 'vitest';
import { kindOf, WalletError } from '../wallet/errors';
import { fromWalletError } from './http-errors';

/** A wallet refusal as the wallet client builds it from the operator's answer. */
function refused(status: number, code: string, walletMessage?: string) {
  return new WalletError({
    kind: kindOf(status, code),
    call: 'balance',
    status,
    code,
    ...(walletMessage === undefined ? {} : { walletMessage }),
    message: `wallet balance: ${code}`,
  });
}

describe('a wallet refusal as the provider answers it', () => {
  it("passes the player's own time-out and self-exclusion through with the operator's words", () => {
    const timedOut = fromWalletError(
      refused(
        403,
        'PLAYER_TIMED_OUT',
        'You are taking a time-out until 26 Nov 2026, 10:30 IST. You can still withdraw.',
      ),
    );
    expect([timedOut.status, timedOut.code, timedOut.message]).toEqual([
      403,
      'PLAYER_TIMED_OUT',
      'You are taking a time-out until 26 Nov 2026, 10:30 IST. You can still withdraw.',
    ]);
    const excluded = fromWalletError(refused(403, 'PLAYER_SELF_EXCLUDED', 'Excluded until 2027.'));
    expect([excluded.status, excluded.code, excluded.message]).toEqual([
      403,
      'PLAYER_SELF_EXCLUDED',
      'Excluded until 2027.',
    ]);
  });

  it('passes a loss limit through as 422, with a plain message when the operator gave none', () => {
    const limit = fromWalletError(refused(422, 'LOSS_LIMIT_REACHED'));
    expect([limit.status, limit.code]).toEqual([422, 'LOSS_LIMIT_REACHED']);
    expect(limit.message).toMatch(/loss limit/);
  });

  it('keeps other blocks as PLAYER_BLOCKED', () => {
    const locked = fromWalletError(refused(403, 'USER_LOCKED', 'This account is locked.'));
    expect([locked.status, locked.code]).toEqual([403, 'PLAYER_BLOCKED']);
  });
});
