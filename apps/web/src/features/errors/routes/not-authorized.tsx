import { Link } from 'react-router';
import { faBan } from '@fortawesome/free-solid-svg-icons';
import { FullPage } from '../components/FullPage';
import { t } from '../i18n';

export function NotAuthorizedRoute() {
  return (
    <FullPage code="403" icon={faBan} title={t('errors.notAuthorized.title')}>
      <p>{t('errors.notAuthorized.text')}</p>
      <Link to="/inplay" className="btn btn--primary">
        {t('errors.goToInPlay')}
      </Link>
    </FullPage>
  );
}
