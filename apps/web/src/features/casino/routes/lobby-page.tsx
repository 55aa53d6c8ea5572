import { faDownload } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';

/** /lobby-page: where a chosen game plays. */
export const LobbyPageRoute = () => (
  <section className="page">
    <PageHeader title="Game" />
    <EmptyState icon={faDownload} title="No game selected">
      Choose a game in the lobby to play it here.
    </EmptyState>
  </section>
);
