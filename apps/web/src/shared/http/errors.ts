import type { ErrorCode } from '@backlay/contract';
/**
 * What a failed call becomes. `session` says what the session must do about it:
 * 'expired' (clear and go to /Auth/Logout), 'unauthorized' (clear and open the login modal).
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number | null;
  readonly validationErrors: { field: string; message: string }[];
  readonly session: 'expired' | 'unauthorized' | null;
  readonly aborted: boolean;

  constructor(init: {
    code: string;
    message: string;
    status?: number | null;
    validationErrors?: { field: string; message: string }[];
    session?: 'expired' | 'unauthorized' | null;
    aborted?: boolean;
  }) {
    super(init.message);
    this.name = 'AppError';
    this.code = init.code;
    this.status = init.status ?? null;
    this.validationErrors = init.validationErrors ?? [];
    this.session = init.session ?? null;
    this.aborted = init.aborted ?? false;
  }
}

/**
 * Refusals that come from the player's own responsible-gaming choices: a deposit or loss limit
 * they set, a time-out, a self-exclusion. The server's message names the period and the amount
 * still allowed, or the end of the break; screens show it whole where the player is looking, with
 * the way to the limits (shared/ui/RefusalNotice.tsx), since neither a retry nor a new sign-in
 * changes it.
 */
export const RESPONSIBLE_GAMING_CODES: readonly string[] = [
  'DEPOSIT_LIMIT_REACHED',
  'LOSS_LIMIT_REACHED',
  'PLAYER_TIMED_OUT',
  'PLAYER_SELF_EXCLUDED',
] satisfies readonly ErrorCode[];

/** The server's message when `error` is such a refusal, else null. */
export function responsibleGamingRefusal(error: unknown): string | null {
  return error instanceof AppError && RESPONSIBLE_GAMING_CODES.includes(error.code) ? error.message : null;
}
