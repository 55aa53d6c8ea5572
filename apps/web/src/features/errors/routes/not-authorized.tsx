import { Link } from 'react-router';
import { faBan } from '@fortawesome/free-solid-svg-icons';
import { FullPage } from '../components/FullPage';

export function NotAuthorizedRoute() {
  return (
    <FullPage code="403" icon={faBan} title="You are not authorized to view this page">
      <p>Your account does not have access here.</p>
      <Link to="/inplay" className="btn btn--primary">
        Go to In-Play
      </Link>
    </FullPage>
  );
}
