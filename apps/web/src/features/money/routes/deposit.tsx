import { faCreditCard } from '@fortawesome/free-solid-svg-icons';
import { ComingSoonPage } from '../components/ComingSoonPage';

export const DepositRoute = () => (
  <ComingSoonPage
    title="Deposit"
    icon={faCreditCard}
    empty="Deposits are opening soon"
    text="Add money by UPI, IMPS or wallet transfer from this page."
  />
);
