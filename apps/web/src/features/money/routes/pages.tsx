import { Link } from 'react-router';
import { faBuildingColumns, faCreditCard, faList, faMoneyBill } from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';

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
          <Link to="/inplay" className="btn btn--outline">
            Back to In-Play
          </Link>
        }
      >
        {text}
      </EmptyState>
    </section>
  );
}

export const DwRequestsRoute = () => (
  <Pending
    title="Deposit & Withdrawal Requests"
    icon={faList}
    empty="No requests yet"
    text="Your deposit and withdrawal requests and their status appear here."
  />
);
export const DepositRoute = () => (
  <Pending
    title="Deposit"
    icon={faCreditCard}
    empty="Deposits are opening soon"
    text="Add money by UPI, IMPS or wallet transfer from this page."
  />
);
export const WithdrawalRoute = () => (
  <Pending
    title="Withdrawal"
    icon={faBuildingColumns}
    empty="Withdrawals are opening soon"
    text="Withdraw to your bank account from this page."
  />
);
export const BonusRoute = () => (
  <Pending
    title="Bonus"
    icon={faMoneyBill}
    empty="No bonuses available"
    text="Bonuses you can claim appear here."
  />
);
export const ReferralRoute = () => (
  <Pending
    title="Refer & Earn"
    icon={faMoneyBill}
    empty="Your referral code is on its way"
    text="Share your code; rewards for friends who join appear here."
  />
);
