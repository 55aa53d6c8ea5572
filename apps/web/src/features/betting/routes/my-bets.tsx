import { Link } from 'react-router';
import { PageHeader } from '@/shared/ui/feedback';
import { useUserExpectedProfitLoss } from '../api/get-user-expected-profit-loss';
import { useUserOpenBets } from '../api/get-user-open-bets';
import { useUserBetHistory } from '../api/get-user-bet-history';
import { BetTable } from '../components/BetTable';
import { Positions } from '../components/Positions';
import { ReadStates } from '../components/ReadStates';
import { t } from '../i18n';
import '../betting.css';

/** /my-bets: what is open now and the latest settled bets. */
export function MyBetsRoute() {
  const open = useUserOpenBets(true);
  const pnl = useUserExpectedProfitLoss(true);
  const settled = useUserBetHistory({ MaxResultCount: 10, SkipCount: 0, status: 'SETTLED' });
  const openBets = open.data?.openBets ?? [];
  return (
    <section className="page">
      <PageHeader title={t('betting.myBets.title')}>
        <Link to="/bet-history" className="btn btn--outline btn--small">
          {t('betting.myBets.fullHistory')}
        </Link>
      </PageHeader>
      <h2 className="section-title">
        {t('betting.myBets.open')} <span className="event-bets__count">{openBets.length}</span>
      </h2>
      <ReadStates
        read={open}
        isEmpty={(d) => d.openBets.length === 0}
        empty={<p className="card card--pad muted">{t('betting.myBets.openEmpty')}</p>}
      >
        {(d) => <Positions bets={d.openBets} pnl={pnl.data} />}
      </ReadStates>
      <h2 className="section-title">{t('betting.myBets.recentlySettled')}</h2>
      <ReadStates
        read={settled}
        isEmpty={(d) => d.items.length === 0}
        empty={<p className="card card--pad muted">{t('betting.myBets.settledEmpty')}</p>}
      >
        {(d) => <BetTable items={d.items} />}
      </ReadStates>
    </section>
  );
}
