import { Link } from 'react-router';
import { faCircleExclamation } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '@/shared/ui/Icon';
import { t } from '../i18n';

/** A deposit refused for responsible gaming: the server's message in plain view, and where to change it. */
export function DepositRefusal({ message }: { message: string }) {
  return (
    <div className="money-refusal" role="alert" data-testid="deposit-refusal">
      <p className="money-refusal__text">
        <Icon icon={faCircleExclamation} /> {message}
      </p>
      <Link to="/responsible-gaming" className="money-refusal__link">
        {t('money.refusal.responsibleGaming')}
      </Link>
    </div>
  );
}
