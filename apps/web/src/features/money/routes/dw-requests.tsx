import { faList } from '@fortawesome/free-solid-svg-icons';
import { ComingSoonPage } from '../components/ComingSoonPage';

export const DwRequestsRoute = () => (
  <ComingSoonPage
    title="Deposit & Withdrawal Requests"
    icon={faList}
    empty="No requests yet"
    text="Your deposit and withdrawal requests and their status appear here."
  />
);
