import { Link } from 'react-router';
import { t } from '../i18n';

/** The way out of an empty bets page: the live markets. */
export const BrowseInPlayLink = () => (
  <Link to="/inplay" className="btn btn--primary">
    {t('betting.empty.browseInPlay')}
  </Link>
);
