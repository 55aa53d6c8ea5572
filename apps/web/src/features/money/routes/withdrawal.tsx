import { faBuildingColumns } from '@fortawesome/free-solid-svg-icons';
import { ComingSoonPage } from '../components/ComingSoonPage';

export const WithdrawalRoute = () => (
  <ComingSoonPage
    title="Withdrawal"
    icon={faBuildingColumns}
    empty="Withdrawals are opening soon"
    text="Withdraw to your bank account from this page."
  />
);
