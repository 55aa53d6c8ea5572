/*
 * The seam to a casino games provider: the casino feature sees only this interface. Providers call
 * our seamless wallet for money (never the other way round), signed with their secret by the one
 * scheme of wallet-signature.ts; see README.md beside this file.
 */
import { CASINO_LAUNCH_WITHOUT_BODY, type CasinoGame, type CasinoProviderId } from '@backlay/contract';
import { z } from 'zod';

export { CASINO_PROVIDERS, type CasinoGame, type CasinoProviderId } from '@backlay/contract';

export interface CasinoProvider {
  readonly id: CasinoProviderId;
  /** Where the client launches its games (per environment: test or production; config.casinoProviders). */
  readonly host: string;
  /** The provider's catalogue; a provider that is down, slow or answers nonsense rejects, and the lobby says so. */
  games(signal?: AbortSignal): Promise<CasinoGame[]>;
}

/** A provider's own list, `GET {host}/games`: what we read of it (more fields are ignored). */
const ProviderGamesSchema = z.object({
  games: z
    .array(
      z.object({
        code: z.string().regex(/^[\x21-\x7e]{1,128}$/),
        name: z.string().min(1).max(200),
        category: z.string().min(1).max(100),
        image: z.string().url().max(2048),
      }),
    )
    .max(5000),
});

/** Why a provider's list could not be had: said to the player as "<provider> is unavailable". */
export class CasinoProviderDown extends Error {
  constructor(
    readonly provider: CasinoProviderId,
    readonly reason: string,
  ) {
    super(`${provider}: ${reason}`);
  }
}

/**
 * A provider reached over HTTP at its host: its catalogue is its `GET {host}/games`, its launch
 * address `{host}/launch` (king's names the game: `{host}/launch/{code}`, and takes no body).
 */
export class HttpCasinoProvider implements CasinoProvider {
  constructor(
    readonly id: CasinoProviderId,
    readonly host: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async games(signal?: AbortSignal): Promise<CasinoGame[]> {
    const base = this.host.replace(/\/$/, '');
    let res: Response;
    try {
      res = await this.fetchImpl(`${base}/games`, { signal, headers: { accept: 'application/json' } });
    } catch (err) {
      throw new CasinoProviderDown(
        this.id,
        signal?.aborted ? 'no answer in time' : `unreachable (${String(err)})`,
      );
    }
    if (!res.ok) throw new CasinoProviderDown(this.id, `answered HTTP ${String(res.status)}`);
    const parsed = ProviderGamesSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new CasinoProviderDown(this.id, 'answered a list we cannot read');
    const withoutBody = CASINO_LAUNCH_WITHOUT_BODY.includes(this.id);
    return parsed.data.games.map((g) => ({
      id: `${this.id}-${g.code}`,
      code: g.code,
      name: g.name,
      provider: this.id,
      category: g.category,
      imageURL: g.image,
      url: withoutBody ? `${base}/launch/${encodeURIComponent(g.code)}` : `${base}/launch`,
    }));
  }
}
