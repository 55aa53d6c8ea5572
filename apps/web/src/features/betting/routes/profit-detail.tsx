import { Link, useParams } from 'react-router';
import { faMoneyBill } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { useUserProfitLossDetail } from '../api/get-user-profit-loss-detail';
import { BetTable } from '../components/BetTable';
import { ReadStates } from '../components/ReadStates';
import { t } from '../i18n';
import { pnlClass, signedMoney } from '../lib/format';
import '../betting.css';

/** /profit-detail/{id}: one event's settled markets and their bets. */
export function ProfitDetailRoute() {
  const { id } = useParams();
  const eventId = Number(id);
  const read = useUserProfitLossDetail(eventId);
  const { data } = read;
  return (
    <section className="page">
      <PageHeader title={data?.eventName ?? t('betting.profitDetail.title')}>
        <Link to="/ProfitLoss" className="btn btn--outline btn--small">
          {t('betting.profitDetail.allEvents')}
        </Link>
      </PageHeader>
      {!Number.isSafeInteger(eventId) || eventId <= 0 ? (
        <EmptyState icon={faMoneyBill} title={t('betting.profitDetail.emptyTitle')} />
      ) : (
        <ReadStates
          read={read}
          isEmpty={(d) => d.markets.length === 0}
          empty={
            <EmptyState icon={faMoneyBill} title={t('betting.profitDetail.emptyTitle')}>
              {t('betting.profitDetail.emptyText')}
            </EmptyState>
          }
        >
          {(d) =>
            d.markets.map((m) => (
              <section key={m.marketId} className="pl-market">
                <header className="pl-market__head">
                  <div>
                    <h2 className="section-title">{m.marketName}</h2>
                    <span className="muted">{t('betting.profitDetail.result', { result: m.result })}</span>
                  </div>
                  <strong className={pnlClass(m.profitLoss)}>{signedMoney(m.profitLoss)}</strong>
                </header>
                <BetTable items={m.bets} />
              </section>
            ))
          }
        </ReadStates>
      )}
    </section>
  );
}
