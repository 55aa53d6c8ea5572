import { readFileSync } from 'node:fs';
import { CASINO_PROVIDERS, ERRORS, type ErrorCode } from '@backlay/contract';
import { bookmakerMarket, fancyMarket, matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Backend, type TestContext } from './harness';
import { CHROME_UA, nextIp, PASSWORD, uniqueMobile, uniqueName } from './helpers';
import { operatorToken } from './operator-helpers';

/*
 * Every route of the published OpenAPI document, fed generated bad input (NUL characters, huge and
 * strange text, wrong types, negative, fractional and huge numbers, arrays and objects where a
 * scalar belongs, broken JSON, hostile headers), with no credentials, a player's token, the
 * operator's key or a forged token. Whatever comes in, the answer is the envelope with a status
 * below 500: a bad input is the caller's mistake and is told so, never a server fault.
 *
 * Seeded, so a run is repeatable: FUZZ_SEED and FUZZ_RUNS (per route) change them; a failure prints
 * the seed and the path fast-check needs to replay it. FUZZ_BACKEND=postgres runs it on PostgreSQL.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_251_111);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** PGlite by default; FUZZ_BACKEND=postgres (with DATABASE_URL) runs it on PostgreSQL. */
const BACKEND: Backend = process.env.FUZZ_BACKEND === 'postgres' ? 'postgres' : 'pglite';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
}

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  query: { name: string; schema: JsonSchema; required: boolean }[];
  body: JsonSchema | null;
  auth: 'none' | 'user' | 'optional' | 'operator';
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        security?: Record<string, unknown>[];
      }
    >
  >;
}

function operations(): Operation[] {
  const doc = JSON.parse(
    readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
  ) as OpenApiDocument;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const security = (op.security ?? []).flatMap((s) => Object.keys(s));
      const optional = (op.security ?? []).some((s) => Object.keys(s).length === 0);
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        query: (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: p.required === true })),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        // Operator routes: an operator's bearer token (older documents named the retired key too).
        auth:
          security.includes('operatorBearer') || security.includes('adminKey')
            ? 'operator'
            : security.includes('bearer')
              ? optional
                ? 'optional'
                : 'user'
              : 'none',
      });
    }
  }
  // Served beside the API but outside the document: the settings file and the hub's negotiate.
  ops.push({ method: 'GET', path: '/cdn/settings/{file}', query: [], body: null, auth: 'none' });
  ops.push({ method: 'POST', path: '/notify/negotiate', query: [], body: null, auth: 'optional' });
  return ops;
}

// ----- bad values -----

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  'test\u0000.json',
  '%00',
  '',
  ' ',
  '\t\n',
  "' OR 1=1 --",
  "x'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '-1',
  '0',
  '1.5',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999999',
  '0x10',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\u202etxt.exe',
  '\ufeff1',
  '\ud800',
  '\udfff\ud800',
  '💥🏏',
  'नमस्ते',
  'Ω≈ç√',
  '\u0085\u2028\u2029',
];

const hugeText = fc
  .tuple(fc.constantFrom('x', '9', 'é', '\u0000', '💥', '%'), fc.integer({ min: 254, max: 12_000 }))
  .map(([c, n]) => c.repeat(n));

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeText },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
      .map(([a, b]) => `${a}\u0000${b}`),
  },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    1e-9,
    0.001,
    0.5,
    1.005,
    2 ** 31,
    -(2 ** 31),
    2 ** 31 - 1,
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(hostileString, fc.oneof(hostileString, hostileNumber), { maxKeys: 3 }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 10, max: 2_000 }).map((depth) => {
      let v: unknown = 1;
      for (let i = 0; i < depth; i++) v = [v];
      return v;
    }),
  },
);

// ----- plausible values, so the bad ones reach past the first check -----

interface World {
  marketIds: string[];
  eventIds: number[];
  runnerIds: number[];
  userIds: number[];
}

/** Good values by field name: real markets, events and players of this app. */
function hints(world: World): Record<string, fc.Arbitrary<unknown>> {
  return {
    marketId: fc.constantFrom(...world.marketIds),
    eventId: fc.constantFrom(...world.eventIds),
    runnerId: fc.constantFrom(...world.runnerIds),
    userId: fc.constantFrom(...world.userIds),
    id: fc.integer({ min: 1, max: 20 }),
    rate: fc.constantFrom(2, 1.98, 1.8, 3, 90, 100),
    stake: fc.constantFrom(100, 500, 1000),
    amount: fc.constantFrom(1, 100, 2500.5),
    fancyValue: fc.constantFrom(50, 51),
    runs: fc.constantFrom(0, 50, 60),
    type: fc.constantFrom(1, 2, 3, 4),
    requestId: fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/),
    reference: fc.stringMatching(/^[a-z0-9]{8,16}$/),
    reason: fc.constantFrom('fuzz test', 'abandoned'),
    userName: fc.constant(uniqueName('fz')),
    userNameOrEmailAddress: fc.constant('nobody_here'),
    mobile: fc.constant(uniqueMobile()),
    password: fc.constant(PASSWORD),
    currentPassword: fc.constant('Wrong@1234'),
    newPassword: fc.constant('Newer@456'),
    confirmPassword: fc.constant('Newer@456'),
    otp: fc.constant('123456'),
    domain: fc.constantFrom('test', 'localhost'),
    title: fc.constantFrom('100', '1k'),
    value: fc.constantFrom(100, 1000),
  };
}

function fromSchema(schema: JsonSchema, name: string, world: World, depth = 0): fc.Arbitrary<unknown> {
  const hint = hints(world)[name];
  if (hint && depth > 0) return hint;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, name, world, depth)));
  if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], name, world, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      return fc.record(Object.fromEntries(props.map(([k, s]) => [k, fromSchema(s, k, world, depth + 1)])), {
        requiredKeys: schema.required ?? [],
      });
    }
    case 'array': {
      const length = Math.min(schema.minItems ?? 1, 16);
      return fc.array(fromSchema(schema.items ?? {}, name, world, depth + 1), {
        minLength: length,
        maxLength: length,
      });
    }
    case 'string':
      if (schema.format === 'date-time') {
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      }
      return fc.stringMatching(/^[a-z0-9]{3,12}$/);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? 0, -1_000),
        max: Math.min(schema.maximum ?? 1_000, 1_000_000),
      });
    case 'number':
      return fc.integer({ min: 1, max: 1_000 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** Every path into a JSON value (object keys and array indexes), the root included. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (prefix.length > 8) return out;
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(root) ? [...(root as unknown[])] : { ...(root as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

/** A plausible body with one to three of its fields (or the whole of it) replaced by bad values. */
function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      base,
      fc.array(fc.tuple(fc.nat(), hostileValue, fc.oneof(fc.constant(null), hostileString)), {
        minLength: 0,
        maxLength: 3,
      }),
    )
    .map(([value, edits]) => {
      let out = value;
      for (const [pick, bad, newKey] of edits) {
        const paths = pathsOf(out);
        const path = paths[pick % paths.length] ?? [];
        const target = newKey !== null && path.length === 0 ? [newKey] : path;
        out = typeof out === 'object' && out !== null ? setAt(out, target, bad) : bad;
      }
      return out;
    });
}

const RAW_BODIES: { payload: string; contentType?: string }[] = [
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: '{"userName":"a\\u0000b","marketId":"1\\u0000"}', contentType: 'application/json' },
  { payload: '{"amount":1e999,"stake":-1e999}', contentType: 'application/json' },
  { payload: '\ufeff{"a":1}', contentType: 'application/json' },
  { payload: '['.repeat(5_000) + ']'.repeat(5_000), contentType: 'application/json' },
  { payload: `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`, contentType: 'application/json' },
  {
    payload: `${'{"a":'.repeat(30_000)}{"__proto__":1}${'}'.repeat(30_000)}`,
    contentType: 'application/json',
  },
  {
    payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
    contentType: 'application/json',
  },
  { payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
  { payload: '\u0000\u0000', contentType: 'text/plain' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { payload: '{"a":1}', contentType: 'multipart/form-data; boundary=x' },
  { payload: '{"a":1}' },
];

const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('host', 'origin', 'user-agent', 'x-forwarded-for', 'accept', 'cookie'),
        hostileString,
      )
      .map(([name, value]) => ({ [name]: value })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { host: 'unknown.example.org' },
      { host: '[::1]:8080' },
      { host: 'a'.repeat(300) },
      { origin: 'null' },
      { origin: 'http://[::1' },
      { 'x-forwarded-for': '300.1.1.1, ::ffff:zz' },
    ),
  },
);

/** Percent-encoded UTF-8 as a client sends it (a lone surrogate goes as U+FFFD, as a browser's would). */
const encode = (text: string) =>
  encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

/** Query text no encoder makes: broken escapes, bytes that are not UTF-8, an encoded NUL. */
const RAW_QUERIES = ['&%', '&a=%E0%A4%A', '&a=%FF%FE', '&%00=%00', '&a[b]=1&a[c]=2', '&==&&=', '&a=%2500'];
/** Paths the router itself must refuse with the envelope: broken escapes, a NUL, a huge segment. */
const RAW_SUFFIXES = ['%', '%E0%A4%A', '%00', '/%FF', `/${'x'.repeat(300)}`];

type AuthKind = 'none' | 'user' | 'operator' | 'forged' | 'both';

interface Case {
  auth: AuthKind;
  query: Record<string, string | string[]> | null;
  body: { json: unknown } | { raw: { payload: string; contentType?: string } } | null;
  pathParam: string;
  rawQuery: string;
  pathSuffix: string;
  headers: Record<string, string>;
}

function caseOf(op: Operation, world: World): fc.Arbitrary<Case> {
  const queryArb: fc.Arbitrary<Record<string, string | string[]> | null> = fc
    .tuple(
      ...op.query.map((p) =>
        fc.oneof(
          fc.constant(undefined),
          fromSchema(p.schema, p.name, world, 1).map((v) => String(v)),
          hostileString,
          fc.array(hostileString, { minLength: 2, maxLength: 3 }),
        ),
      ),
      fc.option(fc.tuple(hostileString, hostileString)),
    )
    .map((values) => {
      const extra = values.pop() as [string, string] | null;
      const q: Record<string, string | string[]> = {};
      op.query.forEach((p, i) => {
        const v = values[i] as string | string[] | undefined;
        if (v !== undefined) q[p.name] = v;
      });
      if (extra) q[extra[0]] = extra[1];
      return Object.keys(q).length ? q : null;
    });
  const bodyArb: fc.Arbitrary<Case['body']> = op.body
    ? fc.oneof(
        { weight: 8, arbitrary: mutated(fromSchema(op.body, '', world)).map((json) => ({ json })) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ raw })) },
        { weight: 1, arbitrary: fc.constant(null) },
      )
    : fc.oneof(
        { weight: 5, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: hostileValue.map((json) => ({ json })) },
      );
  return fc.record({
    auth: fc.constantFrom<AuthKind>('none', 'user', 'operator', 'forged', 'both'),
    query: queryArb,
    body: bodyArb,
    pathParam: fc.oneof(fc.constantFrom('test.json', 'localhost.json', 'x.json'), hostileString),
    rawQuery: fc.oneof(
      { weight: 8, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
    ),
    pathSuffix: fc.oneof(
      { weight: 12, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_SUFFIXES) },
    ),
    headers: hostileHeaders,
  });
}

describe('fuzz: bad input to every route answers the envelope, never a 5xx', () => {
  let ctx: TestContext;
  const feed = new TestFeed();
  const world: World = { marketIds: [], eventIds: [], runnerIds: [11, 12, 13, 999], userIds: [] };
  let playerToken = '';
  let forgedToken = '';

  beforeAll(async () => {
    const runners = [
      { id: 11, name: 'India', back: [2.0, 1.98], lay: [1.8, 1.82] },
      { id: 12, name: 'Australia', back: [3.0], lay: [3.1] },
      { id: 13, name: 'Draw', back: [4.0], lay: [4.2] },
    ];
    feed.setMarket(matchOddsMarket({ id: '1.101', eventId: 901, runners }));
    feed.setMarket(
      bookmakerMarket({
        id: '3.102',
        eventId: 901,
        runners: [
          { id: 11, name: 'India', back: [90], lay: [95] },
          { id: 12, name: 'Australia', back: [105], lay: [110] },
        ],
      }),
    );
    feed.setMarket(
      fancyMarket({ id: '9.103', eventId: 902, noLine: 50, noRate: 100, yesLine: 51, yesRate: 100 }),
    );
    feed.setMarket(matchOddsMarket({ id: '1.104', eventId: 903, inPlay: true, runners }));
    world.marketIds.push('1.101', '3.102', '9.103', '1.104', '1.999', '');
    world.eventIds.push(901, 902, 903, 999_999);
    // Every casino provider answers its list (a provider that cannot is a 503 by design, tested in
    // casino-lobby.test.ts): the lobby's calls are fuzzed through to their answer.
    const casinoProviders = Object.fromEntries(
      CASINO_PROVIDERS.map((id) => [
        id,
        {
          id,
          host: `http://games.test/${id}`,
          games: async () => [
            {
              id: `${id}-dice`,
              code: 'dice',
              name: 'Dice',
              provider: id,
              category: 'Instant Games',
              imageURL: `http://games.test/${id}/art/dice.svg`,
              url: `http://games.test/${id}/launch`,
            },
          ],
        },
      ]),
    );
    ctx = await createTestApp(
      BACKEND,
      { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' },
      { feed, casinoProviders },
    );
    const demo = await ctx.app.inject({ url: '/Account/LoginAsDemoUser', remoteAddress: nextIp() });
    if (demo.statusCode !== 200) throw new Error(`demo sign-in failed: ${demo.body}`);
    playerToken = demo.json<{ result: { accessToken: string } }>().result.accessToken;
    const [header, payload] = playerToken.split('.');
    forgedToken = `${header}.${payload}.${'A'.repeat(43)}`;
    const sub = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { sub: string };
    world.userIds.push(Number(sub.sub), 999_999, -1);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  async function send(op: Operation, c: Case) {
    const headers: Record<string, string> = { 'user-agent': CHROME_UA, ...c.headers };
    if (c.auth === 'user' || c.auth === 'both') headers.authorization = `Bearer ${playerToken}`;
    if (c.auth === 'forged') headers.authorization = `Bearer ${forgedToken}`;
    // The owner reaches every operator route; its token is kept between cases (operatorToken).
    if (c.auth === 'operator') headers.authorization = `Bearer ${await operatorToken(ctx.app, 'owner')}`;
    // A player's token beside the retired shared key, which opens nothing.
    if (c.auth === 'both') headers['x-admin-key'] = 'retired-operator-key-0123456789';
    let payload: string | undefined;
    if (c.body && 'raw' in c.body) {
      payload = c.body.raw.payload;
      if (c.body.raw.contentType) headers['content-type'] = c.body.raw.contentType;
    } else if (c.body) {
      payload = JSON.stringify(c.body.json);
      headers['content-type'] = 'application/json';
    }
    const query = c.query
      ? Object.entries(c.query)
          .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((one) => `${encode(k)}=${encode(one)}`))
          .join('&')
      : '';
    const search = `${query}${c.rawQuery}`.replace(/^&/, '');
    const path = op.path.replace('{file}', encode(c.pathParam)) + c.pathSuffix;
    const url = `${path}${search ? `?${search}` : ''}`;
    return ctx.app.inject({
      method: op.method,
      url,
      ...(payload !== undefined ? { payload } : {}),
      headers,
      remoteAddress: nextIp(),
    });
  }

  const ops = operations();

  it('reads the routes of docs/openapi.json', () => {
    expect(ops.length).toBeGreaterThan(30);
  });

  it.each(ops.map((op, i) => [`${op.method} ${op.path}`, op, i] as const))(
    '%s',
    async (_name, op, index) => {
      await fc.assert(
        fc.asyncProperty(caseOf(op, world), async (c) => {
          const res = await send(op, c);
          const where = `${op.method} ${op.path} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          expect(res.headers['content-type'], where).toMatch(/^application\/json/);
          const body = res.json<{ success: unknown; result: unknown; error: unknown }>();
          if (res.statusCode >= 400) {
            const error = body.error as { code: string; message: string };
            expect(body.success, where).toBe(false);
            expect(body.result, where).toBeNull();
            expect(typeof error.message, where).toBe('string');
            expect(error.message.length, where).toBeGreaterThan(5);
            expect(ERRORS[error.code as ErrorCode]?.status, where).toBe(res.statusCode);
          } else if (!op.path.startsWith('/notify')) {
            // The hub's negotiate answers SignalR's own shape; every other success is the envelope.
            expect(body.success, where).toBe(true);
          }
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      );
    },
    120_000,
  );
});
