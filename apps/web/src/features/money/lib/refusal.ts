import type { ErrorCode } from '@backlay/contract';
import { AppError } from '@/shared/http/errors';

/**
 * Refusals that come from the player's own responsible-gaming choices: a deposit limit they set,
 * a time-out, a self-exclusion. The server's message names the period, the amount still allowed
 * or the end of the break, so it is shown whole where the player is looking, not only as a toast.
 */
const DEPOSIT_REFUSALS: readonly ErrorCode[] = [
  'DEPOSIT_LIMIT_REACHED',
  'PLAYER_TIMED_OUT',
  'PLAYER_SELF_EXCLUDED',
];

/** The server's message when `error` refuses a deposit for responsible gaming, else null. */
export function depositRefusal(error: unknown): string | null {
  return error instanceof AppError && (DEPOSIT_REFUSALS as readonly string[]).includes(error.code)
    ? error.message
    : null;
}
