import { Link } from 'react-router';
import { faRuler } from '@fortawesome/free-solid-svg-icons';
import { EmptyState } from '@/shared/ui/feedback';

export function UnderConstructionRoute() {
  return (
    <section className="page">
      <EmptyState
        icon={faRuler}
        title="We are building this page"
        action={
          <Link to="/inplay" className="btn btn--primary">
            Go to In-Play
          </Link>
        }
      >
        It will be ready soon.
      </EmptyState>
    </section>
  );
}

export default UnderConstructionRoute;
