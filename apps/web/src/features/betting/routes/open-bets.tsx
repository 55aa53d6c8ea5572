import { faList } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { useUserOpenBets } from '../api/get-user-open-bets';
import { BrowseInPlayLink } from '../components/BrowseInPlayLink';
import { OpenBetsList } from '../components/OpenBetsList';
import { ReadStates } from '../components/ReadStates';
import '../betting.css';

/** /open-bets: every matched, unsettled bet. */
export function OpenBetsRoute() {
  const read = useUserOpenBets(true);
  const { data } = read;
  return (
    <section className="page">
      <PageHeader title="Open Bets">
        {data && (
          <span className="page-header__meta">
            Exposure <strong className="neg">₹{formatMoney(data.exposure)}</strong>
          </span>
        )}
      </PageHeader>
      <ReadStates
        read={read}
        isEmpty={(d) => d.openBets.length === 0}
        empty={
          <EmptyState icon={faList} title="No open bets" action={<BrowseInPlayLink />}>
            Bets you place show here until their market settles.
          </EmptyState>
        }
      >
        {(d) => (
          <div className="card card--list">
            <OpenBetsList bets={d.openBets} />
          </div>
        )}
      </ReadStates>
    </section>
  );
}
