// How a round's outcome reads, for the game pages and the verification page alike (pure: no DOM).
import { formatCard, isRed, type Card } from '../fair/cards';
import { andarBahar, type AndarBaharOutcome } from '../games/andar-bahar';
import { dice, type DiceOutcome } from '../games/dice';
import { dragonTiger, type DragonTigerOutcome } from '../games/dragon-tiger';
import type { FairGame, GameId } from '../games/game';
import { lucky7, type Lucky7Outcome } from '../games/lucky7';
import { teenPatti, type TeenPattiOutcome } from '../games/teen-patti';

/** The rules the browser replays: imported from src/games, the very code the tables run. */
export const BROWSER_GAMES: Readonly<Record<GameId, FairGame<unknown>>> = {
  'teen-patti-2020': teenPatti,
  'andar-bahar': andarBahar,
  'dragon-tiger': dragonTiger,
  'lucky-7': lucky7,
  dice,
};

export function isGameId(id: string): id is GameId {
  return Object.hasOwn(BROWSER_GAMES, id);
}

export interface CardView {
  readonly text: string;
  readonly red: boolean;
}

export interface HandView {
  readonly label: string;
  readonly cards: readonly CardView[];
  /** E.g. "pair", for Teen Patti. */
  readonly note?: string;
}

export interface OutcomeView {
  /** "Player A wins", "Tie", "Roll 42.17". */
  readonly headline: string;
  /** A one or two character mark for the results strip: "A", "B", "T", "D", "7", "L"… */
  readonly mark: string;
  /** The market key that won (or the band/side), for styling. */
  readonly winner: string;
  readonly hands: readonly HandView[];
}

const cardView = (c: Card): CardView => ({ text: formatCard(c), red: isRed(c) });
const CATEGORY_NAMES: Readonly<Record<string, string>> = {
  trail: 'trail',
  'pure-sequence': 'pure sequence',
  sequence: 'sequence',
  colour: 'colour',
  pair: 'pair',
  'high-card': 'high card',
};

/** Two decimals of a roll in hundredths, without float formatting: 4217 → "42.17". */
export function hundredthsText(n: number): string {
  return `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
}

export function outcomeView(gameId: GameId, outcome: unknown): OutcomeView {
  switch (gameId) {
    case 'teen-patti-2020': {
      const o = outcome as TeenPattiOutcome;
      return {
        headline:
          o.winner === 'tie' ? 'Tie: stakes returned' : `Player ${o.winner === 'playerA' ? 'A' : 'B'} wins`,
        mark: o.winner === 'tie' ? 'T' : o.winner === 'playerA' ? 'A' : 'B',
        winner: o.winner,
        hands: [
          { label: 'Player A', cards: o.playerA.map(cardView), note: CATEGORY_NAMES[o.handA.category] },
          { label: 'Player B', cards: o.playerB.map(cardView), note: CATEGORY_NAMES[o.handB.category] },
        ],
      };
    }
    case 'andar-bahar': {
      const o = outcome as AndarBaharOutcome;
      return {
        headline: `${o.winner === 'andar' ? 'Andar' : 'Bahar'} wins`,
        mark: o.winner === 'andar' ? 'A' : 'B',
        winner: o.winner,
        hands: [
          { label: 'Joker', cards: [cardView(o.joker)] },
          { label: 'Andar', cards: o.andar.map(cardView) },
          { label: 'Bahar', cards: o.bahar.map(cardView) },
        ],
      };
    }
    case 'dragon-tiger': {
      const o = outcome as DragonTigerOutcome;
      return {
        headline: o.winner === 'tie' ? 'Tie' : `${o.winner === 'dragon' ? 'Dragon' : 'Tiger'} wins`,
        mark: o.winner === 'tie' ? '=' : o.winner === 'dragon' ? 'D' : 'T',
        winner: o.winner,
        hands: [
          { label: 'Dragon', cards: [cardView(o.dragon)] },
          { label: 'Tiger', cards: [cardView(o.tiger)] },
        ],
      };
    }
    case 'lucky-7': {
      const o = outcome as Lucky7Outcome;
      const band = o.band === 'seven' ? 'Seven' : o.band === 'low' ? 'Low' : 'High';
      return {
        headline: `${band}, ${o.colour === 'red' ? 'Red' : 'Black'}`,
        mark: o.band === 'seven' ? '7' : o.band === 'low' ? 'L' : 'H',
        winner: o.band,
        hands: [{ label: 'Card', cards: [cardView(o.card)] }],
      };
    }
    case 'dice': {
      const o = outcome as DiceOutcome;
      return {
        headline: `Roll ${hundredthsText(o.roll)}`,
        mark: hundredthsText(o.roll),
        winner: 'roll',
        hands: [],
      };
    }
  }
}

/** ₹ with Indian grouping from whole paise, no float: 123456 → "₹1,234.56". */
export function rupeesText(paise: number): string {
  const sign = paise < 0 ? '−' : '';
  const abs = Math.abs(paise);
  const whole = String(Math.floor(abs / 100));
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}₹${rest ? `${rest},${last3}` : last3}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.5" or "12.50" → 1250 hundredths, by text (no float decides an amount); undefined if not such a number. */
export function hundredthsOf(text: string): number | undefined {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Shared with the server's verifyRound: the page compares outcomes by the same rule. */
export { sameValue } from '../games/same-value';
