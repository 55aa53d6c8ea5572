// The game page and its JSON under `P/play/:session/…`, the rounds' records (`P/rounds/:roundId`)
// and the tiles' art (`P/art/:code.svg`). Stakes are integer paise (`stakePaise`), targets hundredths.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { gameArt } from '../catalogue/art';
import { catalogueGame } from '../catalogue/catalogue';
import { newClientSeed } from '../fair/seeds';
import { isWalletError } from '../wallet/errors';
import type { Bundle } from './bundle';
import { fromPlayError, HttpError, sendError } from './http-errors';
import { escapeHtml, gamePage } from './pages';
import type { ProviderRuntime, TableGameId } from './runtime';
import type { Session, Sessions } from './sessions';
import { diceState, roundLink, tableState } from './views';

const HEARTBEAT_MS = 15_000;
/** Coalesces bursts of changes (a round's many wins) into one push per connection. */
const PUSH_DELAY_MS = 50;

export interface PlayContext {
  readonly app: FastifyInstance;
  readonly runtime: ProviderRuntime;
  readonly sessions: Sessions;
  readonly bundle: Bundle;
  readonly htmlHeaders: Record<string, string>;
  /** Open event streams, ended when the process closes. */
  readonly streams: Set<ServerResponse>;
  readonly maxStreams: number;
}

type SessionParams = { Params: { session: string } };

export function registerPlay(ctx: PlayContext): void {
  const { app, runtime, sessions } = ctx;
  const p = runtime.info.id;

  const sessionOf = (id: string): Session => {
    const session = sessions.get(p, id);
    if (!session) {
      throw new HttpError(
        404,
        'SESSION_NOT_FOUND',
        'This game session is unknown or has ended: open the game again from the lobby',
      );
    }
    return session;
  };
  const stateOf = (session: Session) =>
    session.gameCode === 'dice' ? diceState(runtime, session) : tableState(runtime, session);
  const fail = (reply: FastifyReply, error: unknown) => sendError(reply, fromPlayError(error));

  app.get<SessionParams>(`/${p}/play/:session`, (req, reply) => {
    const session = sessions.get(p, req.params.session);
    reply.headers(ctx.htmlHeaders).type('text/html; charset=utf-8');
    if (!session) {
      return reply
        .code(404)
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Session ended</title><link rel="stylesheet" href="/assets/${escapeHtml(ctx.bundle.names.styles)}"></head><body><main><h1>This game session has ended</h1><p>Go back to the lobby and open the game again.</p></main></body></html>`,
        );
    }
    return reply.send(gamePage(ctx.bundle, session));
  });

  app.get<SessionParams & { Querystring: { refresh?: string } }>(
    `/${p}/play/:session/state`,
    async (req, reply) => {
      try {
        const session = sessionOf(req.params.session);
        if (req.query.refresh === '1' || runtime.wallet.last(session.casinoToken) === undefined) {
          // The page's first load asks the wallet itself; a refusal leaves the last known balance.
          await runtime.wallet.balance(session.casinoToken).catch((error: unknown) => {
            if (!isWalletError(error)) throw error;
          });
        }
        reply.header('cache-control', 'no-store');
        return stateOf(session);
      } catch (error) {
        return fail(reply, error);
      }
    },
  );

  app.get<SessionParams>(`/${p}/play/:session/events`, (req, reply) => {
    let session: Session;
    try {
      session = sessionOf(req.params.session);
    } catch (error) {
      return fail(reply, error);
    }
    if (ctx.streams.size >= ctx.maxStreams) {
      return sendError(
        reply,
        new HttpError(503, 'TOO_MANY_STREAMS', 'Too many live pages: the page falls back to polling'),
      );
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    ctx.streams.add(res);
    let pending: ReturnType<typeof setTimeout> | undefined;
    const push = () => {
      pending = undefined;
      if (!sessions.get(p, session.id)) return end();
      res.write(`event: state\ndata: ${JSON.stringify(stateOf(session))}\n\n`);
    };
    const unsubscribe = runtime.subscribe((change) => {
      const mine =
        change.kind === 'table'
          ? change.game === session.gameCode
          : change.casinoToken === session.casinoToken;
      if (mine) pending ??= setTimeout(push, PUSH_DELAY_MS);
    });
    const heartbeat = setInterval(() => {
      if (!sessions.get(p, session.id)) return end();
      res.write(': ping\n\n');
    }, HEARTBEAT_MS);
    function end() {
      cleanup();
      res.end();
    }
    function cleanup() {
      unsubscribe();
      clearInterval(heartbeat);
      if (pending) clearTimeout(pending);
      ctx.streams.delete(res);
    }
    res.on('close', cleanup);
    res.write('retry: 2000\n\n');
    push();
  });

  app.post<SessionParams>(`/${p}/play/:session/bet`, async (req, reply) => {
    try {
      const session = sessionOf(req.params.session);
      const entry = runtime.tables.get(session.gameCode as TableGameId);
      if (!entry)
        throw new HttpError(400, 'NOT_A_TABLE_GAME', 'This game takes rolls (POST …/dice), not table bets');
      const { market, stakePaise } = (req.body ?? {}) as Record<string, unknown>;
      if (typeof market !== 'string')
        throw new HttpError(400, 'UNKNOWN_MARKET', 'market is one of the game’s markets');
      if (typeof stakePaise !== 'number' || !Number.isSafeInteger(stakePaise) || stakePaise <= 0) {
        throw new HttpError(
          400,
          'INVALID_STAKE',
          'stakePaise is a positive whole number of paise (₹100 = 10000)',
        );
      }
      const bet = await entry.table.placeBet(
        { casinoToken: session.casinoToken },
        { market, stake: stakePaise },
      );
      sessions.addBet(session, { id: bet.id, roundId: bet.roundId, market: bet.market, stake: bet.stake });
      runtime.emit({ kind: 'table', game: session.gameCode });
      reply.header('cache-control', 'no-store');
      return {
        bet: { id: bet.id, roundId: bet.roundId, market: bet.market, stake: bet.stake, status: bet.status },
        balance: runtime.wallet.last(session.casinoToken) ?? null,
      };
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.post<SessionParams>(`/${p}/play/:session/dice`, async (req, reply) => {
    try {
      const session = sessionOf(req.params.session);
      if (session.gameCode !== 'dice' || !runtime.dice) {
        throw new HttpError(400, 'NOT_DICE', 'This game takes table bets (POST …/bet), not rolls');
      }
      const { stakePaise, direction, target } = (req.body ?? {}) as Record<string, unknown>;
      const play = await runtime.dice.play(
        { playerId: session.playerId, casinoToken: session.casinoToken },
        // The game checks each field (a stake in whole paise, over/under, a target in hundredths).
        { stake: stakePaise as number, direction: direction as 'over' | 'under', target: target as number },
      );
      runtime.recordDicePlay(session.playerId, play);
      const state = diceState(runtime, session);
      runtime.emit({ kind: 'table', game: 'dice' });
      reply.header('cache-control', 'no-store');
      return { play: state.plays[0], balance: state.balance, state };
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.post<SessionParams>(`/${p}/play/:session/rotate`, async (req, reply) => {
    try {
      const session = sessionOf(req.params.session);
      if (session.gameCode !== 'dice' || !runtime.dice) {
        throw new HttpError(400, 'NOT_DICE', 'A table’s seeds rotate by themselves after every round');
      }
      const { clientSeed } = (req.body ?? {}) as Record<string, unknown>;
      const chosen = clientSeed === undefined || clientSeed === '' ? newClientSeed() : clientSeed;
      const revealed = runtime.dice.rotateSeeds(session.playerId, chosen as string);
      runtime.recordDiceReveal(session.playerId, revealed);
      reply.header('cache-control', 'no-store');
      return { revealed, state: diceState(runtime, session) };
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.get<{ Params: { roundId: string } }>(`/${p}/rounds/:roundId`, (req, reply) => {
    reply.header('cache-control', 'no-store');
    const entry = runtime.rounds.get(req.params.roundId);
    if (entry) {
      const link = roundLink(p, entry);
      return {
        roundId: entry.roundId,
        provider: p,
        game: entry.game,
        number: entry.number ?? null,
        settled: true,
        revealed: link.serverSeed !== null,
        seeds: { ...entry.seeds, ...(link.serverSeed ? { serverSeed: link.serverSeed } : {}) },
        outcome: entry.outcome,
        settledAt: new Date(entry.settledAt).toISOString(),
        verifyUrl: link.verifyUrl,
      };
    }
    for (const [game, { table }] of runtime.tables) {
      const round = table.current();
      if (round?.roundId === req.params.roundId && round.phase !== 'settled') {
        // In play: its commitment only; the seed stays secret until the round is settled.
        return {
          roundId: round.roundId,
          provider: p,
          game,
          number: round.number,
          settled: false,
          revealed: false,
          seeds: round.seeds,
        };
      }
    }
    return sendError(
      reply,
      new HttpError(404, 'ROUND_NOT_FOUND', `No round ${JSON.stringify(req.params.roundId)} is kept here`),
    );
  });

  app.get<{ Params: { file: string } }>(`/${p}/art/:file`, (req, reply) => {
    const code = /^([a-z0-9-]+)\.svg$/.exec(req.params.file)?.[1] ?? '';
    const game = catalogueGame(p, code);
    if (!game) return sendError(reply, new HttpError(404, 'NOT_FOUND', 'No such picture'));
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('access-control-allow-origin', '*')
      .send(gameArt(runtime.info, game.code, game.name));
  });
}
