import { faMoneyBill } from '@fortawesome/free-solid-svg-icons';
import { ComingSoonPage } from '../components/ComingSoonPage';

export const ReferralRoute = () => (
  <ComingSoonPage
    title="Refer & Earn"
    icon={faMoneyBill}
    empty="Your referral code is on its way"
    text="Share your code; rewards for friends who join appear here."
  />
);
