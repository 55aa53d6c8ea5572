import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { backends, createTestApp, testConfig, type TestContext } from './harness';
import { authenticate, expectRefused, uniqueName } from './helpers';

/**
 * Behind a proxy the client's address is the right-most X-Forwarded-For hop the trusted proxies
 * did not add. A client writes what it likes on the left; believing it would let anyone choose
 * their own address and step around every per-address limit.
 */
describe.each(backends)('trusted proxies (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a client cannot escape the sign-in limit by writing its own X-Forwarded-For', async () => {
    const proxy = '10.0.0.5';
    // The proxy appends the address it saw (203.0.113.7); the client forged the rest.
    const signIn = (i: number) =>
      authenticate(ctx.app, uniqueName('proxy'), 'Guess@123', {
        ip: proxy,
        headers: { 'x-forwarded-for': `198.18.${i}.1, 203.0.113.7` },
      });
    for (let i = 0; i < 20; i++) expectRefused(await signIn(i), 401, 'INVALID_CREDENTIALS');
    expectRefused(await signIn(20), 429, 'RATE_LIMITED');
  });

  it('another real client behind the same proxy is not limited', async () => {
    const answer = await authenticate(ctx.app, uniqueName('proxy'), 'Guess@123', {
      ip: '10.0.0.5',
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expectRefused(answer, 401, 'INVALID_CREDENTIALS');
  });
});

describe('TRUST_PROXY settings', () => {
  it('reads off, a number of hops, and proxy addresses; refuses anything else', () => {
    expect(testConfig({}).TRUST_PROXY).toBe(false);
    expect(testConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(testConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(testConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(testConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
    ]);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: 'everyone' }),
    ).toThrow(/TRUST_PROXY/);
  });
});
