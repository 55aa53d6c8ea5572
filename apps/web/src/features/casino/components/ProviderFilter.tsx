import type { CasinoProviderId } from '@backlay/contract';
import { gamesOf, providerName, type ProviderList } from '../lib/lobby';
import { t } from '../i18n';

/**
 * One chip per provider with its number of games; pressing one shows only its games, pressing it
 * again (or "All providers") shows every provider's. A provider whose list failed is a chip that
 * says so, not a button: the lobby says why below the chips.
 */
export function ProviderFilter({
  lists,
  selected,
  onSelect,
}: {
  lists: ProviderList[];
  selected: CasinoProviderId | null;
  onSelect: (provider: CasinoProviderId | null) => void;
}) {
  const total = lists.reduce((n, l) => n + (l.status === 'success' ? gamesOf(l.categories).length : 0), 0);
  return (
    <div className="casino-chips" role="group" aria-label={t('casino.lobby.providers')}>
      <button
        type="button"
        className="casino-chip"
        aria-pressed={selected == null}
        data-testid="provider-chip-all"
        onClick={() => onSelect(null)}
      >
        {t('casino.lobby.allProviders')} <span className="casino-chip__count">{total}</span>
      </button>
      {lists.map((list) => {
        const name = providerName(list.provider);
        const testId = `provider-chip-${list.provider}`;
        if (list.status === 'error') {
          return (
            <span
              key={list.provider}
              className="casino-chip casino-chip--off"
              data-testid={testId}
              aria-describedby={`casino-unavailable-${list.provider}`}
            >
              {name} <span className="casino-chip__count">{t('casino.lobby.chipUnavailable')}</span>
            </span>
          );
        }
        const pressed = selected === list.provider;
        return (
          <button
            key={list.provider}
            type="button"
            className="casino-chip"
            aria-pressed={pressed}
            aria-busy={list.status === 'pending'}
            data-testid={testId}
            onClick={() => onSelect(pressed ? null : list.provider)}
          >
            {name}{' '}
            <span className="casino-chip__count">
              {list.status === 'success' ? (
                gamesOf(list.categories).length
              ) : (
                <>
                  <span aria-hidden="true">…</span>
                  <span className="visually-hidden">{t('casino.lobby.chipLoading')}</span>
                </>
              )}
            </span>
          </button>
        );
      })}
    </div>
  );
}
