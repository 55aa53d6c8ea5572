import { Link } from 'react-router';
import { faLifeRing } from '@fortawesome/free-solid-svg-icons';
import { FullPage } from '../components/FullPage';

export function ServerErrorRoute() {
  return (
    <FullPage code="500" icon={faLifeRing} title="Something went wrong">
      <p>We could not complete that. Please try again in a moment.</p>
      <Link to="/inplay" className="btn btn--primary">
        Go to In-Play
      </Link>
    </FullPage>
  );
}
