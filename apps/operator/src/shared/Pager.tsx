/**
 * Previous / next through a list the server pages (`SkipCount`, `MaxResultCount`), with the count;
 * a list of one page shows its count alone.
 */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  className = 'pager',
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  className?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 0) return <p className="muted pad small">{total} in all</p>;
  return (
    <nav className={className} aria-label="Pages">
      <button type="button" className="btn btn--small" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="small">
        Page {page + 1} of {pages} · {total} in all
      </span>
      <button
        type="button"
        className="btn btn--small"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
