import {
  CASINO_PROVIDERS,
  type CasinoProviderId,
  type CasinoProviderSettings,
  type CasinoProviderSettingsInput,
} from '@backlay/contract';
import type { Db, Executor } from '../platform/db/database';
import type { AuthOperator, OperatorAction } from '../platform/http/auth-user';
import { lockProviderSwitch, providersOff, saveProviderSwitch } from './provider-settings-repository';

/*
 * Each site's casino providers, on or off (its owner's switch; every provider is on until switched
 * off). Off, for that site: its games leave the lobby's lists and the sport tree's `games`, its
 * wallet answers no `balance` (so the provider's launch, which checks the token with one, fails)
 * and takes no new stake (403 FORBIDDEN), while a round already staked still pays (win, rollback).
 * The switch is read from the database on every lobby list and wallet call (one small query on
 * the table's primary key), so a save counts at once on every server and nothing is cached.
 */

/** The providers as the players' lobby names them (apps/web's casino lobby shows the same names). */
export const CASINO_PROVIDER_NAMES: Readonly<Record<CasinoProviderId, string>> = {
  international: 'International',
  dream: 'Dream',
  king: 'King',
  mac: 'Mac',
  udan: 'Udan',
};

type Audit = (executor: Executor, action: OperatorAction) => Promise<void>;

/** Whether a site has switched a provider off. */
export async function isProviderOff(
  db: Executor,
  domainId: number,
  provider: CasinoProviderId,
): Promise<boolean> {
  return (await providersOff(db, domainId)).has(provider);
}

/** Games (or their summaries) less those of the providers the site switched off. */
export async function playableGames<G extends { provider: string }>(
  db: Executor,
  domainId: number,
  games: G[],
): Promise<G[]> {
  const off = await providersOff(db, domainId);
  return off.size === 0 ? games : games.filter((g) => !off.has(g.provider as CasinoProviderId));
}

export class CasinoProviderSettingsService {
  constructor(private readonly db: Db) {}

  /** Every provider, in the lobby's order, with its name and whether it is on for the site. */
  async read(domainId: number): Promise<CasinoProviderSettings> {
    const off = await providersOff(this.db, domainId);
    return {
      providers: CASINO_PROVIDERS.map((provider) => ({
        provider,
        name: CASINO_PROVIDER_NAMES[provider],
        enabled: !off.has(provider),
      })),
    };
  }

  /**
   * Switches one provider on or off for the operator's site, with its audit row (before and after)
   * in the same transaction. Switching it to the state it is in changes nothing and writes no row.
   */
  async save(
    operator: AuthOperator,
    input: CasinoProviderSettingsInput,
    audit: Audit,
  ): Promise<CasinoProviderSettings> {
    const { domainId } = operator;
    await this.db.transaction(async (tx) => {
      const enabled = await lockProviderSwitch(tx, domainId, input.provider);
      if (enabled === input.enabled) return;
      await saveProviderSwitch(tx, {
        domainId,
        provider: input.provider,
        enabled: input.enabled,
        updatedBy: operator.operatorId,
      });
      await audit(tx, {
        action: 'casino.switch_provider',
        target: `casino_provider:${input.provider}`,
        before: { enabled },
        after: { enabled: input.enabled },
      });
    });
    return this.read(domainId);
  }
}
