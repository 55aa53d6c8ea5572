import { Link } from 'react-router';
import { faMagnifyingGlass } from '@fortawesome/free-solid-svg-icons';
import { FullPage } from '../components/FullPage';

/** /error-404: where every unknown path lands. */
export function NotFoundRoute() {
  return (
    <FullPage code="404" icon={faMagnifyingGlass} title="Page not found">
      <p>The address you opened does not exist.</p>
      <Link to="/inplay" className="btn btn--primary">
        Go to In-Play
      </Link>
    </FullPage>
  );
}
