import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paise } from '@backlay/exchange';
import { oddsPush, ServerPushSchema, userBalancePush, type ServerPush } from '@backlay/contract';
import { parseHubMessage, parseUserBalance } from './connection';

/** What the server puts on the wire for a push (it encodes with the same contract schema). */
const wire = (push: ServerPush) => JSON.stringify(z.encode(ServerPushSchema, push));

const scoreCard = oddsPush({
  kind: 'scoreCard',
  scoreCard: {
    sport: 'kabaddi',
    eventId: 9,
    home: 'Patna',
    away: 'Puneri',
    homePoints: 21,
    awayPoints: 18,
    half: 2,
    minute: 31,
    raids: 60,
    allOuts: [1, 0],
    status: 'SECOND_HALF',
    summary: 'Patna 21-18',
  },
});

describe('parsing hub pushes with the contract', () => {
  it('takes what the server sends, as text or as an object, typed by Code', () => {
    const balance = userBalancePush({ Balance: paise(150_050), Exposure: paise(-20_000) });
    expect(wire(balance)).toBe('{"Code":"UserBalance","Data":{"Balance":1500.5,"Exposure":-200}}');
    // Rupees on the wire, paise once parsed.
    expect(parseHubMessage(wire(balance))).toEqual(balance);
    expect(parseHubMessage(JSON.parse(wire(scoreCard)))).toEqual(scoreCard);
    const parsed = parseHubMessage(wire(scoreCard));
    expect(parsed?.Code === 'ScoreCard' && parsed.Data.scoreCard.sport).toBe('kabaddi');
  });

  it('refuses a push the contract does not know or whose Data does not match', () => {
    expect(parseHubMessage({ Code: 'Bonus', Data: {} })).toBeNull();
    expect(
      parseHubMessage({ Code: 'ScoreCard', Data: { kind: 'scoreCard', scoreCard: { sport: 'chess' } } }),
    ).toBeNull();
    expect(parseHubMessage({ Code: 'UserBalance', Data: { Balance: 1, Exposure: null } })).toBeNull();
    expect(parseHubMessage(null)).toBeNull();
  });

  it('reads the balance of a UserBalance push and nothing from the others', () => {
    expect(parseUserBalance(userBalancePush({ Balance: paise(1000), Exposure: paise(250) }))).toEqual({
      balance: 1000,
      exposure: 250,
    });
    expect(
      parseUserBalance(
        userBalancePush({ Balance: paise(1000), Exposure: paise(250), BonusBalance: paise(50_000) }),
      ),
    ).toEqual({ balance: 1000, exposure: 250, bonus: 50_000 });
    expect(parseUserBalance(scoreCard)).toBeNull();
  });
});
