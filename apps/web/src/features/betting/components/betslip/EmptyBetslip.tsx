import { t } from '../../i18n';

/** The slip before any price is tapped. */
export function EmptyBetslip() {
  return (
    <section className="betslip betslip--empty card" aria-label={t('betting.slip.title')}>
      <header className="betslip__head">
        <h2 className="betslip__title">{t('betting.slip.title')}</h2>
      </header>
      <p className="betslip__hint">{t('betting.slip.emptyHint')}</p>
    </section>
  );
}
