import { faBook } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, PageHeader, Spinner } from '@/shared/ui/feedback';
import { formatDate } from '@/shared/lib/date';
import { usePageContent, type ContentPage } from '../api/get-page-content';

/** Rules and regulations, exclusion policy, responsible gaming: written by the operator per domain. */
export function ContentPageRoute({ page, fallbackTitle }: { page: ContentPage; fallbackTitle: string }) {
  const query = usePageContent(page);
  if (query.isPending) {
    return (
      <section className="page">
        <PageHeader title={fallbackTitle} />
        <Spinner />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="page">
        <PageHeader title={fallbackTitle} />
        <EmptyState
          icon={faBook}
          title="This page could not be loaded"
          action={
            <button type="button" className="btn btn--outline" onClick={() => void query.refetch()}>
              Try again
            </button>
          }
        >
          {query.error.message}
        </EmptyState>
      </section>
    );
  }
  const content = query.data;
  return (
    <article className="page content-page">
      <PageHeader title={content.title} />
      {content.sections.map((section, i) => (
        <section className="card content-page__section" key={`${section.heading}-${i}`}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p, j) => (
            <p key={j}>{p}</p>
          ))}
        </section>
      ))}
      {content.updatedAt && <p className="hint">Last updated {formatDate(content.updatedAt)}</p>}
    </article>
  );
}

export const RuleRegulationsRoute = () => (
  <ContentPageRoute page="rule-regulations" fallbackTitle="Rules & Regulations" />
);
export const ExclusionPolicyRoute = () => (
  <ContentPageRoute page="exclusion-policy" fallbackTitle="Exclusion Policy" />
);
export const ResponsibleGamingRoute = () => (
  <ContentPageRoute page="responsible-gaming" fallbackTitle="Responsible Gaming" />
);
