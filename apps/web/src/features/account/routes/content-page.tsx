import { faBook } from '@fortawesome/free-solid-svg-icons';
import { EmptyState, PageHeader, Spinner } from '@/shared/ui/feedback';
import { useLanguageStore } from '@/shared/i18n';
import { formatDate } from '@/shared/lib/date';
import { usePageContent, type ContentPage } from '../api/get-page-content';
import { t } from '../i18n';

/** Rules and regulations, exclusion policy, responsible gaming: written by the operator per domain. */
export function ContentPageRoute({ page, fallbackTitle }: { page: ContentPage; fallbackTitle: string }) {
  const query = usePageContent(page);
  const language = useLanguageStore((state) => state.language);
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
          title={t('account.content.loadFailed')}
          action={
            <button type="button" className="btn btn--outline" onClick={() => void query.refetch()}>
              {t('account.tryAgain')}
            </button>
          }
        >
          {query.error.message}
        </EmptyState>
      </section>
    );
  }
  const content = query.data;
  // The operator's text may be in English on a Hindi screen: its language is marked, for screen
  // readers and fonts, and the client's own line below it is in the screen's.
  return (
    <article className="page content-page" lang={content.language}>
      <PageHeader title={content.title} />
      {content.sections.map((section, i) => (
        <section className="card content-page__section" key={`${section.heading}-${i}`}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p, j) => (
            <p key={j}>{p}</p>
          ))}
        </section>
      ))}
      {content.updatedAt && (
        <p className="hint" lang={language}>
          {t('account.content.updated', { date: formatDate(content.updatedAt) })}
        </p>
      )}
    </article>
  );
}

export const RuleRegulationsRoute = () => (
  <ContentPageRoute page="rule-regulations" fallbackTitle={t('account.content.rules')} />
);
export const ExclusionPolicyRoute = () => (
  <ContentPageRoute page="exclusion-policy" fallbackTitle={t('account.content.exclusion')} />
);
export const ResponsibleGamingRoute = () => (
  <ContentPageRoute page="responsible-gaming" fallbackTitle={t('account.content.responsibleGaming')} />
);
