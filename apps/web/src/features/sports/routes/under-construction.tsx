import { Link } from 'react-router';
import { faRuler } from '@fortawesome/free-solid-svg-icons';
import { EmptyState } from '@/shared/ui/feedback';
import { t } from '../i18n';

export function UnderConstructionRoute() {
  return (
    <section className="page">
      <EmptyState
        icon={faRuler}
        title={t('sports.building')}
        action={
          <Link to="/inplay" className="btn btn--primary">
            {t('sports.goInPlay')}
          </Link>
        }
      >
        {t('sports.buildingText')}
      </EmptyState>
    </section>
  );
}

export default UnderConstructionRoute;
