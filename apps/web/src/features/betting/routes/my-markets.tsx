import { useMemo } from 'react';
import { Link } from 'react-router';
import { addPaise, ZERO_PAISE, type Paise } from '@backlay/exchange';
import { faList } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { useUserOpenBets } from '../api/get-user-open-bets';
import { useUserExpectedProfitLoss } from '../api/get-user-expected-profit-loss';
import { BrowseInPlayLink } from '../components/BrowseInPlayLink';
import { ReadStates } from '../components/ReadStates';
import { t } from '../i18n';
import '../betting.css';

/** /my-markets: markets where the player holds a position, with their exposure. */
export function MyMarketsRoute() {
  const openBets = useUserOpenBets(true);
  const pnl = useUserExpectedProfitLoss(true);
  const markets = useMemo(() => {
    const byMarket = new Map<
      string,
      { eventId: number; title: string; market: string; bets: number; stake: Paise }
    >();
    for (const b of openBets.data?.openBets ?? []) {
      const m = byMarket.get(b.marketId) ?? {
        eventId: b.eventId,
        title: b.betTitle,
        market: b.marketName,
        bets: 0,
        stake: ZERO_PAISE,
      };
      m.bets += 1;
      m.stake = addPaise(m.stake, b.stake);
      byMarket.set(b.marketId, m);
    }
    return [...byMarket.entries()].map(([marketId, m]) => ({
      marketId,
      ...m,
      exposure: pnl.data?.find((p) => p.marketId === marketId)?.exposure ?? null,
    }));
  }, [openBets.data, pnl.data]);
  return (
    <section className="page">
      <PageHeader title={t('betting.myMarkets.title')} />
      <ReadStates
        read={openBets}
        isEmpty={() => markets.length === 0}
        empty={
          <EmptyState icon={faList} title={t('betting.myMarkets.emptyTitle')} action={<BrowseInPlayLink />}>
            {t('betting.myMarkets.emptyText')}
          </EmptyState>
        }
      >
        {() => (
          <ul className="market-cards">
            {markets.map((m) => (
              <li key={m.marketId} className="card market-card">
                <Link to={`/markets/${m.eventId}`} className="market-card__link">
                  <strong>{m.title}</strong>
                  <span className="muted">{m.market}</span>
                </Link>
                <dl className="market-card__figures">
                  <div>
                    <dt>{t('betting.myMarkets.bets')}</dt>
                    <dd>{m.bets}</dd>
                  </div>
                  <div>
                    <dt>{t('betting.term.stake')}</dt>
                    <dd>₹{formatMoney(m.stake)}</dd>
                  </div>
                  <div>
                    <dt>{t('betting.term.exposure')}</dt>
                    <dd className="neg">{m.exposure == null ? '—' : `₹${formatMoney(m.exposure)}`}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </ReadStates>
    </section>
  );
}
