import {
  CASINO_PROVIDERS,
  CASINO_WALLET_CALLS,
  casinoWalletRoutes,
  type CasinoProviderId,
  type CasinoWalletCall,
  type RouteDef,
} from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../platform/http/app-error';
import { toValidationError } from '../platform/http/define-route';
import type { CasinoWallet } from './wallet-service';
import { verifyWalletSignature } from './wallet-signature';

/** Largest wallet call taken: a few ids, an amount and a token. */
const WALLET_BODY_LIMIT = 16 * 1024;

type Handler = (wallet: CasinoWallet, provider: CasinoProviderId, input: never) => Promise<unknown>;
const HANDLERS: Record<CasinoWalletCall, Handler> = {
  balance: (wallet, provider, input) => wallet.balance(provider, input),
  bet: (wallet, provider, input) => wallet.bet(provider, input),
  win: (wallet, provider, input) => wallet.win(provider, input),
  rollback: (wallet, provider, input) => wallet.rollback(provider, input),
};

/**
 * The providers' seamless-wallet calls (`POST /api/casino/wallet/{provider}/{call}`, the contract's
 * casinoWalletRoutes). A call is judged by its signature over the bytes as sent, so these routes
 * alone read the raw body: the signature first (nothing else is read from an unsigned call), then
 * the JSON and the contract's schema; the answer is encoded with the contract's result schema and
 * wrapped in the envelope, as defineRoute does for the client's calls. A provider without a
 * secret here (production, not configured) answers CASINO_PROVIDER_UNAVAILABLE.
 */
export async function casinoWalletRoutesPlugin(
  app: FastifyInstance,
  opts: { wallet: CasinoWallet; secrets: Record<CasinoProviderId, string | null>; now?: () => Date },
) {
  const { wallet, secrets } = opts;
  const now = opts.now ?? (() => new Date());
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WALLET_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    for (const provider of CASINO_PROVIDERS) {
      for (const call of CASINO_WALLET_CALLS) {
        const def: RouteDef = casinoWalletRoutes[provider][call];
        raw.route({
          method: def.method,
          url: def.path,
          handler: async (req) => {
            const secret = secrets[provider];
            if (!secret) throw new AppError('CASINO_PROVIDER_UNAVAILABLE');
            const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
            const verdict = verifyWalletSignature(secret, req.headers, body, now());
            if (!verdict.ok) {
              throw new AppError(
                verdict.reason === 'stale' ? 'CASINO_SIGNATURE_STALE' : 'CASINO_SIGNATURE_INVALID',
              );
            }
            let json: unknown;
            try {
              json = JSON.parse(body.toString('utf8'));
            } catch {
              throw new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
            }
            const input = def.body ? def.body.safeParse(json) : null;
            if (!input?.success) {
              throw input ? toValidationError(input.error) : new AppError('INTERNAL');
            }
            const result = await HANDLERS[call](wallet, provider, input.data as never);
            const encoded = z.safeEncode(def.result, result);
            if (!encoded.success) {
              req.log.error(
                { issues: encoded.error.issues, route: def.path },
                'answer does not match the contract',
              );
              throw new AppError('INTERNAL');
            }
            return { success: true, result: encoded.data, error: null };
          },
        });
      }
    }
  });
}
