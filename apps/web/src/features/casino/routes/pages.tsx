import { Link } from 'react-router';
import { faDownload, faStar } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';

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

export const CasinoRoute = () => <LobbyRoute title="Casino" />;
export const LobbyPageRoute = () => (
  <section className="page">
    <PageHeader title="Game" />
    <EmptyState icon={faDownload} title="No game selected">
      Choose a game in the lobby to play it here.
    </EmptyState>
  </section>
);
