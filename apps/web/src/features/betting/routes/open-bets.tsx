import { faList } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { useUserExpectedProfitLoss } from '../api/get-user-expected-profit-loss';
import { useUserOpenBets } from '../api/get-user-open-bets';
import { BrowseInPlayLink } from '../components/BrowseInPlayLink';
import { Positions } from '../components/Positions';
import { ReadStates } from '../components/ReadStates';
import { t } from '../i18n';
import '../betting.css';

/** /open-bets: every unsettled bet, matched or waiting unmatched, as positions by market. */
export function OpenBetsRoute() {
  const read = useUserOpenBets(true);
  const pnl = useUserExpectedProfitLoss(true);
  const { data } = read;
  return (
    <section className="page">
      <PageHeader title={t('betting.openBets.title')}>
        {data && (
          <span className="page-header__meta">
            {t('betting.term.exposure')} <strong className="neg">₹{formatMoney(data.exposure)}</strong>
          </span>
        )}
      </PageHeader>
      <ReadStates
        read={read}
        isEmpty={(d) => d.openBets.length === 0}
        empty={
          <EmptyState icon={faList} title={t('betting.openBets.emptyTitle')} action={<BrowseInPlayLink />}>
            {t('betting.openBets.emptyText')}
          </EmptyState>
        }
      >
        {(d) => <Positions bets={d.openBets} pnl={pnl.data} />}
      </ReadStates>
    </section>
  );
}
