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
