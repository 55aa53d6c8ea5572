import type { MatchOddsMarket, OddsChangeMessage, OddsV2 } from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { formatPrice, formatSize } from '@/features/sports/lib/format';

/**
 * The baseline to beat: the whole odds picture in one piece of state, and the whole page rendered
 * again on every update (the same markup and classes as the real components, no slices, no memo).
 */
export function applyNaive(state: OddsV2, change: OddsChangeMessage): OddsV2 {
  const byId = new Map(change.matchOdds.map((m) => [m.id, m]));
  return {
    ...state,
    version: change.version,
    matchOdds: state.matchOdds.map((m) => byId.get(m.id) ?? m),
  };
}

function Cell({
  side,
  level,
  at,
}: {
  side: 'back' | 'lay';
  level: number;
  at?: { price: number; size: Paise };
}) {
  return (
    <button type="button" className={`price price--${side} price--l${level}${at ? '' : ' price--empty'}`}>
      {at && (
        <>
          <span className="price__main">{formatPrice(at.price)}</span>
          <span className="price__sub">{formatSize(at.size)}</span>
        </>
      )}
    </button>
  );
}

function Market({ market }: { market: MatchOddsMarket }) {
  return (
    <section className="market card market--match_odds">
      <header className="market__head">
        <h3 className="market__name">{market.name}</h3>
        <span className="market__limits">
          Min {formatSize(market.minStake)} · Max {formatSize(market.maxStake)}
        </span>
      </header>
      <div className="market__grid">
        <div className="market__body">
          {market.runners.map((r) => (
            <div className="runner" key={r.id}>
              <div className="runner__name">
                <span>{r.name}</span>
              </div>
              {[2, 1, 0].map((l) => (
                <Cell key={`b${l}`} side="back" level={l} at={r.back[l]} />
              ))}
              {[0, 1, 2].map((l) => (
                <Cell key={`l${l}`} side="lay" level={l} at={r.lay[l]} />
              ))}
            </div>
          ))}
          {market.status !== 'OPEN' && (
            <div className="market__overlay market__overlay--suspended" role="status">
              <span>Suspended</span>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

export function NaivePage({ odds }: { odds: OddsV2 }) {
  return (
    <div className="markets">
      <div className="markets__list">
        {odds.matchOdds.map((m) => (
          <Market key={m.id} market={m} />
        ))}
      </div>
    </div>
  );
}
