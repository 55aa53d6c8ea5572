import type { PlayerSummary } from '@backlay/contract';

const LABELS: Record<PlayerSummary['status'], string> = {
  pending: 'Pending',
  active: 'Active',
  locked: 'Locked',
  closed: 'Closed',
};

/** A player's account status as a coloured tag (pending: mobile not verified yet). */
export function PlayerStatus({ status }: { status: PlayerSummary['status'] }) {
  return <span className={`player-status player-status--${status}`}>{LABELS[status]}</span>;
}
