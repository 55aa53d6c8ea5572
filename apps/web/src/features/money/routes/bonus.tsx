import { faMoneyBill } from '@fortawesome/free-solid-svg-icons';
import { ComingSoonPage } from '../components/ComingSoonPage';

export const BonusRoute = () => (
  <ComingSoonPage
    title="Bonus"
    icon={faMoneyBill}
    empty="No bonuses available"
    text="Bonuses you can claim appear here."
  />
);
