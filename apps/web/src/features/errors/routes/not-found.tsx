import { Link } from 'react-router';
import { faMagnifyingGlass } from '@fortawesome/free-solid-svg-icons';
import { FullPage } from '../components/FullPage';
import { t } from '../i18n';

/** /error-404: where every unknown path lands. */
export function NotFoundRoute() {
  return (
    <FullPage code="404" icon={faMagnifyingGlass} title={t('errors.notFound.title')}>
      <p>{t('errors.notFound.text')}</p>
      <Link to="/inplay" className="btn btn--primary">
        {t('errors.goToInPlay')}
      </Link>
    </FullPage>
  );
}
