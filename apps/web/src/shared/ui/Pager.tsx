import { faAngleLeft, faAngleRight } from '@fortawesome/free-solid-svg-icons';
import { t } from '../i18n/t';
import { Icon } from './Icon';

/** Previous and next around "Page n of m"; hidden when everything fits on one page, unless `showSingle`. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  showSingle = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  showSingle?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && !showSingle) return null;
  return (
    <nav className="pager" aria-label={t('shared.pager.label')}>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
        aria-label={t('shared.pager.previous')}
      >
        <Icon icon={faAngleLeft} />
      </button>
      <span>{t('shared.pager.position', { page: String(page + 1), pages: String(pages) })}</span>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('shared.pager.next')}
      >
        <Icon icon={faAngleRight} />
      </button>
    </nav>
  );
}
