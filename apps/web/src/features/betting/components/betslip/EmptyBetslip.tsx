/** The slip before any price is tapped. */
export function EmptyBetslip() {
  return (
    <section className="betslip betslip--empty card" aria-label="Betslip">
      <header className="betslip__head">
        <h2 className="betslip__title">Betslip</h2>
      </header>
      <p className="betslip__hint">Tap a back or lay price to add a bet here.</p>
    </section>
  );
}
