import { createHash } from 'node:crypto';
import { paise } from '@backlay/exchange';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { OddsV2 } from '../sports';
import {
  betChangePush,
  ClientInvocationSchema,
  HUB_METHOD_SCHEMAS,
  listPricesPush,
  oddsPush,
  REALTIME_PROTOCOL_VERSION,
  SERVER_PUSH_CODES,
  ServerPushSchema,
  userBalancePush,
  type ClientInvocation,
  type ServerPush,
  type ServerPushCode,
} from './index';

/** Parsed values: money in paise (the wire carries rupees). */
const odds: OddsV2 = {
  eventId: 77,
  version: 10,
  at: '2026-11-21T10:00:00.000Z',
  matchOdds: [
    {
      id: '1.77.1',
      eventId: 77,
      name: 'Match Odds',
      status: 'OPEN',
      inPlay: true,
      betDelayMs: 5000,
      minStake: paise(10_000),
      maxStake: paise(5_000_000),
      maxProfit: paise(25_000_050),
      version: 10,
      type: 'MATCH_ODDS',
      runners: [
        {
          id: 1,
          name: 'Home',
          sortPriority: 0,
          status: 'ACTIVE',
          back: [{ price: 2.02, size: paise(150_025) }],
          lay: [{ price: 2.04, size: paise(80_000) }],
        },
      ],
    },
  ],
  bookmaker: [],
  fancy: [
    {
      id: '1.77.9',
      eventId: 77,
      name: '6 over runs',
      status: 'CLOSED',
      inPlay: true,
      betDelayMs: 0,
      minStake: paise(10_000),
      maxStake: paise(2_500_000),
      maxProfit: paise(10_000_000),
      version: 9,
      result: { kind: 'runs', runs: 52 },
      type: 'FANCY',
      noLine: 50,
      noRate: 100,
      yesLine: 51,
      yesRate: 100,
    },
  ],
  toss: [],
};

/** One push of every kind; the test below fails when a kind joins the union without a sample here. */
const samples: Record<ServerPushCode, ServerPush> = {
  UserBalance: userBalancePush({ Balance: paise(150_050), Exposure: paise(-20_000) }),
  BetChange: betChangePush({
    betId: 41,
    eventId: 77,
    marketId: '1.0000000077001',
    status: 'PARTIALLY_MATCHED',
    matchedStake: paise(30_000),
    unmatchedStake: paise(20_000),
    fills: [{ betId: 42, rate: 2.1, stake: paise(30_000) }],
    message: 'Back India ₹300 matched @ 2.1; ₹200 still unmatched',
  }),
  OddsSnapshot: oddsPush({ kind: 'snapshot', odds }),
  ListPrices: listPricesPush({
    list: 'inplay',
    snapshot: false,
    prices: [
      {
        eventId: 77,
        version: 10,
        marketId: '1.77.1',
        marketName: 'Match Odds',
        status: 'OPEN',
        inPlay: true,
        betDelayMs: 5000,
        minStake: paise(10_000),
        maxStake: paise(5_000_000),
        runners: [
          {
            id: 1,
            name: 'Home',
            status: 'ACTIVE',
            back: { price: 2.02, size: paise(150_025) },
            lay: { price: 2.04, size: paise(80_000) },
          },
          { id: 3, name: 'The Draw', status: 'ACTIVE', back: { price: 3.5, size: paise(20_000) }, lay: null },
          { id: 2, name: 'Away', status: 'SUSPENDED', back: null, lay: null },
        ],
      },
    ],
    removed: [78],
  }),
  OddsChange: oddsPush({
    kind: 'change',
    eventId: 77,
    version: 11,
    prevVersion: 10,
    at: '2026-11-21T10:00:01.000Z',
    matchOdds: odds.matchOdds,
    bookmaker: [],
    fancy: [],
    toss: [],
    event: { status: 'IN_PLAY', matchDate: 'In-Play', score: '2-1' },
  }),
  ScoreCard: oddsPush({
    kind: 'scoreCard',
    scoreCard: {
      sport: 'football',
      eventId: 77,
      home: 'Home',
      away: 'Away',
      homeGoals: 2,
      awayGoals: 1,
      period: 'SECOND_HALF',
      minute: 67,
      goals: [
        { minute: 12, team: 'home' },
        { minute: 40, team: 'away' },
        { minute: 61, team: 'home' },
      ],
      summary: "2-1 67'",
    },
  }),
};

/** What the server does to send a push, and what the client does with what arrives. */
const send = (push: ServerPush) => JSON.stringify(z.encode(ServerPushSchema, push));
const receive = (text: string) => ServerPushSchema.parse(JSON.parse(text));

describe('the realtime protocol: server pushes', () => {
  it('has a sample of every push kind, each under its own Code', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(SERVER_PUSH_CODES).sort());
    for (const [code, push] of Object.entries(samples)) expect(push.Code).toBe(code);
  });

  it.each(Object.entries(samples))('round-trips %s through encode, JSON and parse', (_code, push) => {
    expect(receive(send(push))).toEqual(push);
  });

  it('keeps the wire of the spec: { Code, Data } with the balance in rupees', () => {
    expect(send(samples.UserBalance)).toBe(
      '{"Code":"UserBalance","Data":{"Balance":1500.5,"Exposure":-200}}',
    );
    // The odds messages keep their own `kind` inside Data, as before the union; sizes and limits in rupees.
    expect(JSON.parse(send(samples.OddsChange))).toMatchObject({
      Code: 'OddsChange',
      Data: {
        kind: 'change',
        matchOdds: [
          {
            minStake: 100,
            maxProfit: 250000.5,
            runners: [{ back: [{ price: 2.02, size: 1500.25 }], lay: [{ price: 2.04, size: 800 }] }],
          },
        ],
      },
    });
  });

  it('oddsPush names the Code after the message kind', () => {
    expect(samples.OddsSnapshot.Code).toBe('OddsSnapshot');
    expect(samples.OddsChange.Code).toBe('OddsChange');
    expect(samples.ScoreCard.Code).toBe('ScoreCard');
  });

  it('refuses a malformed push on either side', () => {
    const malformed = [
      { Code: 'UserBalance', Data: { Balance: 1.234, Exposure: 0 } },
      { Code: 'UserBalance', Data: { Balance: '10', Exposure: 0 } },
      { Code: 'UserBalance', Data: { Balance: 10 } },
      { Code: 'OddsChange', Data: { kind: 'snapshot', odds } },
      { Code: 'Unknown', Data: {} },
      { Data: { Balance: 1, Exposure: 0 } },
    ];
    for (const value of malformed) {
      expect(() => z.encode(ServerPushSchema, value as ServerPush)).toThrow();
      expect(ServerPushSchema.safeParse(value).success).toBe(false);
    }
  });
});

describe('the realtime protocol: client invocations', () => {
  const invocations: ClientInvocation[] = [
    {
      target: 'RegisterClient',
      arguments: [{ Browser: 'Chrome', Domain: 'backlay.test', CurrentPage: '/', Token: '' }],
    },
    {
      target: 'SendHeartbeat',
      arguments: [
        { Browser: 'Chrome', Domain: 'backlay.test', CurrentPage: '/markets/77', Token: 't', GroupBy: '77' },
      ],
    },
  ];

  it('covers every hub method', () => {
    expect(invocations.map((i) => i.target).sort()).toEqual(Object.keys(HUB_METHOD_SCHEMAS).sort());
  });

  it.each(invocations.map((i) => [i.target, i] as const))('round-trips %s', (_target, invocation) => {
    const wire = JSON.parse(JSON.stringify(z.encode(ClientInvocationSchema, invocation))) as unknown;
    expect(ClientInvocationSchema.parse(wire)).toEqual(invocation);
  });

  it('refuses a wrong argument, a second argument and an unknown method', () => {
    for (const value of [
      { target: 'RegisterClient', arguments: [{ Browser: 12 }] },
      { target: 'RegisterClient', arguments: [{}, {}] },
      { target: 'SendHeartbeat', arguments: [{ GroupBy: 'bad\nname' }] },
      { target: 'DropTables', arguments: [] },
    ]) {
      expect(ClientInvocationSchema.safeParse(value).success).toBe(false);
    }
  });
});

describe('the realtime protocol version', () => {
  /**
   * The wire shape of both directions, as JSON Schema. When this changes, clients built against
   * the old shape may break: bump REALTIME_PROTOCOL_VERSION and record the new fingerprint.
   */
  const fingerprint = () => {
    const shape = {
      pushes: z.toJSONSchema(ServerPushSchema, { io: 'input', unrepresentable: 'any' }),
      invocations: z.toJSONSchema(ClientInvocationSchema, { io: 'input', unrepresentable: 'any' }),
      results: Object.fromEntries(
        Object.entries(HUB_METHOD_SCHEMAS).map(([name, { result }]) => [
          name,
          z.toJSONSchema(result, { io: 'input', unrepresentable: 'any' }),
        ]),
      ),
    };
    return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 16);
  };

  it('moves with the wire shape', () => {
    expect({ version: REALTIME_PROTOCOL_VERSION, fingerprint: fingerprint() }).toEqual({
      version: 3,
      fingerprint: 'cd9f5d46dbf4a56e',
    });
  });
});
