import { useState } from 'react';
import type { ExpectedProfitLoss, FancyMarket } from '@backlay/contract';
import { faBook } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { Icon } from '@/shared/ui/Icon';
import { Modal } from '@/shared/ui/Modal';
import { t } from '../i18n';
import { pnlClass, signedMoney } from '../lib/format';

/** The fancy book: the player's result for every range of runs. */
export function FancyBook({ market, position }: { market: FancyMarket; position: ExpectedProfitLoss }) {
  const [open, setOpen] = useState(false);
  const buckets = [...position.runners].sort((a, b) => a.runnerId - b.runnerId);
  return (
    <>
      <button type="button" className="btn btn--outline btn--small" onClick={() => setOpen(true)}>
        <Icon icon={faBook} /> {t('betting.book.button')}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('betting.book.title', { market: market.name })}
        name="fancy-book"
      >
        <table className="data-table book-table">
          <thead>
            <tr>
              <th scope="col">{t('betting.book.runs')}</th>
              <th scope="col" className="num">
                {t('betting.term.profitLoss')}
              </th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b, i) => {
              const next = buckets[i + 1];
              const label = next
                ? next.runnerId - 1 === b.runnerId
                  ? `${b.runnerId}`
                  : `${b.runnerId} – ${next.runnerId - 1}`
                : t('betting.book.andMore', { runs: String(b.runnerId) });
              return (
                <tr key={b.runnerId}>
                  <td>{label}</td>
                  <td className={`num ${pnlClass(b.amount)}`}>{signedMoney(b.amount)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="hint">{t('betting.book.exposure', { amount: formatMoney(position.exposure) })}</p>
      </Modal>
    </>
  );
}
