// Every refusal of this process is `{ error: { code, message, ...extra } }` with an honest status.
import type { FastifyReply } from 'fastify';
import { GamesError } from '../errors';
import { TableError } from '../tables/errors';
import { WalletError } from '../wallet/errors';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function sendError(reply: FastifyReply, error: HttpError) {
  return reply
    .code(error.status)
    .send({ error: { code: error.code, message: error.message, ...error.extra } });
}

/** A wallet refusal as the provider answers it (launch, bets, dice). */
export function fromWalletError(error: WalletError): HttpError {
  switch (error.kind) {
    case 'token-expired':
      return new HttpError(401, 'CASINO_TOKEN_EXPIRED', 'The casino token has expired: sign in again');
    case 'token-invalid':
      return new HttpError(401, 'CASINO_TOKEN_INVALID', 'The casino token is not valid');
    case 'player-blocked':
      // The player's own responsible-gaming choices: their code and the operator's words (until
      // when, which limit), so the lobby can explain them rather than say "blocked".
      if (error.code === 'PLAYER_TIMED_OUT' || error.code === 'PLAYER_SELF_EXCLUDED') {
        return new HttpError(
          403,
          error.code,
          error.walletMessage ?? 'You may not play now. You can still withdraw.',
        );
      }
      if (error.code === 'LOSS_LIMIT_REACHED') {
        return new HttpError(422, error.code, error.walletMessage ?? 'This would go over your loss limit.');
      }
      return new HttpError(403, 'PLAYER_BLOCKED', 'The operator does not let this account play now');
    case 'insufficient-funds':
      return new HttpError(422, 'INSUFFICIENT_FUNDS', 'Not enough balance for this stake', {
        ...(error.balance === undefined ? {} : { balance: error.balance }),
      });
    case 'provider-unavailable':
      return new HttpError(503, 'WALLET_UNAVAILABLE', 'The operator’s wallet is not taking calls now');
    case 'unknown-outcome':
      return new HttpError(
        502,
        'WALLET_UNREACHABLE',
        'The operator’s wallet did not answer: nothing was staked',
      );
    default:
      return new HttpError(
        502,
        'WALLET_REFUSED',
        `The operator’s wallet refused the call (${error.code ?? error.kind})`,
      );
  }
}

/** A bet or a roll that was not taken: the table's, the game's or the wallet's reason. */
export function fromPlayError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof TableError) {
    if (error.code === 'BETTING_CLOSED') return new HttpError(409, 'BETTING_CLOSED', error.message);
    if (error.walletError instanceof WalletError) return fromWalletError(error.walletError);
    return new HttpError(502, 'WALLET_REFUSED', error.message);
  }
  // INVALID_STAKE, UNKNOWN_MARKET, INVALID_TARGET, INVALID_BET, INVALID_SEED: the game's own codes.
  if (error instanceof GamesError) return new HttpError(400, error.code, error.message);
  if (error instanceof WalletError) return fromWalletError(error);
  throw error;
}
