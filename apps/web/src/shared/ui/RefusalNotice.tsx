import { Link } from 'react-router';
import { faCircleExclamation } from '@fortawesome/free-solid-svg-icons';
import { t } from '../i18n/t';
import { Icon } from './Icon';

/**
 * A refusal by the player's own limit or break (shared/http/errors.ts, responsibleGamingRefusal):
 * the server's words in full where the player is looking, and the way to the Responsible Gaming
 * page, where the limit or the break can be read and changed.
 */
export function RefusalNotice({ message, testId }: { message: string; testId?: string }) {
  return (
    <div className="refusal-notice" role="alert" data-testid={testId}>
      <p className="refusal-notice__text">
        <Icon icon={faCircleExclamation} /> {message}
      </p>
      <Link to="/responsible-gaming" className="refusal-notice__link">
        {t('shared.responsibleGaming')}
      </Link>
    </div>
  );
}
