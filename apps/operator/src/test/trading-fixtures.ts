/** The Trading screen's answers as the server puts them on the wire (money in rupees). */

export function book(overrides: Record<string, unknown> = {}) {
  return { bets: 0, players: 0, matchedStake: 0, unmatchedStake: 0, liability: 0, ...overrides };
}

/** India v Australia's match odds, closed by the feed without a result: awaiting one by hand. */
export function matchOdds(overrides: Record<string, unknown> = {}) {
  return {
    marketId: '1.200.1',
    marketName: 'Match Odds',
    marketType: 'MATCH_ODDS',
    eventId: 200,
    eventName: 'India v Australia',
    competition: 'Border-Gavaskar Trophy',
    sport: 'cricket',
    startTime: '2025-11-24T04:00:00.000Z',
    inPlay: false,
    status: 'closed',
    feedStatus: null,
    result: null,
    closedAt: null,
    settledAt: null,
    runners: [
      { id: 11, name: 'India' },
      { id: 12, name: 'Australia' },
    ],
    cash: book({ bets: 3, players: 2, matchedStake: 1500, unmatchedStake: 200, liability: 1250.5 }),
    playMoney: book({ bets: 1, players: 1, matchedStake: 100, liability: 100 }),
    ...overrides,
  };
}

/** A fancy (runs) market, still offered by the feed. */
export function fancy(overrides: Record<string, unknown> = {}) {
  return matchOdds({
    marketId: '9.200.6',
    marketName: '6 Over Runs IND',
    marketType: 'FANCY',
    status: 'open',
    feedStatus: 'OPEN',
    inPlay: true,
    runners: [],
    cash: book({ bets: 2, players: 2, matchedStake: 800, liability: 900 }),
    playMoney: book(),
    ...overrides,
  });
}

/** A football match odds market voided by hand yesterday. */
export function voidedFootball(overrides: Record<string, unknown> = {}) {
  return matchOdds({
    marketId: '1.300.1',
    eventId: 300,
    eventName: 'Arsenal v Chelsea',
    competition: 'Premier League',
    sport: 'football',
    status: 'voided',
    result: { kind: 'void', reason: 'Match abandoned' },
    closedAt: '2025-11-23T18:00:00.000Z',
    settledAt: '2025-11-23T18:00:02.000Z',
    runners: [
      { id: 21, name: 'Arsenal' },
      { id: 22, name: 'Chelsea' },
      { id: 23, name: 'The Draw' },
    ],
    cash: book({ bets: 1, players: 1, matchedStake: 500 }),
    playMoney: book(),
    ...overrides,
  });
}

export function tradingBet(overrides: Record<string, unknown> = {}) {
  return {
    betId: 501,
    orderId: 501,
    userId: 7,
    userName: 'rahul_k',
    isDemo: false,
    side: 'back',
    runnerId: 11,
    runnerName: 'India',
    odds: 2.5,
    line: null,
    stake: 1000,
    liability: 1000,
    status: 'MATCHED',
    matched: true,
    isCashOut: false,
    placedAt: '2025-11-24T03:30:00.000Z',
    settledAt: null,
    result: null,
    ...overrides,
  };
}

/** Three bets on India in India v Australia's match odds: a back, a lay, a demo player's back. */
export function matchOddsBets(overrides: Record<string, unknown> = {}) {
  return [
    tradingBet(overrides),
    tradingBet({
      betId: 502,
      orderId: 502,
      userId: 8,
      userName: 'asha',
      side: 'lay',
      runnerId: 11,
      runnerName: 'India',
      odds: 1.8,
      stake: 500,
      liability: 400,
      ...overrides,
    }),
    tradingBet({
      betId: 503,
      orderId: 503,
      userId: 9,
      userName: 'demo_1',
      isDemo: true,
      stake: 100,
      liability: 100,
      ...overrides,
    }),
  ];
}

export function totals(overrides: Record<string, unknown> = {}) {
  return {
    players: 0,
    bets: 0,
    matchedStake: 0,
    paidToPlayers: 0,
    takenFromPlayers: 0,
    commission: 0,
    houseNet: 0,
    exposureReleased: 0,
    refunds: 0,
    lapsedOrders: 0,
    lapsedStake: 0,
    ...overrides,
  };
}

/** The preview of India winning: rahul_k's back wins (2 % commission), asha's lay loses its liability. */
export function winnerPreview() {
  return {
    marketId: '1.200.1',
    marketName: 'Match Odds',
    marketType: 'MATCH_ODDS',
    eventName: 'India v Australia',
    result: { kind: 'winner', runnerId: 11 },
    void: false,
    players: [
      {
        userId: 7,
        userName: 'rahul_k',
        isDemo: false,
        bets: 1,
        matchedStake: 1000,
        gross: 1500,
        commission: 30,
        net: 1470,
        exposureReleased: 1000,
      },
      {
        userId: 8,
        userName: 'asha',
        isDemo: false,
        bets: 1,
        matchedStake: 500,
        gross: -400,
        commission: 0,
        net: -400,
        exposureReleased: 400,
      },
      {
        userId: 9,
        userName: 'demo_1',
        isDemo: true,
        bets: 1,
        matchedStake: 100,
        gross: 150,
        commission: 3,
        net: 147,
        exposureReleased: 100,
      },
    ],
    cash: totals({
      players: 2,
      bets: 2,
      matchedStake: 1500,
      paidToPlayers: 1470,
      takenFromPlayers: 400,
      commission: 30,
      houseNet: -1070,
      exposureReleased: 1600,
      lapsedOrders: 1,
      lapsedStake: 200,
    }),
    playMoney: totals({
      players: 1,
      bets: 1,
      matchedStake: 100,
      paidToPlayers: 147,
      commission: 3,
      houseNet: -147,
      exposureReleased: 100,
    }),
  };
}

/** The preview of a void: nobody wins or loses, every stake's exposure is given back. */
export function voidPreview(reason = 'Match abandoned') {
  return {
    ...winnerPreview(),
    result: { kind: 'void', reason },
    void: true,
    players: winnerPreview().players.map((p) => ({ ...p, gross: 0, commission: 0, net: 0 })),
    cash: totals({
      players: 2,
      bets: 2,
      matchedStake: 1500,
      exposureReleased: 1600,
      refunds: 1600,
      lapsedOrders: 1,
      lapsedStake: 200,
    }),
    playMoney: totals({ players: 1, bets: 1, matchedStake: 100, exposureReleased: 100, refunds: 100 }),
  };
}
