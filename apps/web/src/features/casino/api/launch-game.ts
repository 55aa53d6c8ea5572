import { RESPONSIBLE_GAMING_CODES } from '@/shared/http/errors';
import {
  CASINO_LAUNCH_WITHOUT_BODY,
  CasinoLaunchAnswerSchema,
  CasinoProviderErrorSchema,
  launchUrlOf,
  type CasinoGame,
  type CasinoLaunchInput,
} from '@backlay/contract';
import { networkFailureMessage } from '@/shared/config/constants';
import { finishRequest, trackRequest } from '@/shared/http/request-tracker';
import { t } from '../i18n';

/** The casinoToken was refused: only a new sign-in gives a new one. */
export const SIGN_IN_AGAIN_CODES: readonly string[] = ['CASINO_TOKEN_EXPIRED', 'CASINO_TOKEN_INVALID'];

/** A launch that gave no game: the provider's refusal (its code and message) or our own reason. */
export class LaunchError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'LaunchError';
    this.code = code;
  }
  get signInAgain(): boolean {
    return SIGN_IN_AGAIN_CODES.includes(this.code);
  }
  get responsibleGaming(): boolean {
    return RESPONSIBLE_GAMING_CODES.includes(this.code);
  }
}

export interface LaunchContext {
  casinoToken: string;
  /** Where the game's own lobby button returns the player: our /lobby. */
  lobbyUrl: string;
  platform: CasinoLaunchInput['platform'];
  signal?: AbortSignal | undefined;
}

/** The request a provider expects: a JSON body, or (king) nothing but the token as a bearer. */
export function launchRequest(game: CasinoGame, context: LaunchContext): RequestInit {
  if (CASINO_LAUNCH_WITHOUT_BODY.includes(game.provider)) {
    return { method: 'POST', headers: { Authorization: `Bearer ${context.casinoToken}` } };
  }
  const body: CasinoLaunchInput = {
    gameCode: game.code,
    casinoToken: context.casinoToken,
    lobbyUrl: context.lobbyUrl,
    platform: context.platform,
  };
  return { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Launches a game: a POST to `game.url` on the provider's own host, not our API, so fetch and not
 * the API client (no access token, no 401 session rules: a refused casinoToken is not a lost
 * session). Tracked like any request, so the loading bar shows it and inactivity can abort it.
 * Answers the address for the iframe.
 */
export async function launchGame(game: CasinoGame, context: LaunchContext): Promise<string> {
  if (context.casinoToken === '') {
    throw new LaunchError('CASINO_TOKEN_INVALID', t('casino.launch.missing'));
  }
  const tracked = trackRequest(game.url, context.signal);
  let response: Response;
  try {
    response = await fetch(game.url, { ...launchRequest(game, context), signal: tracked.signal });
  } catch {
    finishRequest(tracked.id, false);
    if (tracked.signal.aborted) throw new LaunchError('ABORTED', t('casino.launch.aborted'));
    // fetch says no more than "Failed to fetch": the host is unreachable or refused us (CORS).
    throw new LaunchError('NETWORK', networkFailureMessage());
  }
  const data = await jsonOf(response);
  finishRequest(tracked.id, response.ok);
  if (!response.ok) {
    const refusal = CasinoProviderErrorSchema.safeParse(data);
    if (refusal.success) throw new LaunchError(refusal.data.error.code, refusal.data.error.message);
    throw new LaunchError(
      `HTTP_${response.status}`,
      t('casino.launch.status', { status: String(response.status) }),
    );
  }
  const answer = CasinoLaunchAnswerSchema.safeParse(data);
  if (!answer.success) {
    throw new LaunchError('BAD_RESPONSE', t('casino.launch.unreadable'));
  }
  return launchUrlOf(answer.data);
}
