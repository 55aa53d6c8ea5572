/** The server's refusal, or the bet on its way, counting down the in-play delay while it is held. */
export function PlacingStatus({
  error,
  pending,
  countdown,
}: {
  error: string | null;
  pending: boolean;
  countdown: number;
}) {
  return (
    <>
      {error && (
        <p className="betslip__error" role="alert">
          {error}
        </p>
      )}

      {pending && (
        <p className="betslip__pending" role="status">
          {countdown > 0 ? (
            <>
              Holding your bet for the in-play delay:{' '}
              <strong data-testid="betslip-countdown">{countdown}s</strong>
            </>
          ) : (
            'Placing your bet…'
          )}
        </p>
      )}
    </>
  );
}
