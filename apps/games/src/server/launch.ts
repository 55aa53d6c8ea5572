// `GET P/games` and the launch calls: `POST P/launch` (body) and king's `POST /king/launch/:gameCode`
// (bearer token, no body). The token is checked by a signed balance call to the operator's wallet.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { catalogueGame, type CatalogueGame } from '../catalogue/catalogue';
import { WalletError } from '../wallet/errors';
import { fromWalletError, HttpError, sendError } from './http-errors';
import type { ProviderRuntime } from './runtime';
import type { Sessions } from './sessions';

const WIRE_ID = /^[\x21-\x7e]{1,128}$/;
const PLATFORMS = ['desktop', 'mobile'] as const;

export interface LaunchRequest {
  readonly gameCode: string;
  readonly casinoToken: string;
  readonly lobbyUrl: string | undefined;
  readonly platform: (typeof PLATFORMS)[number] | undefined;
}

/** The launch body `{ gameCode, casinoToken, lobbyUrl, platform }`, checked field by field. */
export function parseLaunchBody(body: unknown): LaunchRequest {
  const bad = (message: string) => new HttpError(400, 'BAD_REQUEST', message);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw bad('The launch body is a JSON object { gameCode, casinoToken, lobbyUrl, platform }');
  }
  const { gameCode, casinoToken, lobbyUrl, platform } = body as Record<string, unknown>;
  if (typeof gameCode !== 'string' || !WIRE_ID.test(gameCode)) {
    throw bad('gameCode is 1 to 128 printable characters without spaces');
  }
  if (typeof casinoToken !== 'string' || casinoToken.length === 0 || casinoToken.length > 4096) {
    throw bad('casinoToken is required (the token from sign-in)');
  }
  if (typeof lobbyUrl !== 'string' || lobbyUrl.length > 2048 || !isWebUrl(lobbyUrl)) {
    throw bad('lobbyUrl is an http(s) URL of at most 2048 characters');
  }
  if (!PLATFORMS.includes(platform as (typeof PLATFORMS)[number])) {
    throw bad('platform is desktop or mobile');
  }
  return { gameCode, casinoToken, lobbyUrl, platform: platform as (typeof PLATFORMS)[number] };
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function registerLaunch(
  app: FastifyInstance,
  runtime: ProviderRuntime,
  sessions: Sessions,
  publicUrl: string,
): void {
  const p = runtime.info.id;

  app.get(`/${p}/games`, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return {
      games: runtime.info.games.map((g: CatalogueGame) => ({
        code: g.code,
        name: g.name,
        category: g.category,
        image: `${publicUrl}/${p}/art/${g.code}.svg`,
      })),
    };
  });

  const launch = async (request: LaunchRequest, reply: FastifyReply) => {
    const game = catalogueGame(p, request.gameCode);
    if (!game) {
      throw new HttpError(
        404,
        'GAME_NOT_FOUND',
        `${runtime.info.title} has no game ${JSON.stringify(request.gameCode)}`,
      );
    }
    let playerId: string;
    try {
      playerId = (await runtime.wallet.balance(request.casinoToken)).playerId;
    } catch (error) {
      if (error instanceof WalletError) throw fromWalletError(error);
      throw error;
    }
    const session = sessions.create({
      provider: p,
      gameCode: game.code,
      casinoToken: request.casinoToken,
      playerId,
      lobbyUrl: request.lobbyUrl,
      platform: request.platform,
    });
    const url = `${publicUrl}/${p}/play/${session.id}`;
    reply.header('cache-control', 'no-store');
    return runtime.info.launch === 'data' ? { data: { url } } : { url };
  };

  const answer = (reply: FastifyReply) => (error: unknown) => {
    if (error instanceof HttpError) return sendError(reply, error);
    throw error;
  };

  if (runtime.info.launch === 'bearer') {
    app.post<{ Params: { gameCode: string } }>(`/${p}/launch/:gameCode`, (req, reply) => {
      const match = /^Bearer\s+(\S{1,4096})$/i.exec(req.headers.authorization ?? '');
      if (!match) {
        return sendError(
          reply,
          new HttpError(
            401,
            'CASINO_TOKEN_INVALID',
            'Send the casino token as Authorization: Bearer <casinoToken>',
          ),
        );
      }
      return launch(
        { gameCode: req.params.gameCode, casinoToken: match[1]!, lobbyUrl: undefined, platform: undefined },
        reply,
      ).catch(answer(reply));
    });
  } else {
    app.post(`/${p}/launch`, (req, reply) => {
      let request: LaunchRequest;
      try {
        request = parseLaunchBody(req.body);
      } catch (error) {
        return answer(reply)(error);
      }
      return launch(request, reply).catch(answer(reply));
    });
  }
}
