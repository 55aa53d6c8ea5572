import { Link } from 'react-router';
import { faLifeRing } from '@fortawesome/free-solid-svg-icons';
import { FullPage } from '../components/FullPage';
import { t } from '../i18n';

export function ServerErrorRoute() {
  return (
    <FullPage code="500" icon={faLifeRing} title={t('errors.serverError.title')}>
      <p>{t('errors.serverError.text')}</p>
      <Link to="/inplay" className="btn btn--primary">
        {t('errors.goToInPlay')}
      </Link>
    </FullPage>
  );
}
