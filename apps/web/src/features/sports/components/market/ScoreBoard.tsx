import type {
  CricketScoreCard,
  FootballScoreCard,
  HorseRacingScoreCard,
  KabaddiScoreCard,
  ScoreCard,
  TennisScoreCard,
} from '@backlay/contract';
import { secondsUntil, useNow } from '@/shared/lib/clock';
import { formatCountdown } from '@/shared/lib/time';
import { t } from '../../i18n';

function ballClass(ball: string): string {
  if (ball === 'W') return 'ball ball--w';
  if (ball === '4' || ball === '6') return 'ball ball--boundary';
  if (ball === 'wd' || ball === 'nb') return 'ball ball--extra';
  return 'ball';
}

function Cricket({ card }: { card: CricketScoreCard }) {
  return (
    <div className="score score--cricket">
      <div className="score__teams">
        {card.innings.length === 0 && <span className="score__summary">{card.summary}</span>}
        {card.innings.map((inn, i) => (
          <div
            key={i}
            className={`score__line ${inn.team === card.battingTeam && card.phase.startsWith('INNINGS') ? 'score__line--on' : ''}`}
          >
            <span className="score__team">{inn.team}</span>
            <span className="score__runs">
              {inn.runs}/{inn.wickets}
            </span>
            <span className="score__overs">{t('sports.score.overs', { overs: inn.overs })}</span>
          </div>
        ))}
      </div>
      <div className="score__meta">
        {card.currentRunRate != null && <span>CRR {card.currentRunRate.toFixed(2)}</span>}
        {card.target != null && <span>{t('sports.score.target', { target: card.target })}</span>}
        {card.requiredRunRate != null && <span>RRR {card.requiredRunRate.toFixed(2)}</span>}
        <span className="muted">{card.format}</span>
      </div>
      {card.recentBalls.length > 0 && (
        <div className="score__balls" aria-label={t('sports.score.thisOver')}>
          {card.recentBalls.map((b, i) => (
            <span key={i} className={ballClass(b)}>
              {b}
            </span>
          ))}
        </div>
      )}
      {card.innings.length > 0 && <p className="score__summary">{card.summary}</p>}
    </div>
  );
}

function Football({ card }: { card: FootballScoreCard }) {
  const period: Record<FootballScoreCard['period'], string> = {
    PRE: t('sports.score.kickOff'),
    FIRST_HALF: `${card.minute}'`,
    HALF_TIME: t('sports.score.halfTime'),
    SECOND_HALF: `${card.minute}'`,
    FULL_TIME: t('sports.score.fullTime'),
    ABANDONED: t('sports.score.abandoned'),
  };
  return (
    <div className="score score--versus">
      <span className="score__side">{card.home}</span>
      <span className="score__big">
        {card.homeGoals} – {card.awayGoals}
        <small className="score__clock">{period[card.period]}</small>
      </span>
      <span className="score__side score__side--away">{card.away}</span>
    </div>
  );
}

function Tennis({ card }: { card: TennisScoreCard }) {
  return (
    <table className="score score--tennis">
      <thead>
        <tr>
          <th scope="col">
            <span className="muted">{t('sports.score.bestOf', { n: card.bestOf })}</span>
          </th>
          {card.sets.map((_, i) => (
            <th key={i} scope="col">
              S{i + 1}
            </th>
          ))}
          <th scope="col">{card.tieBreak ? 'TB' : t('sports.score.points')}</th>
        </tr>
      </thead>
      <tbody>
        {card.players.map((player, p) => (
          <tr key={player}>
            <th scope="row">
              {card.server === p && card.status === 'IN_PROGRESS' && (
                <span
                  className="serve"
                  aria-label={t('sports.score.serving')}
                  title={t('sports.score.serving')}
                />
              )}
              {player}
            </th>
            {card.sets.map((set, i) => (
              <td key={i}>{set[p as 0 | 1]}</td>
            ))}
            <td className="score__points">{card.points[p as 0 | 1]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Kabaddi({ card }: { card: KabaddiScoreCard }) {
  const clock =
    card.status === 'HALF_TIME'
      ? t('sports.score.halfTime')
      : card.status === 'FINISHED'
        ? t('sports.score.fullTime')
        : card.status === 'NOT_STARTED'
          ? t('sports.score.startsSoon')
          : `${card.minute}' · H${card.half}`;
  return (
    <div className="score score--versus">
      <span className="score__side">{card.home}</span>
      <span className="score__big">
        {card.homePoints} – {card.awayPoints}
        <small className="score__clock">{clock}</small>
      </span>
      <span className="score__side score__side--away">{card.away}</span>
    </div>
  );
}

/**
 * Counted down in the browser from offTime on the page's one clock, so it ticks between feed
 * messages and agrees with any other countdown. Before the off the countdown is the summary: the
 * feed's own "Off in 28m 14s" was written when the message left and would sit beside it, disagreeing.
 */
function Race({ card }: { card: HorseRacingScoreCard }) {
  const preRace = card.phase === 'PRE_RACE';
  const now = useNow(preRace);
  const seconds = secondsUntil(Date.parse(card.offTime), now);
  return (
    <div className="score score--race">
      <div>
        <strong>{card.raceName}</strong>
        <span className="muted">
          {' '}
          · {card.course} · {t('sports.score.metres', { n: card.distanceMetres })} · {card.going}
        </span>
      </div>
      <div className="score__big">
        {card.phase === 'PRE_RACE' ? (
          <>
            <small className="score__clock">{t('sports.score.offIn')}</small> {formatCountdown(seconds)}
          </>
        ) : card.phase === 'RUNNING' ? (
          t('sports.score.running')
        ) : (
          t('sports.score.finished')
        )}
      </div>
      {!preRace && <p className="score__summary">{card.summary}</p>}
    </div>
  );
}

export function ScoreBoard({ card, fallback }: { card: ScoreCard | null; fallback: string | null }) {
  if (!card) return fallback ? <div className="score card">{fallback}</div> : null;
  return (
    <div className="scoreboard card" aria-label={t('sports.scorecard')}>
      {card.sport === 'cricket' && <Cricket card={card} />}
      {card.sport === 'football' && <Football card={card} />}
      {card.sport === 'tennis' && <Tennis card={card} />}
      {card.sport === 'kabaddi' && <Kabaddi card={card} />}
      {card.sport === 'horseRacing' && <Race card={card} />}
    </div>
  );
}
