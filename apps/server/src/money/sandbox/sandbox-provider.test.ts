import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database';
import {
  SandboxProvider,
  signSandboxNotice,
  NOTICE_TOLERANCE_SECONDS,
  type SandboxNotice,
} from './sandbox-provider';

/** The sandbox's notice signature, judged without a database: verifyNotice reads only its input. */
const SECRET = 'sandbox-secret-for-unit-tests-0123456789';
const provider = new SandboxProvider({} as Db, SECRET, { warn: () => undefined });
const NOW = new Date('2030-01-01T10:00:00Z');
const NOTICE: SandboxNotice = {
  noticeId: 'ntc_0123456789abcdef',
  orderId: 'BL0123456789ABCDEF',
  status: 'Success',
  amountPaise: 50_000,
  utr: '123456789012',
  sentAt: NOW.toISOString(),
};
const verify = (n: { headers: Record<string, string>; body: string }, now = NOW) =>
  provider.verifyNotice(n.headers, Buffer.from(n.body), now);

describe('sandbox notices', () => {
  it('a notice signed with the secret is taken, with its id and state', () => {
    expect(verify(signSandboxNotice(SECRET, NOTICE, NOW))).toEqual({
      ok: true,
      noticeId: NOTICE.noticeId,
      state: { orderId: NOTICE.orderId, status: 'Success', amountPaise: 50_000, utr: '123456789012' },
    });
  });

  it('another secret, a changed byte, a missing or malformed header is a bad signature', () => {
    expect(verify(signSandboxNotice('another-secret-0123456789abcdefghijkl', NOTICE, NOW))).toEqual({
      ok: false,
      reason: 'signature',
    });
    const good = signSandboxNotice(SECRET, NOTICE, NOW);
    expect(verify({ ...good, body: good.body.replace('50000', '50001') })).toMatchObject({
      reason: 'signature',
    });
    expect(verify({ ...good, body: `${good.body} ` })).toMatchObject({ reason: 'signature' });
    expect(verify({ headers: {}, body: good.body })).toMatchObject({ reason: 'signature' });
    const header = good.headers['x-sandbox-signature'] ?? '';
    for (const bad of [
      header.toUpperCase(),
      header.replace(/v1=.{2}/, 'v1=zz'),
      `${header},v1=00`,
      't=1,v1=ab',
    ]) {
      expect(verify({ headers: { 'x-sandbox-signature': bad }, body: good.body })).toMatchObject({
        reason: 'signature',
      });
    }
    // The signed time is part of what is signed: moving it breaks the signature.
    const t = Number(/t=(\d+)/.exec(header)?.[1]);
    const moved = header.replace(`t=${t}`, `t=${t + 1}`);
    expect(verify({ headers: { 'x-sandbox-signature': moved }, body: good.body })).toMatchObject({
      reason: 'signature',
    });
  });

  it('a notice signed longer ago (or later) than the tolerance is stale', () => {
    const n = signSandboxNotice(SECRET, NOTICE, NOW);
    const late = new Date(NOW.getTime() + (NOTICE_TOLERANCE_SECONDS + 1) * 1000);
    const early = new Date(NOW.getTime() - (NOTICE_TOLERANCE_SECONDS + 1) * 1000);
    expect(verify(n, late)).toEqual({ ok: false, reason: 'stale' });
    expect(verify(n, early)).toEqual({ ok: false, reason: 'stale' });
    expect(verify(n, new Date(NOW.getTime() + (NOTICE_TOLERANCE_SECONDS - 1) * 1000)).ok).toBe(true);
  });

  it('a signed body that is not a notice is malformed', () => {
    for (const body of [
      { ...NOTICE, status: 'Paid' },
      { ...NOTICE, amountPaise: 0 },
      { ...NOTICE, amountPaise: 10.5 },
      { ...NOTICE, utr: '12345' },
      { ...NOTICE, noticeId: 'x' },
      { hello: 'world' },
    ]) {
      expect(verify(signSandboxNotice(SECRET, body as SandboxNotice, NOW))).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
    const t = Math.floor(NOW.getTime() / 1000);
    const raw = 'not json';
    const v1 = createHmac('sha256', SECRET).update(`${t}.${raw}`).digest('hex');
    expect(verify({ headers: { 'x-sandbox-signature': `t=${t},v1=${v1}` }, body: raw })).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});
