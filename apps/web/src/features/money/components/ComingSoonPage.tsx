import { Link } from 'react-router';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';

/** A money page whose service is not open yet: what will be here, and the way back to In-Play. */
export function ComingSoonPage({
  title,
  icon,
  empty,
  text,
}: {
  title: string;
  icon: IconDefinition;
  empty: string;
  text: string;
}) {
  return (
    <section className="page">
      <PageHeader title={title} />
      <EmptyState
        icon={icon}
        title={empty}
        action={
          <Link to="/inplay" className="btn btn--outline">
            Back to In-Play
          </Link>
        }
      >
        {text}
      </EmptyState>
    </section>
  );
}
