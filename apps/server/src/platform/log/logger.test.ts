import { describe, expect, it } from 'vitest';
import { startBanner } from './banner';
import { prettyLine, resolveLogFormat } from './logger';

describe('log format', () => {
  it('is pretty on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('prettyLine', () => {
  const at = new Date(2026, 0, 2, 9, 5, 7).getTime();

  it('writes time, level, message and the fields that matter, without pid, host or request id', () => {
    const json = JSON.stringify({
      level: 30,
      time: at,
      pid: 1,
      hostname: 'vm',
      reqId: 'req-1',
      fixtures: 33,
      where: 'a b',
      msg: 'stored a new feed world',
    });
    expect(prettyLine(json)).toBe('09:05:07 INFO  stored a new feed world fixtures=33 where="a b"');
  });

  it('a request line says method, path, status and code once, with its time', () => {
    const json = JSON.stringify({
      level: 30,
      time: at,
      method: 'POST',
      path: '/Account/Authenticate',
      status: 401,
      code: 'INVALID_CREDENTIALS',
      ms: 12,
      msg: 'POST /Account/Authenticate 401 INVALID_CREDENTIALS',
    });
    expect(prettyLine(json)).toBe('09:05:07 INFO  POST /Account/Authenticate 401 INVALID_CREDENTIALS ms=12');
  });

  it('an error shows its message and, at error level, its stack below', () => {
    const json = JSON.stringify({
      level: 50,
      time: at,
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at f (a.ts:1:1)\n    at g (b.ts:2:2)' },
      msg: 'request failed',
    });
    expect(prettyLine(json)).toBe(
      '09:05:07 ERROR request failed — boom\n    at f (a.ts:1:1)\n    at g (b.ts:2:2)',
    );
  });

  it('colours only when asked, and passes a line that is not JSON through', () => {
    const json = JSON.stringify({ level: 40, time: at, msg: 'careful' });
    expect(prettyLine(json, true)).toContain('\x1b[33mWARN \x1b[0m');
    expect(prettyLine(json)).not.toContain('\x1b');
    expect(prettyLine('plain text\n')).toBe('plain text');
  });
});

describe('startBanner', () => {
  it('in development says how to sign in as the demo user and where a new player’s code is', () => {
    const text = startBanner({
      url: 'http://localhost:8080',
      storage: 'PGlite in ./data',
      apiDocs: true,
      devHints: true,
      logFormat: 'pretty',
    }).join('\n');
    expect(text).toContain('Backlay is running at http://localhost:8080');
    expect(text).toContain('"Login as demo user"');
    expect(text).toContain('http://localhost:8080/dev/otp-outbox?mobile=<their mobile number>');
    expect(text).toContain('http://localhost:8080/docs');
  });

  it('in production gives no development hints', () => {
    const text = startBanner({
      url: 'http://localhost:8080',
      storage: 'PostgreSQL',
      apiDocs: false,
      devHints: false,
      logFormat: 'json',
    }).join('\n');
    expect(text).not.toContain('otp-outbox');
    expect(text).not.toContain('/docs');
  });
});
