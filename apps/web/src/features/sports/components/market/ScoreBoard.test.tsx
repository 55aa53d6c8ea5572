import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HorseRacingScoreCard } from '@backlay/contract';
import { ScoreBoard } from './ScoreBoard';

const START = Date.UTC(2026, 10, 24, 5, 0, 0);

function race(offTime: number, summary: string, phase: HorseRacingScoreCard['phase'] = 'PRE_RACE') {
  return {
    sport: 'horseRacing',
    eventId: 9,
    course: 'Bangalore',
    raceName: 'The Governor’s Cup',
    distanceMetres: 2000,
    going: 'Good',
    offTime: new Date(offTime).toISOString(),
    countdownSeconds: Math.ceil((offTime - START) / 1000),
    phase,
    runners: [],
    summary,
  } satisfies HorseRacingScoreCard;
}

/** Every countdown the page shows, as text. */
function countdowns(): string[] {
  return screen.getAllByText(/off in/i).map((el) => el.parentElement?.textContent ?? '');
}

describe('the horse-racing countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows one countdown before the off, not the feed summary written when the message left', () => {
    // The feed wrote "28m 14s" four seconds before the page read it.
    render(<ScoreBoard card={race(START + (28 * 60 + 10) * 1000, 'Off in 28m 14s')} fallback={null} />);
    expect(countdowns()).toEqual(['Off in 28:10']);
  });

  it('two countdowns mounted apart read the same at every tick', () => {
    const off = START + 10_700;
    // No feed summary here: only the two clocks are compared.
    const card = race(off, '');
    render(
      <div data-testid="first">
        <ScoreBoard card={card} fallback={null} />
      </div>,
    );
    act(() => vi.advanceTimersByTime(600));
    render(
      <div data-testid="second">
        <ScoreBoard card={card} fallback={null} />
      </div>,
    );
    for (let tick = 0; tick < 12; tick += 1) {
      const [first, second] = countdowns();
      expect(second).toBe(first);
      act(() => vi.advanceTimersByTime(250));
    }
    act(() => vi.advanceTimersByTime(10_000));
    expect(countdowns()).toEqual(['Off in 0:00', 'Off in 0:00']);
  });

  it('once running, the feed summary says how far the race has gone', () => {
    render(<ScoreBoard card={race(START - 5000, 'Running: 40%', 'RUNNING')} fallback={null} />);
    expect(screen.getByText('Running: 40%')).toBeTruthy();
    expect(screen.queryByText(/off in/i)).toBeNull();
  });
});
