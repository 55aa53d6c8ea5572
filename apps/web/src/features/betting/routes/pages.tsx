import { Link } from 'react-router';
import { faList, faBook, faMoneyBill } from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';

/** A betting screen before its data arrives: says plainly what will be here. */
function Pending({
  title,
  icon,
  empty,
  text,
}: {
  title: string;
  icon: IconDefinition;
  empty: string;
  text: string;
}) {
  return (
    <section className="page">
      <PageHeader title={title} />
      <EmptyState
        icon={icon}
        title={empty}
        action={
          <Link to="/inplay" className="btn btn--primary">
            Browse In-Play
          </Link>
        }
      >
        {text}
      </EmptyState>
    </section>
  );
}

export const MyMarketsRoute = () => (
  <Pending
    title="My Markets"
    icon={faList}
    empty="No markets with your bets"
    text="Markets where you hold a position appear here."
  />
);
export const OpenBetsRoute = () => (
  <Pending
    title="Open Bets"
    icon={faList}
    empty="No open bets"
    text="Bets you place show here until their market settles."
  />
);
export const MyBetsRoute = () => (
  <Pending
    title="My Bets"
    icon={faList}
    empty="No bets yet"
    text="Your matched and unmatched bets appear here."
  />
);
export const BetHistoryRoute = () => (
  <Pending
    title="Bet History"
    icon={faBook}
    empty="No settled bets"
    text="Settled bets and their results will be listed here by date."
  />
);
export const ProfitLossRoute = () => (
  <Pending
    title="Profit & Loss"
    icon={faMoneyBill}
    empty="No profit or loss yet"
    text="Your results per event appear here once markets settle."
  />
);
export const ProfitDetailRoute = () => (
  <Pending
    title="Profit & Loss Detail"
    icon={faMoneyBill}
    empty="Nothing to show for this event"
    text="The bets behind an event's result appear here."
  />
);
