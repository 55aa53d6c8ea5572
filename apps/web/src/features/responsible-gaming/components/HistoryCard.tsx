import { useId } from 'react';
import type { RgChange } from '@backlay/contract';
import { formatDateTime } from '@/shared/lib/date';
import { t } from '../i18n';
import { changeName, changeValue, statusLabel } from '../lib/labels';

const CHIP: Record<RgChange['status'], string> = {
  applied: 'status-chip--ok',
  pending: 'status-chip--pending',
  cancelled: 'status-chip--off',
};

/** The changes asked for, newest first: when each was asked, when it took (or takes) effect. */
export function HistoryCard({ history }: { history: RgChange[] }) {
  const id = useId();
  return (
    <section className="card rg-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="rg-card__title">
        {t('responsible-gaming.history.title')}
      </h3>
      {history.length === 0 ? (
        <p className="hint">{t('responsible-gaming.history.empty')}</p>
      ) : (
        <div className="rg-history">
          <table className="rg-history__table" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col">{t('responsible-gaming.history.change')}</th>
                <th scope="col">{t('responsible-gaming.history.from')}</th>
                <th scope="col">{t('responsible-gaming.history.to')}</th>
                <th scope="col">{t('responsible-gaming.history.requested')}</th>
                <th scope="col">{t('responsible-gaming.history.effective')}</th>
                <th scope="col">{t('responsible-gaming.history.status')}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((c) => (
                <tr key={c.id}>
                  <th scope="row">{changeName(c)}</th>
                  <td>{changeValue(c, c.from)}</td>
                  <td>{changeValue(c, c.to)}</td>
                  <td>{formatDateTime(c.requestedAt)}</td>
                  <td>{formatDateTime(c.effectiveAt)}</td>
                  <td>
                    <span className={`status-chip ${CHIP[c.status]}`}>{statusLabel(c.status)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
