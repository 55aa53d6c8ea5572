import { Link } from 'react-router';
import { faStar } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';

/** /lobby (and /casino, under its own title): the casino games, none listed yet. */
export function LobbyRoute({ title = 'Casino Lobby' }: { title?: string }) {
  return (
    <section className="page">
      <PageHeader title={title} />
      <EmptyState
        icon={faStar}
        title="Casino games are on their way"
        action={
          <Link to="/inplay" className="btn btn--outline">
            Back to sports
          </Link>
        }
      >
        Live casino and slots from our providers will be listed here.
      </EmptyState>
    </section>
  );
}
